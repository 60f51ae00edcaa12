package rules

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// compareWithRef checks the board against the reference: every point's
// colour, every stone's chain size and liberty count (and the atari point of
// one-liberty chains), captures and hash; with checkLegal also the legality
// of every empty point for both colours.
func compareWithRef(t *testing.T, b *Board, r *refBoard, checkLegal bool, where string) {
	t.Helper()
	for x := 0; x < r.n; x++ {
		for y := 0; y < r.n; y++ {
			p := b.At(x, y)
			want := r.at(x, y)
			if b.Color(p) != want {
				t.Fatalf("%s: colour at %s is %v, reference %v\n%s", where, b.Vertex(p), b.Color(p), want, b)
			}
			if want != Empty {
				stones, libs := r.chain(r.grid, x*r.n+y)
				if b.Liberties(p) != libs || b.ChainSize(p) != len(stones) {
					t.Fatalf("%s: chain at %s has %d stones %d liberties, reference %d and %d\n%s",
						where, b.Vertex(p), b.ChainSize(p), b.Liberties(p), len(stones), libs, b)
				}
				if libs == 1 {
					a := b.AtariPoint(p)
					ax, ay := b.XY(a)
					if !b.OnBoard(a) || r.at(ax, ay) != Empty {
						t.Fatalf("%s: atari point of %s is %d, not an empty point", where, b.Vertex(p), a)
					}
				}
			}
		}
	}
	for x := 0; checkLegal && x < r.n; x++ {
		for y := 0; y < r.n; y++ {
			if r.at(x, y) != Empty {
				continue
			}
			p := b.At(x, y)
			for _, c := range []Color{Black, White} {
				_, _, _, refOK := r.try(x, y, c)
				if got := b.Legal(p, c); got != refOK {
					t.Fatalf("%s: legality of %v at %s is %v, reference %v\n%s", where, c, b.Vertex(p), got, refOK, b)
				}
			}
		}
	}
	if b.Captures(Black) != r.captures[Black] || b.Captures(White) != r.captures[White] {
		t.Fatalf("%s: captures %d/%d, reference %d/%d", where, b.Captures(Black), b.Captures(White), r.captures[Black], r.captures[White])
	}
	if b.Hash() != r.hash(b.Geometry) {
		t.Fatalf("%s: hash differs from the reference", where)
	}
}

// randomGame plays one game on b and the reference side by side: mostly
// moves that avoid own eyes, sometimes any legal move (so large chains get
// captured), sometimes a pass. It returns the number of moves played.
func randomGame(t *testing.T, size int, suicide bool, rng *Rand, legalEvery int) int {
	b, err := NewBoard(size)
	require.NoError(t, err)
	b.SetAllowSuicide(suicide)
	r := newRef(size)
	r.suicide = suicide
	c := Black
	var legal []Point
	maxMoves := 3 * size * size
	moves := 0
	for ; moves < maxMoves && b.Passes() < 2; moves++ {
		legal = legal[:0]
		fillEyes := rng.Intn(10) == 0
		for i := 0; i < b.EmptyCount(); i++ {
			p := b.EmptyAt(i)
			if b.LegalEmpty(p, c) && (fillEyes || !b.IsEye(p, c)) {
				legal = append(legal, p)
			}
		}
		if len(legal) == 0 || rng.Intn(50) == 0 {
			b.PlayLegal(Pass, c)
			r.pass(c)
		} else {
			p := legal[rng.Intn(len(legal))]
			x, y := b.XY(p)
			require.NoError(t, b.Play(p, c))
			if !r.play(x, y, c) {
				t.Fatalf("size %d move %d: reference refuses %v %s\n%s", size, moves, c, b.Vertex(p), b)
			}
		}
		c = c.Opponent()
		compareWithRef(t, b, r, moves%legalEvery == 0, fmt.Sprintf("size %d move %d", size, moves))
	}
	return moves
}

func TestRandomGamesAgainstReference(t *testing.T) {
	rng := NewRand(20261129)
	total := 0
	for size := 5; size <= 19; size++ {
		games, legalEvery := 250, 1
		if size > 9 {
			games, legalEvery = 50, 6
		}
		if testing.Short() {
			games = 2
		}
		for g := 0; g < games; g++ {
			total += randomGame(t, size, g%4 == 3, rng, legalEvery)
		}
	}
	t.Logf("%d moves checked against the flood-fill reference", total)
}
