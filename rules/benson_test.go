package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ownerString draws an ownership map (indexed by Point) in the format of
// Board.String: X Black, O White, . nobody.
func ownerString(b *Board, owner []Color) string {
	var sb strings.Builder
	for y := b.Size - 1; y >= 0; y-- {
		for x := 0; x < b.Size; x++ {
			if x > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(map[Color]string{Empty: ".", Black: "X", White: "O"}[owner[b.At(x, y)]])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// normalize redraws a diagram in the format of Board.String without
// checking that it is a legal position (ownership maps need not be).
func normalize(diagram string) string {
	var rows []string
	for _, line := range strings.Split(diagram, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			rows = append(rows, strings.Join(strings.Split(strings.Join(f, ""), ""), " "))
		}
	}
	return strings.Join(rows, "\n") + "\n"
}

// swapColors exchanges X and O in a diagram.
func swapColors(diagram string) string {
	return strings.NewReplacer("X", "O", "O", "X").Replace(diagram)
}

func TestPassAlive(t *testing.T) {
	tests := []struct {
		name, diagram, want string
	}{
		{"empty board", `
			. . . . .
			. . . . .
			. . . . .
			. . . . .
			. . . . .`, `
			. . . . .
			. . . . .
			. . . . .
			. . . . .
			. . . . .`},
		{"lone stone", `
			. . .
			. X .
			. . .`, `
			. . .
			. . .
			. . .`},
		// A5 and C5 are two eyes; White's wall has no eye at all
		{"two eyes", `
			. X . X O
			X X X X O
			O O O O O
			. . . . .
			. . . . .`, `
			X X X X .
			X X X X .
			. . . . .
			. . . . .
			. . . . .`},
		{"one eye", `
			. X X X O
			X X X X O
			O O O O O
			. . . . .
			. . . . .`, `
			. . . . .
			. . . . .
			. . . . .
			. . . . .
			. . . . .`},
		{"one eye of two points", `
			. . X X O
			X X X X O
			O O O O O
			. . . . .
			. . . . .`, `
			. . . . .
			. . . . .
			. . . . .
			. . . . .
			. . . . .`},
		// D7 touches the left chain (eye A7) and the right chain, which
		// has no other eye: White can capture the right chain at D7, then
		// the left one has a single eye
		{"false eye", `
			. X X . X X X
			X X O X X X X
			O O O O O O O
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`, `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`},
		// the same with an eye at F7 for the right chain: D7 is vital to
		// both chains, which have two eyes each
		{"shared eye", `
			. X X . X . X
			X X O X X X X
			O O O O O O O
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`, `
			X X X X X X X
			X X . X X X X
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`},
		// an eye holding an enemy stone: both empty points are liberties,
		// so the eye is vital and the stone in it unconditionally dead
		{"enemy stone in an eye", `
			. O . X X . X
			X X X X X X X
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`, `
			X X X X X X X
			X X X X X X X
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`},
		// A7 is not a liberty of the Black chain: the top-left area is not
		// vital, so the White stones there are not settled, while the chain
		// lives on its eyes E7 and G7
		{"enemy stones in a larger area", `
			. O . X . X .
			O . . X X X X
			X X X X . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`, `
			. . . X X X X
			. . . X X X X
			X X X X . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`},
		// a big corner group with six one-point eyes
		{"corner group with many eyes", `
			. X . X . X O . .
			X X X X X X O . .
			. X . X X O O . .
			X X X X O O . . .
			. X X O O . . . .
			X X O O . . . . .
			O O O . . . . . .
			. . . . . . . . .
			. . . . . . . . .`, `
			X X X X X X . . .
			X X X X X X . . .
			X X X X X . . . .
			X X X X . . . . .
			X X X . . . . . .
			X X . . . . . . .
			. . . . . . . . .
			. . . . . . . . .
			. . . . . . . . .`},
		// neither seki chain is pass-alive; Black's outer chain is, on its
		// eyes A4 and A2
		{"seki with eyes", sekiDiagram, `
			. . . . . . .
			. . . . . . .
			X X . . . . .
			X X X . . . .
			X X . . . . .
			X X X . . . .
			X X X . . . .`},
		{"seki without eyes", sekiNoEyesDiagram, `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .`},
		// both sides alive with three eyes each; the dame C1 is nobody's
		{"both alive", `
			. X O . O
			X X O O O
			. X O . O
			X X O O O
			. X . O .`, `
			X X O O O
			X X O O O
			X X O O O
			X X O O O
			X X . O O`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := MustDiagram(tt.diagram)
			assert.Equal(t, normalize(tt.want), ownerString(b, PassAlive(b)))
			// the colour-swapped position gives the colour-swapped answer
			b = MustDiagram(swapColors(tt.diagram))
			assert.Equal(t, normalize(swapColors(tt.want)), ownerString(b, PassAlive(b)), "colours swapped")
		})
	}
}

// endOfPlayout plays random moves (never filling one-point eyes) until both
// sides pass.
func endOfPlayout(size int, rng *Rand) *Board {
	b, err := NewBoard(size)
	if err != nil {
		panic(err)
	}
	b.LightPlayout(rng, 10*size*size)
	return b
}

// settled tells whether every empty point is surrounded by one colour and
// every chain has two liberties: then each chain has two one-point eyes.
func settled(b *Board) bool {
	for _, p := range b.Points() {
		switch b.Color(p) {
		case Empty:
			var seen Color
			for _, d := range b.Neighbors() {
				if c := b.Color(p + Point(d)); c != Border {
					seen |= c
				}
			}
			if seen != Black && seen != White {
				return false
			}
		default:
			if b.Liberties(p) < 2 {
				return false
			}
		}
	}
	return true
}

// At the end of a random playout every chain lives on one-point eyes, and
// Benson's algorithm settles the whole board (except, rarely, where the
// game ended on a ko capture).
func TestPassAliveEndOfPlayout(t *testing.T) {
	rng := NewRand(11)
	games, checked := 400, 0
	if testing.Short() {
		games = 40
	}
	for i := 0; i < games; i++ {
		size := 5 + rng.Intn(15)
		b := endOfPlayout(size, rng)
		if !settled(b) {
			continue
		}
		checked++
		owner := PassAlive(b)
		for _, p := range b.Points() {
			want := b.Color(p)
			if want == Empty {
				want = b.Color(p + Point(b.Neighbors()[0]))
				if want == Border {
					want = b.Color(p + Point(b.Neighbors()[1]))
				}
			}
			require.Equal(t, want, owner[p], "game %d at %s\n%s", i, b.Vertex(p), b)
		}
	}
	t.Logf("%d of %d playouts ended settled", checked, games)
	require.Greater(t, checked, games*9/10, "most playouts end settled")
}

// randomPosition is the end of a playout with some stones taken away, or a
// position after a random number of moves: positions with living groups,
// dead ones and unsettled ones.
func randomPosition(size int, rng *Rand) *Board {
	if rng.Intn(3) == 0 {
		b, _ := NewBoard(size)
		for m := rng.Intn(2 * size * size); m > 0 && b.Passes() < 2; m-- {
			b.RandomMove(b.ToMove(), rng)
		}
		return b
	}
	b := endOfPlayout(size, rng)
	frac := rng.Intn(4)
	for _, p := range b.Points() {
		if b.Color(p) != Empty && rng.Intn(12) < frac {
			// removing a stone always leaves a legal position
			if err := b.SetStones([]Move{{Color: Empty, Point: p}}); err != nil {
				panic(err)
			}
		}
	}
	return b
}

// Soundness: whatever the opponent plays while the owner only passes,
// pass-alive stones are never captured, and what a colour owns stays owned
// (opponent moves cannot undo unconditional life).
func TestPassAliveSoundness(t *testing.T) {
	rng := NewRand(12)
	positions := 300
	if testing.Short() {
		positions = 30
	}
	var legal []Point
	aliveSeen, territorySeen := 0, 0
	for i := 0; i < positions; i++ {
		size := 5 + rng.Intn(6)
		start := randomPosition(size, rng)
		owner := PassAlive(start)
		for _, c := range []Color{Black, White} {
			opp := c.Opponent()
			b := &Board{}
			b.CopyFrom(start)
			for m := 0; m < 3*size*size; m++ {
				legal = legal[:0]
				for j := 0; j < b.EmptyCount(); j++ {
					if p := b.EmptyAt(j); b.LegalEmpty(p, opp) {
						legal = append(legal, p)
					}
				}
				if len(legal) == 0 {
					break
				}
				b.PlayLegal(legal[rng.Intn(len(legal))], opp)
			}
			after := PassAlive(b)
			for _, p := range start.Points() {
				if owner[p] != c {
					continue
				}
				where := fmt.Sprintf("position %d, %v passes, %s\n%s\nafter\n%s", i, c, start.Vertex(p), start, b)
				if start.Color(p) == c {
					aliveSeen++
					require.Equal(t, c, b.Color(p), "pass-alive stone captured: "+where)
				} else {
					territorySeen++
				}
				require.Equal(t, c, after[p], "ownership lost: "+where)
			}
		}
	}
	t.Logf("%d pass-alive stones and %d territory points checked", aliveSeen, territorySeen)
	require.Positive(t, aliveSeen)
	require.Positive(t, territorySeen)
}

// Run separately, the two colours never claim the same point (a stone is
// claimed by its own colour or, dead, by the other), PassAlive is their
// union, and it leaves the board unchanged.
func TestPassAliveConsistent(t *testing.T) {
	rng := NewRand(13)
	for i := 0; i < 300; i++ {
		b := randomPosition(5+rng.Intn(10), rng)
		before, hash := b.String(), b.Hash()
		var w bensonWork
		black, white := make([]Color, b.Len), make([]Color, b.Len)
		w.run(b, Black, black)
		w.run(b, White, white)
		owner := PassAlive(b)
		for _, p := range b.Points() {
			require.False(t, black[p] != Empty && white[p] != Empty, "both claim %s\n%s", b.Vertex(p), b)
			require.Equal(t, black[p]|white[p], owner[p])
		}
		require.Equal(t, before, b.String())
		require.Equal(t, hash, b.Hash())
	}
}

func BenchmarkPassAlive19(bm *testing.B) {
	b := endOfPlayout(19, NewRand(1))
	bm.ReportAllocs()
	for bm.Loop() {
		PassAlive(b)
	}
}
