package rules

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// statusOf marks the chains at the given vertices dead or in seki.
func statusOf(t *testing.T, b *Board, dead, seki []string) StatusMap {
	t.Helper()
	m := NewStatusMap(b)
	for _, list := range []struct {
		vs []string
		s  Status
	}{{dead, Dead}, {seki, Seki}} {
		for _, v := range list.vs {
			p, err := b.ParseVertex(v)
			require.NoError(t, err)
			require.NotEqual(t, Empty, b.Color(p), "no stone at %s", v)
			m.SetChain(b, p, list.s)
		}
	}
	return m
}

// gameFromDiagram starts a game whose starting position is the diagram,
// after the given handicap stones (which the diagram must show too).
func gameFromDiagram(t *testing.T, diagram string, rules Ruleset, komi float64, handicap ...string) *Game {
	t.Helper()
	b := MustDiagram(diagram)
	g, err := NewGame(b.Size, rules, komi)
	require.NoError(t, err)
	if len(handicap) > 0 {
		pts := make([]Point, len(handicap))
		for i, v := range handicap {
			pts[i], err = b.ParseVertex(v)
			require.NoError(t, err)
		}
		require.NoError(t, g.SetHandicap(pts))
	}
	var stones []Move
	for _, p := range b.Points() {
		if c := b.Color(p); c != Empty {
			stones = append(stones, Move{Color: c, Point: p})
		}
	}
	require.NoError(t, g.SetupStart(stones))
	require.Equal(t, b.String(), g.Board().String())
	return g
}

// Two walls with a column of dame between them.
const dameDiagram = `
	. X . O .
	. X . O .
	. X . O .
	. X . O .
	. X . O .`

// Black's area top left holds a dead White stone (B6); White's area holds a
// dead Black stone (G2).
const deadDiagram = `
	. . . X O . .
	. O . X O . .
	. . . X O . .
	. . . X O . .
	X X X X O . .
	O O O O O . X
	. . . . . . .`

// A seki at the top: the inner White chain (B7 A6 B6, eye A7) and the inner
// Black chain (C6..F6 D7 F7, eye E7) share the liberty C7; neither can fill
// it without being captured. C3 is dame; A4 and A2 are Black's, the 12
// points bottom right White's.
const sekiDiagram = `
	. O . X . X O
	O O X X X X O
	X X O O O O O
	. X X O . . .
	X X . O . . .
	. X X O . . .
	X X X O . . .`

// Two inner chains sharing the liberties D7 and D6, without eyes.
const sekiNoEyesDiagram = `
	. X O . X O .
	. X O . X O .
	. X X X O O .
	. . . X O . .
	. . . X O . .
	. . . X O . .
	. . . X O . .`

// Black's B5 chain and A3 stone share the region A5-A4: marked in seki, B5
// alone must not spoil a territory another living Black chain closes too.
const sekiBesideFreeDiagram = `
	. X . O .
	. X . O .
	X . . O .
	. X . O .
	. X . O .`

// White's G6 has two liberties: the dame G7 and G5 in its territory. Once
// the dame is filled G6 is in atari and White must connect at G5 (teire), so
// G5 counts for nobody under territory counting.
const teireDiagram = `
	. X . X X X .
	X X X X X X O
	O O O O O O .
	. . . . . . .
	. . . . . . .
	. . . . . . .
	. . . . . . .`

// White's D4 is in atari with its liberty D5 inside White's territory: White
// must connect there, so D5 counts for nobody under territory counting.
const atariTeireDiagram = `
	. . . . . . .
	. . . . . . .
	O O O . O O O
	X X X O X X X
	. . X X X . .
	. . . . . . .
	. . . . . . .`

// Black's F7-G6 chain has the eye G7 and the dame E7; filling E7 joins it to
// the two-eyed chain on the left, so no teire is needed: G7 is territory.
const noTeireDiagram = `
	. X . X . X .
	X X X X O X X
	O O O O O O O
	. . . . . . .
	. . . . . . .
	. . . . . . .
	. . . . . . .`

// White's A7-B7 region reaches both colours, so both points are dame, though
// B7 touches only White: once White fills them Black's A6 is in atari and
// Black must connect at A5 (teire), leaving Black the eyes A3 and A1.
const dameRegionTeireDiagram = `
	. . O . . . .
	X O O . . . .
	. X O . . . .
	X X O . . . .
	. X O . . . .
	X X O . . . .
	. X O . . . .`

func TestAreaAndTerritoryScores(t *testing.T) {
	tests := []struct {
		name                 string
		diagram              string
		dead, seki           []string
		areaB, areaW         int
		territoryB, territoW int
	}{
		{"empty board", ". . .\n. . .\n. . .", nil, nil, 0, 0, 0, 0},
		{"one stone takes the board", ". . .\n. X .\n. . .", nil, nil, 9, 0, 8, 0},
		{"dame", dameDiagram, nil, nil, 10, 10, 5, 5},
		{"teire", teireDiagram, nil, nil, 12, 36, 2, 28},
		{"no teire: connect through the dame", noTeireDiagram, nil, nil, 12, 36, 3, 28},
		{"teire: a chain in atari", atariTeireDiagram, nil, nil, 27, 22, 18, 14},
		{"teire: a dame point touching one colour", dameRegionTeireDiagram, nil, nil, 11, 36, 2, 28},
		// the dead stones' points are territory and the stones prisoners
		{"dead stones", deadDiagram, []string{"B6", "G2"}, nil, 20, 29, 13, 20},
		// unmarked, the same stones spoil both areas
		{"dead stones unmarked", deadDiagram, nil, nil, 9, 11, 0, 0},
		// area: the eyes count (E7 Black, A7 White), the shared C7 does not;
		// territory: the eyes, next to seki stones only, count for nobody
		{"seki with eyes", sekiDiagram, nil, []string{"B7", "D7"}, 20, 27, 2, 12},
		// unmarked, the eyes of a seki are teire points: once the shared
		// liberty is filled each chain would have to fill its own eye
		{"seki unmarked", sekiDiagram, nil, nil, 20, 27, 2, 12},
		{"seki without eyes", sekiNoEyesDiagram, nil, []string{"C7", "E7"}, 26, 21, 15, 11},
		{"seki chain beside a free one", sekiBesideFreeDiagram, nil, []string{"B5"}, 9, 10, 4, 5},
		// marking a seki chain dead hands its eye, its stones and the shared
		// liberty to the other side, whose chain is then simply alive
		{"seki chain marked dead", sekiDiagram, []string{"B7"}, nil, 25, 23, 8 + 3, 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := MustDiagram(tt.diagram)
			st := statusOf(t, b, tt.dead, tt.seki)
			black, white := AreaScore(b, st)
			assert.Equal(t, [2]int{tt.areaB, tt.areaW}, [2]int{black, white}, "area")
			black, white = TerritoryScore(b, st)
			assert.Equal(t, [2]int{tt.territoryB, tt.territoW}, [2]int{black, white}, "territory")
			if tt.dead == nil && tt.seki == nil {
				black, white = AreaScore(b, nil)
				assert.Equal(t, [2]int{tt.areaB, tt.areaW}, [2]int{black, white}, "nil status")
			}
		})
	}
}

func TestOwners(t *testing.T) {
	b := MustDiagram(sekiDiagram)
	st := statusOf(t, b, nil, []string{"B7", "D7"})
	assert.Equal(t, normalize(`
		O O . X X X O
		O O X X X X O
		X X O O O O O
		X X X O O O O
		X X . O O O O
		X X X O O O O
		X X X O O O O`), ownerString(b, Owners(b, st, AreaScoring)))
	assert.Equal(t, normalize(`
		. . . . . . .
		. . . . . . .
		. . . . . . .
		X . . . O O O
		. . . . O O O
		X . . . O O O
		. . . . O O O`), ownerString(b, Owners(b, st, TerritoryScoring)))
}

func TestCapturesCountUnderTerritoryScoring(t *testing.T) {
	g := gameFromDiagram(t, `
		. X O . .
		O X O . .
		. X O . .
		. X O . .
		. X O . .`, Japanese, 6.5)
	for _, m := range []struct {
		c Color
		v string
	}{{Black, "A5"}, {White, "pass"}, {Black, "A3"}, {White, "pass"}, {Black, "pass"}} {
		p, err := g.Board().ParseVertex(m.v)
		require.NoError(t, err)
		require.NoError(t, g.Play(p, m.c))
	}
	require.Equal(t, 1, g.Board().Captures(Black))
	// territory A4 A2 A1 and one prisoner; White 10 points and komi
	r := g.Score(nil)
	assert.Equal(t, Result{Scoring: TerritoryScoring, Black: 4, White: 16.5}, r)
	assert.Equal(t, "W+12.5", r.String())
	// area: stones and territory, the capture is not counted again
	g.SetRules(Chinese)
	r = g.Score(nil)
	assert.Equal(t, Result{Scoring: AreaScoring, Black: 10, White: 21.5}, r)
	assert.Equal(t, "W+11.5", r.String())
}

func TestGameScore(t *testing.T) {
	// Black received 2 handicap stones (C3 E5, the fixed 7x7 points) and
	// has 9 stones and 20 points of territory; White 7 stones and 13 points.
	handicapDiagram := `
		. . . X O . .
		. . . X O . .
		. . . X X O .
		. . . X O . .
		. . X X O . .
		. . . X O . .
		. . . X O . .`
	tests := []struct {
		name     string
		diagram  string
		rules    Ruleset
		komi     float64
		handicap []string
		dead     []string
		seki     []string
		want     string
		black    float64
		white    float64
	}{
		{"tie", dameDiagram, Japanese, 0, nil, nil, nil, "0", 5, 5},
		{"tie by area", dameDiagram, Chinese, 0, nil, nil, nil, "0", 10, 10},
		{"komi decides", dameDiagram, Japanese, 0.5, nil, nil, nil, "W+0.5", 5, 5.5},
		{"negative komi", dameDiagram, Chinese, -3, nil, nil, nil, "B+3.0", 10, 7},
		{"dead stones, territory", deadDiagram, Japanese, 6.5, nil, []string{"B6", "G2"}, nil, "W+13.5", 13, 26.5},
		{"dead stones, area", deadDiagram, Chinese, 7.5, nil, []string{"B6", "G2"}, nil, "W+16.5", 20, 36.5},
		{"seki, territory", sekiDiagram, Japanese, 6.5, nil, nil, []string{"B7", "D7"}, "W+16.5", 2, 18.5},
		{"seki, area", sekiDiagram, Chinese, 7.5, nil, nil, []string{"B7", "D7"}, "W+14.5", 20, 34.5},
		// with komi 7.5 the compensation for the handicap decides the game
		{"handicap, chinese", handicapDiagram, Chinese, 7.5, []string{"C3", "E5"}, nil, nil, "W+0.5", 29, 29.5},
		{"handicap, aga", handicapDiagram, AGA, 7.5, []string{"C3", "E5"}, nil, nil, "B+0.5", 29, 28.5},
		{"handicap, new zealand", handicapDiagram, NewZealand, 7.5, []string{"C3", "E5"}, nil, nil, "B+1.5", 29, 27.5},
		{"handicap, japanese", handicapDiagram, Japanese, 7.5, []string{"C3", "E5"}, nil, nil, "W+0.5", 20, 20.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gameFromDiagram(t, tt.diagram, tt.rules, tt.komi, tt.handicap...)
			require.Equal(t, len(tt.handicap), g.Handicap())
			r := g.Score(statusOf(t, g.Board(), tt.dead, tt.seki))
			assert.Equal(t, tt.want, r.String())
			assert.Equal(t, tt.black, r.Black)
			assert.Equal(t, tt.white, r.White)
			assert.Equal(t, tt.rules.Scoring, r.Scoring)
		})
	}
}

func TestResultString(t *testing.T) {
	tests := []struct {
		black, white float64
		want         string
		winner       Color
	}{
		{10, 10, "0", Empty},
		{10.5, 10, "B+0.5", Black},
		{3, 10.5, "W+7.5", White},
		{0, 7, "W+7.0", White},
		{61, 0, "B+61.0", Black},
		{0.25, 0, "B+0.2", Black}, // one decimal, as GNU Go's %.1f
	}
	for _, tt := range tests {
		r := Result{Black: tt.black, White: tt.white}
		assert.Equal(t, tt.want, r.String())
		assert.Equal(t, tt.winner, r.Winner())
		assert.Equal(t, tt.black-tt.white, r.Margin())
	}
}

// Statuses that do not fit the board are ignored, never a panic.
func TestStatusMapRobustness(t *testing.T) {
	b := MustDiagram(deadDiagram)
	short := StatusMap{Dead, Dead}
	black, white := AreaScore(b, short)
	assert.Equal(t, [2]int{9, 11}, [2]int{black, white})
	short.SetChain(b, b.At(1, 5), Dead) // too short for b: no effect
	assert.Equal(t, StatusMap{Dead, Dead}, short)
	m := NewStatusMap(b)
	m.SetChain(b, b.At(0, 0), Dead) // empty point
	m.SetChain(b, Pass, Dead)
	assert.Equal(t, NewStatusMap(b), m)
	assert.Equal(t, Alive, m.At(Pass))
	assert.Equal(t, "seki", Seki.String())
}

// refFrom copies a board into the flood-fill reference, leaving out the
// stones marked dead.
func refFrom(b *Board, status StatusMap) *refBoard {
	r := newRef(b.Size)
	for x := 0; x < b.Size; x++ {
		for y := 0; y < b.Size; y++ {
			p := b.At(x, y)
			if status.At(p) != Dead {
				r.grid[x*b.Size+y] = b.Color(p)
			}
		}
	}
	return r
}

// Area counting agrees with the reference on random positions, with random
// chains marked dead; territory counting is area counting minus the stones
// left on the board plus the prisoners, when nothing is in seki.
// The final position of kgs-2006#6242 (the players agreed W+7.5), with the
// chains this engine judges dead and in seki. Black's A11 joins the A10 chain,
// whose other liberties are dame, to the long A13-L13 chain: Black must fill
// it. The joined chain's other liberties are then dame too, bar H12, which
// Black must fill in turn. GNU Go (loadsgf, final_status_list) counts the
// same: 27 empty points of black territory, 38 of white, to which Owners adds
// the dead stones' points (B2 for Black, N13-N16 for White).
const teireChainDiagram = `
	. X O O O O . . . . O X X X . X . . X
	O X X O O . O . . . O O O X X X . X X
	. O X X X O O . . . . O O O X X . . .
	O O X . X X O . . . . . X O . X X . X
	X O O O X O O . . . . . X O O X . . X
	X X O X O O X O O O O O X . O X X X X
	X X X X X X X X X X X O X O X X O X X
	X O O . O O X . X . X X O O O O O X X
	. X O O O . O X X O X X O . . O X X X
	X X X X O O O O O O X O O . . O O O X
	. X . O O X X X X X O O O O O . O O O
	O O O O X X . . X O O O X X X O O X O
	. O X X X X O O X O X X X . X . O X X
	X O O X O O O . O X X . . . X O O X .
	X O O X X X O . O O X X X . X O X X X
	X O X X X O O O O . O X . X X X X O X
	X X . X X X O O O O O X X X O O O O O
	. O X . X . X X O . O O X . X O . . .
	. . . . . X X O O . O X X X X O . O .`

func TestTeireJoinsChains(t *testing.T) {
	b := MustDiagram(teireChainDiagram)
	st := statusOf(t, b, []string{"N16", "B2"}, []string{"B19", "A18", "B18", "C18", "B17", "C17",
		"D17", "E17", "A16", "B16", "C16", "E16", "F16", "B15", "C15", "D15", "E15", "C14"})
	owner := Owners(b, st, TerritoryScoring)
	for _, v := range []string{"A11", "H12"} {
		p, err := b.ParseVertex(v)
		require.NoError(t, err)
		assert.Equal(t, Empty, owner[p], "%s is teire", v)
	}
	black, white := count(b, owner)
	assert.Equal(t, [2]int{27 + 1, 38 + 4}, [2]int{black, white})
}

func TestAreaScoreAgainstReference(t *testing.T) {
	rng := NewRand(7)
	positions := 1500
	if testing.Short() {
		positions = 300
	}
	for i := 0; i < positions; i++ {
		size := 2 + rng.Intn(18)
		b, err := NewBoard(size)
		require.NoError(t, err)
		moves := rng.Intn(3 * size * size)
		for m := 0; m < moves && b.Passes() < 2; m++ {
			b.RandomMove(b.ToMove(), rng)
		}
		st := NewStatusMap(b)
		if i%2 == 1 {
			for _, p := range b.Points() {
				if b.Color(p) != Empty && rng.Intn(8) == 0 {
					st.SetChain(b, p, Dead)
				}
			}
		}
		where := fmt.Sprintf("position %d\n%s", i, b)
		black, white := AreaScore(b, st)
		refBlack, refWhite := refFrom(b, st).areaScore()
		require.Equal(t, [2]int{refBlack, refWhite}, [2]int{black, white}, where)

		tb, tw := TerritoryScore(b, st)
		var stones, dead [3]int
		for _, p := range b.Points() {
			if c := b.Color(p); c != Empty {
				if st.At(p) == Dead {
					dead[c]++
				} else {
					stones[c]++
				}
			}
		}
		// territory counting loses only the teire points: each a liberty of
		// a chain of the side that loses it, or of the teire point it fills
		var teire [3]int
		area, terr := Owners(b, st, AreaScoring), Owners(b, st, TerritoryScoring)
		isTeire := func(p Point, c Color) bool {
			return area[p] == c && terr[p] == Empty && (b.Color(p) == Empty || st.At(p) == Dead)
		}
		for _, p := range b.Points() {
			if c := area[p]; c != terr[p] && (b.Color(p) == Empty || st.At(p) == Dead) {
				require.Equal(t, Empty, terr[p], where)
				next := touchesColour(b, st, p, c)
				for _, d := range b.Neighbors() {
					next = next || isTeire(p+Point(d), c)
				}
				require.True(t, next, "teire point %s is next to a %v chain\n%s", b.Vertex(p), c, where)
				teire[c]++
			}
		}
		require.Equal(t, black-stones[Black]+dead[White]+b.Captures(Black)-teire[Black], tb, where)
		require.Equal(t, white-stones[White]+dead[Black]+b.Captures(White)-teire[White], tw, where)
	}
}

func touchesColour(b *Board, st StatusMap, p Point, c Color) bool {
	for _, d := range b.Neighbors() {
		if n := p + Point(d); b.Color(n) == c && st.At(n) != Dead {
			return true
		}
	}
	return false
}

func TestMarginOf(t *testing.T) {
	tests := []struct {
		result string
		margin float64
		ok     bool
	}{
		{"B+12.50", 12.5, true},
		{"W+0.5", -0.5, true},
		{"W+7", -7, true},
		{"B+R", 0, false},
		{"W+Resign", 0, false},
		{"B+T", 0, false},
		{"0", 0, false},
		{"Draw", 0, false},
		{"", 0, false},
		{"B+", 0, false},
		{"X+3", 0, false},
		{"B+-3", 0, false},
		{"W+NaN", 0, false},
	}
	for _, tc := range tests {
		m, ok := MarginOf(tc.result)
		assert.Equal(t, tc.ok, ok, tc.result)
		assert.Equal(t, tc.margin, m, tc.result)
	}
}
