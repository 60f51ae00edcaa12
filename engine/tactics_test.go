package engine

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/movemodel"
	"github.com/gtpgo/gtpgo/rules"
)

// gameFromDiagram builds a Chinese-rules game on the diagram's position.
func gameFromDiagram(t *testing.T, diagram string, komi float64) *rules.Game {
	t.Helper()
	b, err := rules.FromDiagram(diagram)
	require.NoError(t, err)
	g, err := rules.NewGame(b.Size, rules.Chinese, komi)
	require.NoError(t, err)
	var stones []rules.Move
	for _, p := range b.Points() {
		if c := b.Color(p); c != rules.Empty {
			stones = append(stones, rules.Move{Color: c, Point: p})
		}
	}
	require.NoError(t, g.SetupStart(stones))
	return g
}

func testParams() Params {
	p := DefaultParams()
	p.Threads = 1
	p.Seed = 7
	p.MemoryMB = 64
	return p
}

// Positions with one right move (or a set of right moves), each searched with
// enough playouts to be stable, for the player to move.
func TestTacticalPositions(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		color   rules.Color
		want    []string
		notWant []string
	}{
		{
			name: "capture the group in atari",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . X X X . .
				. X O O O . .
				. . X X X . .
				. . . . . . .
				. . . . . . .`,
			color: rules.Black,
			want:  []string{"F4"},
		},
		{
			name: "escape from atari",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . X . . . .
				. . . X O X . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			color: rules.White,
			want:  []string{"E4"},
		},
		{
			name: "kill the three-point eye shape",
			diagram: `
				. . . . . X . . .
				. . . . . X . . .
				O O O O O X . . .
				X X X X O X . . .
				. . . X O X . . .
				X X X X O X . . .
				O O O O O X . . .
				. . . . . X . . .
				. . . . . X . . .`,
			color: rules.White,
			want:  []string{"B5"},
		},
		{
			name: "save the three-point eye shape",
			diagram: `
				. . . . . X . . .
				. . . . . X . . .
				O O O O O X . . .
				X X X X O X . . .
				. . . X O X . . .
				X X X X O X . . .
				O O O O O X . . .
				. . . . . X . . .
				. . . . . X . . .`,
			color: rules.Black,
			want:  []string{"B5"},
		},
		{
			name: "do not fill an own eye",
			diagram: `
				X . X O . O .
				X X X O O O O
				. X X X O . O
				X X . X O O O
				X X X X O . O
				X . X O O O .
				X X X O . O O`,
			color:   rules.Black,
			notWant: []string{"B7", "A5", "C4", "B2"},
		},
		{
			name: "do not play a self-atari",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . O O O . . .
				. . O X X X O . .
				. . . O . O . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			color:   rules.Black,
			notWant: []string{"E4"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := gameFromDiagram(t, tc.diagram, 7)
			e := New(testParams())
			res := e.Search(context.Background(), g, tc.color, Limits{Playouts: 8000})
			move := g.Board().Vertex(res.Move)
			if len(tc.want) > 0 {
				require.Contains(t, tc.want, move, "best move; candidates %v", describe(g, res))
			}
			require.NotContains(t, tc.notWant, move)
		})
	}
}

func describe(g *rules.Game, res Result) []string {
	var out []string
	for i, c := range res.Candidates {
		if i == 5 {
			break
		}
		out = append(out, g.Board().Vertex(c.Move))
	}
	return out
}

// The playouts' atari escape: with ladders read, a chain the last move put
// in atari does not run along a working ladder, and still runs when the
// ladder is broken.
func TestPlayoutEscapeReadsLadders(t *testing.T) {
	working := `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . X . . . . .
		. . X O . . . . .
		. . . . X . . . .
		. . . . . . . . .
		. . . . . . . . .`
	broken := `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . X . . . . .
		. . X O . . . . .
		. . . . X . . . .
		. O . . . . . . .
		. . . . . . . . .`
	tests := []struct {
		name    string
		diagram string
		ladders bool
		want    string // White's playout reply to Black's atari at E4 ("" = none)
	}{
		{"working ladder, read", working, true, ""},
		{"working ladder, not read", working, false, "D3"},
		{"broken ladder, read", broken, true, "D3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			e4, err := b.ParseVertex("E4")
			require.NoError(t, err)
			require.NoError(t, b.Play(e4, rules.Black))
			pl := newPolicy()
			pl.configure(playoutConfig{heavy: true, ladders: tc.ladders}, b.Len)
			var r rules.Rand
			r.Seed(1)
			got := pl.tactical(b, rules.White, e4, &r)
			if tc.want == "" {
				assert.Equal(t, rules.NoPoint, got, "played %s", b.Vertex(got))
				return
			}
			want, err := b.ParseVertex(tc.want)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

// When the last move needs no answer, the playouts take the chain our
// previous move put in atari and the opponent left there.
func TestPlayoutCapturesWhatThePreviousMoveLeftInAtari(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . .
		. . . O . . .
		. . O X . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .`)
	play := func(v string, c rules.Color) rules.Point {
		p, err := b.ParseVertex(v)
		require.NoError(t, err)
		require.NoError(t, b.Play(p, c))
		return p
	}
	pl := newPolicy()
	pl.configure(playoutConfig{heavy: true}, b.Len)
	var r rules.Rand
	r.Seed(1)
	play("E5", rules.White)         // atari on D5
	last := play("A1", rules.Black) // elsewhere
	want, err := b.ParseVertex("D4")
	require.NoError(t, err)
	assert.Equal(t, want, pl.tactical(b, rules.White, last, &r))

	// with the atari answered there is nothing to take
	play("B7", rules.White)
	last = play("D4", rules.Black)
	assert.Equal(t, rules.NoPoint, pl.tactical(b, rules.White, last, &r))
}

// In a liberty race, the shared liberty (C1) is a self-atari for Black that
// the playouts refuse; with selfatari_other Black takes White's outside
// liberty (E1) instead, the move that wins the race.
func TestPlayoutSelfAtariPlaysTheOtherLiberty(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		X X X X X . . . .
		O O O O X . . . .
		X X X O X . . . .
		X . . O . . . . .`)
	mv := vertices(t, b, "C1", "E1", "B1")
	shared, outside, inside := mv[0], mv[1], mv[2]
	require.True(t, b.IsSelfAtari(shared, rules.Black))
	require.False(t, throwIn(b, shared, rules.Black, 0), "a five-stone self-atari is no throw-in")

	p := DefaultParams()
	p.SelfAtariOther = true
	pl := newPolicy()
	pl.configure(p.playoutConfig(b.Size), b.Len)
	for seed := uint64(1); seed <= 10; seed++ {
		var r rules.Rand
		r.Seed(seed)
		assert.Equal(t, outside, pl.otherLiberty(b, shared, rules.Black, &r))
		// B1 touches no white chain: nothing to redirect to
		assert.Equal(t, rules.NoPoint, pl.otherLiberty(b, inside, rules.Black, &r))
	}
}

// With playout_ko, a ko taken lately is fought in the playouts: while the
// ban holds nothing happens, and once a threat has lifted it the other
// side retakes.
func TestPlayoutRetakesKo(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. X O . . . . . .
		X . X O . . . . .
		. X O . . . . . .`)
	mv := vertices(t, b, "B2", "C2", "H8", "H7")
	take, retake := mv[0], mv[1]
	require.NoError(t, b.Play(take, rules.White)) // takes the ko
	ban, _ := b.Ko()
	require.Equal(t, retake, ban)

	p := DefaultParams()
	p.PlayoutKo = 1
	pl := newPolicy()
	pl.configure(p.playoutConfig(b.Size), b.Len)
	pl.lastKo, pl.koLeft = retake, koAge // the move after the take
	assert.Equal(t, rules.NoPoint, pl.koFight(b, rules.Black), "the ban holds")

	require.NoError(t, b.Play(mv[2], rules.Black)) // a threat
	require.NoError(t, b.Play(mv[3], rules.White)) // answered
	// two moves on, the threat and its answer: the ban is lifted
	pl.koLeft = koAge - 2
	for seed := uint64(1); seed <= 10; seed++ {
		var r rules.Rand
		r.Seed(seed)
		var bb rules.Board
		bb.CopyFrom(b)
		require.Equal(t, retake, pl.heavyMove(&bb, rules.Black, &r))
		assert.Equal(t, rules.Empty, bb.Color(take), "the retake captures")
	}
	pl.koLeft = 0 // too late: the playouts have moved on
	var r rules.Rand
	r.Seed(1)
	var bb rules.Board
	bb.CopyFrom(b)
	assert.NotEqual(t, retake, pl.heavyMove(&bb, rules.Black, &r))
}

// A lone black stone at A1 is a self-atari; with throw_in_libs 3 the
// playouts throw it in against White's three-stone chain only when that
// chain is down to three liberties, as Pachi does.
func TestPlayoutThrowInAgainstShortChainsOnly(t *testing.T) {
	free := `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		O . . . . . . . .
		O . . . . . . . .
		O . . . . . . . .
		. . . . . . . . .`
	short := `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		X . . . . . . . .
		O X . . . . . . .
		O . . . . . . . .
		O . . . . . . . .
		. . . . . . . . .`
	tests := []struct {
		name    string
		diagram string
		maxLibs int
		want    bool
	}{
		{"five liberties, no limit", free, 0, true},
		{"five liberties, limit 3", free, 3, false},
		{"five liberties, limit 5", free, 5, true},
		{"three liberties, limit 3", short, 3, true},
		{"three liberties, limit 2", short, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := rules.MustDiagram(tt.diagram)
			a1 := vertices(t, b, "A1")[0]
			require.True(t, b.IsSelfAtari(a1, rules.Black))
			assert.Equal(t, tt.want, throwIn(b, a1, rules.Black, tt.maxLibs))
		})
	}
}

// nlib_defence (Pachi's nlib): White's B3 leaves Black's four stones three
// liberties (B1, B2, D2) while the white D1-E1 chain next to them has two
// (D2, E2): Black ataris it now, from either side, rather than wait for
// the race to get close. A last move far away asks for nothing.
func TestPlayoutNlibDefenceAtarisTheTwoLibertyNeighbour(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . O O . . . . .
		. O X X O . . . .
		. . X . . . . . .
		. . X O O X . . .`)
	mv := vertices(t, b, "C3", "D1", "B3", "H8", "D2", "E2")
	black, white, last, far := mv[0], mv[1], mv[2], mv[3]
	require.Equal(t, 3, b.Liberties(black))
	require.Equal(t, 2, b.Liberties(white))

	pl := newPolicy()
	p := DefaultParams()
	p.NlibDefence = 1
	pl.configure(p.playoutConfig(b.Size), b.Len)
	got := map[rules.Point]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		var r rules.Rand
		r.Seed(seed)
		got[pl.nlibDefence(b, rules.Black, last, &r)]++
		assert.Equal(t, rules.NoPoint, pl.nlibDefence(b, rules.Black, far, &r))
	}
	assert.Len(t, got, 2, "%v", got)
	assert.Positive(t, got[mv[4]])
	assert.Positive(t, got[mv[5]])
}

// Chains of two liberties are twoLiberties' business and chains of five or
// more are safe enough: nlib_defence leaves both alone.
func TestPlayoutNlibDefenceOnlyForThreeOrFourLiberties(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		last    string
	}{
		{
			name: "own chain down to two liberties",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . O O . . . . .
				. O X X O . . . .
				. O X . . . . . .
				. . X O O X . . .`,
			last: "B2",
		},
		{
			name: "own chain with five liberties",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. O X X . . . . .
				. . X . . . . . .
				. . X O O X . . .`,
			last: "B3",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			pl := newPolicy()
			p := DefaultParams()
			p.NlibDefence = 1
			pl.configure(p.playoutConfig(b.Size), b.Len)
			last := vertices(t, b, tc.last)[0]
			for seed := uint64(1); seed <= 10; seed++ {
				var r rules.Rand
				r.Seed(seed)
				assert.Equal(t, rules.NoPoint, pl.nlibDefence(b, rules.Black, last, &r))
			}
		})
	}
}

// eye_fix (Pachi's eye fix): White's E9 stands next to D9, wedged between
// Black's D8 and the edge; D9's empty neighbour C9 is diagonal to Black's
// eye at B8, which already has White's C7 on a diagonal: White at C9
// would make it false, so Black fills C9. Without C7 the eye is not in
// danger and nothing is asked.
func TestPlayoutEyeFixFillsTheFalsifyingPoint(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		want    string // "" for none
	}{
		{
			name: "one enemy diagonal already",
			diagram: `
				X X . O O O . . .
				X . X X O . . . .
				X X O O . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			want: "C9",
		},
		{
			name: "no enemy diagonal",
			diagram: `
				X X . O O O . . .
				X . X X O . . . .
				X X X O . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			last := vertices(t, b, "E9")[0]
			want := rules.NoPoint
			if tc.want != "" {
				want = vertices(t, b, tc.want)[0]
			}
			pl := newPolicy()
			p := DefaultParams()
			p.EyeFix = 1
			pl.configure(p.playoutConfig(b.Size), b.Len)
			for seed := uint64(1); seed <= 10; seed++ {
				var r rules.Rand
				r.Seed(seed)
				assert.Equal(t, b.Vertex(want), b.Vertex(pl.eyeFix(b, rules.Black, last, &r)))
			}
		})
	}
}

// pair_selfatari: the self-atari a random move may make is a pair, the
// move and a lone own stone, that could not run instead; a stone with an
// open way out, a longer chain and a lone throw-in are not pairs.
func TestPairSelfAtari(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		move    string
		want    bool
	}{
		{
			name: "pair in the corner",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				O O O . . . . . .
				. X . O . . . . .`,
			move: "C1",
			want: true,
		},
		{
			name: "own stone already in atari",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				O O O . . . . . .
				X . . O . . . . .`,
			move: "B1",
			want: true,
		},
		{
			name: "the stone could run instead",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . O . . . . .
				. . O . X O . . .
				. . . O O . . . .`,
			move: "D2",
		},
		{
			name: "three stones",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				O O O O . . . . .
				. X X . O . . . .`,
			move: "D1",
		},
		{
			name: "lone throw-in",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				O O . . . . . . .
				. . O . . . . . .`,
			move: "A1",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			p := vertices(t, b, tc.move)[0]
			require.True(t, b.LegalEmpty(p, rules.Black))
			require.True(t, b.IsSelfAtari(p, rules.Black))
			assert.Equal(t, tc.want, pairSelfAtari(b, p, rules.Black))
		})
	}
}

// With pair_selfatari the random move may make such a pair; without, the
// pair is refused like any other self-atari. Black's only legal moves here
// put B1 and the move in atari, so Black passes unless pairs are allowed.
func TestPlayoutRandomMovePlaysPairSelfAtari(t *testing.T) {
	b := rules.MustDiagram(`
		O O O O O O O O O
		O O O O O O O O O
		O O O O O O . O O
		O O O O O O O O O
		O O O O . O O O O
		O O O O O O O O O
		O O O O O O O O O
		O O O O O O O O O
		. X . O O O O O O`)
	pairs := vertices(t, b, "A1", "C1")
	for _, rate := range []float64{0, 1} {
		p := DefaultParams()
		p.PairSelfAtari = rate
		pl := newPolicy()
		pl.configure(p.playoutConfig(b.Size), b.Len)
		for seed := uint64(1); seed <= 10; seed++ {
			var r rules.Rand
			r.Seed(seed)
			var trial rules.Board
			trial.CopyFrom(b)
			got := pl.randomMove(&trial, rules.Black, &r)
			if rate == 0 {
				assert.Equal(t, rules.Pass, got, "rate 0: %s", b.Vertex(got))
			} else {
				assert.Contains(t, pairs, got, "rate 1: %s", b.Vertex(got))
			}
		}
	}
}

// With playout shapes the random part rarely opens on the first line of
// an empty board (a quarter of the points are there, almost none of the
// learned draws) and still never passes while it has moves, even when
// its table refuses everything.
func TestPlayoutRandomMoveDrawsByShapes(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	firstLine := func(shapeCap float64, accept []uint8) int {
		p := DefaultParams()
		p.PlayoutShapes = shapeCap
		pl := newPolicy()
		pl.configure(p.playoutConfig(b.Size), b.Len)
		if accept != nil {
			pl.accept = accept
		}
		n := 0
		for seed := uint64(1); seed <= 400; seed++ {
			var r rules.Rand
			r.Seed(seed)
			var trial rules.Board
			trial.CopyFrom(b)
			got := pl.randomMove(&trial, rules.Black, &r)
			require.NotEqual(t, rules.Pass, got)
			for _, d := range b.Neighbors() {
				if b.Color(got+rules.Point(d)) == rules.Border {
					n++
					break
				}
			}
		}
		return n
	}
	uniform := firstLine(0, nil)
	assert.InDelta(t, 400*32/81, uniform, 40, "uniform: 32 of the 81 points")
	assert.Less(t, firstLine(0.3, nil), 20, "by shapes: the first line is all but refused")
	refuseAll := make([]uint8, movemodel.PlayoutCodes)
	assert.InDelta(t, 400*32/81, firstLine(0.3, refuseAll), 40, "a table that refuses everything: uniform after the refusals")
}
