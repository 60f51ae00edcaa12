package engine

import (
	"math"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/movemodel"
	"github.com/gtpgo/gtpgo/rules"
)

// Position tests of the engine's knowledge, in the style of Pachi's t-unit
// files: a diagram and the expected answer, for the priors, the 3x3 shapes
// and the playout policy, without a search.

// vertices parses GTP vertices on b.
func vertices(t *testing.T, b *rules.Board, vs ...string) []rules.Point {
	t.Helper()
	out := make([]rules.Point, len(vs))
	for i, v := range vs {
		p, err := b.ParseVertex(v)
		require.NoError(t, err)
		out[i] = p
	}
	return out
}

// heavyPolicy is the default playout policy for a board.
func heavyPolicy(b *rules.Board) *policy {
	pl := newPolicy()
	p := DefaultParams()
	pl.configure(p.playoutConfig(b.Size), b.Len)
	return pl
}

// The playouts answer an atari on their own chain by extending, and take
// a chain the last move left in atari.
func TestPlayoutRepliesToAtari(t *testing.T) {
	tests := []struct {
		name     string
		diagram  string
		last     string      // Black's move, just played
		want     []string    // White's possible replies
		lastBy   rules.Color // who played last (White replies when Black)
		replying rules.Color
	}{
		{
			name: "extend out of atari",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . X . . .
				. . X O . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
			last: "E4", want: []string{"D3"}, lastBy: rules.Black, replying: rules.White,
		},
		{
			name: "capture a self-atari",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. O . . . . .
				O . O . . . .
				. . . . . . .`,
			last: "B2", want: []string{"B1"}, lastBy: rules.Black, replying: rules.White,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			last := vertices(t, b, tc.last)[0]
			require.NoError(t, b.Play(last, tc.lastBy))
			want := vertices(t, b, tc.want...)
			pl := heavyPolicy(b)
			for seed := uint64(1); seed <= 20; seed++ {
				var r rules.Rand
				r.Seed(seed)
				got := pl.tactical(b, tc.replying, last, &r)
				assert.Contains(t, want, got, "seed %d: %s", seed, b.Vertex(got))
			}
		})
	}
}

// A playout never plays a self-atari of more than one stone at random: on
// this board White's only legal moves, A1 and B1, would each leave its
// three stones one liberty, so the playout passes.
func TestPlayoutRefusesSelfAtari(t *testing.T) {
	b := rules.MustDiagram(`
		. X . X .
		X X X X X
		X X X X X
		O O X . X
		. . X X X`)
	selfAtaris := vertices(t, b, "A1", "B1")
	for _, p := range selfAtaris {
		require.True(t, b.Legal(p, rules.White))
		require.True(t, b.IsSelfAtari(p, rules.White))
	}
	pl := heavyPolicy(b)
	for seed := uint64(1); seed <= 20; seed++ {
		var scratch rules.Board
		scratch.CopyFrom(b)
		var r rules.Rand
		r.Seed(seed)
		got := pl.randomMove(&scratch, rules.White, &r)
		assert.Equal(t, rules.Pass, got, "seed %d: %s", seed, b.Vertex(got))
	}
}

// priorValues are the win rates new children start with: their prior wins
// over their prior visits, among all of c's candidates on b.
func priorValues(t *testing.T, b *rules.Board, c rules.Color) map[rules.Point]float64 {
	// the linear prior's proportions: its win rates say what the model thinks
	p := DefaultParams()
	p.PriorEven, p.PriorModel, p.PriorSqrt = 10, 30, 0
	pol, know := newPolicy(), newKnowledge()
	w := &worker{s: &search{p: p}, pol: pol, know: know}
	moves := movemodel.LegalMoves(b, c, nil)
	children := make([]node, len(moves))
	w.rateChildren(b, c, moves, children)
	out := map[rules.Point]float64{}
	for i, m := range moves {
		if m != rules.Pass {
			require.InDelta(t, p.PriorEven+p.PriorModel, children[i].priorVisits, 1e-3)
		}
		out[m] = float64(children[i].priorWins / children[i].priorVisits)
	}
	return out
}

// The prior ranks the listed moves of the player to move best first.
func TestPriorRanking(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		color   rules.Color
		order   string // moves, best prior first
	}{
		{
			// capturing (E4) beats a quiet move, which beats a self-atari
			// (D1 leaves C1-D1 one liberty)
			name: "capture, quiet move, self-atari",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . X . . . .
				. . . X O X . . .
				. . . . . . . . .
				. . . . . . . . .
				. O O . . . . . .
				. O X . O . . . .`,
			color: rules.Black,
			order: "E4 G7 D1",
		},
		{
			// White's escape from atari (E4) beats a quiet move
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
			order: "E4 G7",
		},
		{
			// the 4-4 and 3-4 points are where stones go in an empty corner
			// of a big board, the centre and the edge last
			name:    "opening on 19x19",
			diagram: strings.Repeat(". . . . . . . . . . . . . . . . . . .\n", 19),
			color:   rules.Black,
			order:   "Q16 R16 K10 A1",
		},
		{
			// running from atari along a working ladder only loses more:
			// a quiet move elsewhere is better
			name: "escape into a working ladder",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . X . . . . .
				. . X O X . . . .
				. . . . X . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			color: rules.White,
			order: "G7 D3",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			v := priorValues(t, b, tc.color)
			moves := vertices(t, b, strings.Fields(tc.order)...)
			got := append([]rules.Point(nil), moves...)
			sort.SliceStable(got, func(i, j int) bool { return v[got[i]] > v[got[j]] })
			var names []string
			for _, p := range got {
				names = append(names, b.Vertex(p))
			}
			assert.Equal(t, tc.order, strings.Join(names, " "))
		})
	}
}

// Running from atari along a working ladder only loses more: the prior of
// the escape is lower than where a white stone breaks the ladder.
func TestPriorPenalisesLadderEscape(t *testing.T) {
	const working = `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . X . . . . .
		. . X O X . . . .
		. . . . X . . . .
		. . . . . . . . .
		. . . . . . . . .`
	const broken = `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . X . . . . .
		. . X O X . . . .
		. . . . X . . . .
		. O . . . . . . .
		. . . . . . . . .`
	b, bb := rules.MustDiagram(working), rules.MustDiagram(broken)
	d3 := vertices(t, b, "D3")[0]
	var lb movemodel.LadderReader
	require.True(t, lb.EscapeCaught(b, d3, rules.White))
	require.False(t, lb.EscapeCaught(bb, d3, rules.White))
	assert.Less(t, priorValues(t, b, rules.White)[d3], priorValues(t, bb, rules.White)[d3])
}

// With shapes_around_own, a playout move that has no shape to answer
// around the last move (Black's J1, alone in the corner) completes one
// around the player's own previous move (White's D5, in a fight with D6
// and E5); without it, it plays at random.
func TestPlayoutShapesAroundOwnMove(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . X . . . . .
		. . . . X . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	mv := vertices(t, b, "D5", "J1")
	require.NoError(t, b.Play(mv[0], rules.White))
	require.NoError(t, b.Play(mv[1], rules.Black))
	shapesAround := func(p rules.Point) map[rules.Point]bool {
		out := map[rules.Point]bool{}
		nb, dg := b.Neighbors(), b.Diagonals()
		for _, d := range append(nb[:], dg[:]...) {
			q := p + rules.Point(d)
			if b.Color(q) == rules.Empty && movemodel.MatchesMoGo(b, q) && !b.IsSelfAtari(q, rules.White) {
				out[q] = true
			}
		}
		return out
	}
	require.Empty(t, shapesAround(mv[1]), "no shape around J1")
	own := shapesAround(mv[0])
	require.NotEmpty(t, own, "shapes around D5")

	for _, on := range []bool{true, false} {
		p := DefaultParams()
		p.ShapesAroundOwn = on
		p.TwoLibFights = 0
		pl := newPolicy()
		pl.configure(p.playoutConfig(b.Size), b.Len)
		elsewhere := 0
		for seed := uint64(1); seed <= 30; seed++ {
			var r rules.Rand
			r.Seed(seed)
			var bb rules.Board
			bb.CopyFrom(b)
			got := pl.heavyMove(&bb, rules.White, &r)
			if !own[got] {
				elsewhere++
			}
		}
		if on {
			assert.Zero(t, elsewhere, "every move completes a shape around D5")
		} else {
			assert.Positive(t, elsewhere, "random moves away from D5")
		}
	}
}

// With shape_gammas, the playouts' answers to the last move come in
// proportion to the move model's rating of their 3x3 shapes; without, each
// shape is as likely as the next.
func TestPlayoutShapeGammasWeighTheAnswers(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . X . . . . .
		. . . . X . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	require.NoError(t, b.Play(vertices(t, b, "D5")[0], rules.White))
	m, err := movemodel.Default()
	require.NoError(t, err)

	for _, on := range []bool{true, false} {
		p := DefaultParams()
		p.ShapeGammas = on
		pl := newPolicy()
		pl.configure(p.playoutConfig(b.Size), b.Len)
		const draws = 4000
		seen := map[rules.Point]int{}
		var r rules.Rand
		r.Seed(7)
		for i := 0; i < draws; i++ {
			seen[pl.shapeReply(b, rules.Black, b.LastMove(), &r)]++
		}
		require.Greater(t, len(pl.cand), 2, "several shapes answer D5")
		weight := map[rules.Point]float64{}
		total := 0.0
		for _, q := range pl.cand {
			w := 1.0
			if on {
				w = unknownShapeGamma
				if i := m.ShapeIndex(movemodel.ShapeAt(b, q, rules.Black)); i >= 0 {
					w = float64(m.Gammas[movemodel.GroupShape][i])
				}
			}
			weight[q] = w
			total += w
		}
		if on {
			lo, hi := math.Inf(1), 0.0
			for _, w := range weight {
				lo, hi = min(lo, w), max(hi, w)
			}
			require.Greater(t, hi, 2*lo, "the shapes are rated apart")
		}
		require.Len(t, seen, len(pl.cand))
		for q, n := range seen {
			assert.InDelta(t, weight[q]/total, float64(n)/draws, 0.03, "share of %v (gammas %v)", q, on)
		}
	}
}

// With owner_prior, seeded playouts from the root say who owns each point,
// and a candidate's probability is weighed by the rating of its bucket:
// White's move deep in Black's corner and inside its own settled corner
// count for less than one in the open corner.
func TestPriorWeighsOwnership(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . O . . .
		. . . . . O . . .
		. . . . . O . . .
		. . . . . O O O O
		X X X X . . . . .
		. . . X . . . . .
		. . . X . . . . .
		. . . X . . . . .
		. . . X . . . . .`)
	p := DefaultParams()
	p.OwnerPrior = true
	s := &search{e: New(p), p: p, color: rules.White, maxMoves: 3 * 81, playoutCfg: p.playoutConfig(9)}
	s.root.CopyFrom(b)
	s.root.SetToMove(rules.White)
	s.owner = make([]atomic.Int32, b.Len)
	s.seedOwnership(7)
	require.EqualValues(t, ownerSeedPlayouts, s.ownerPlayouts.Load())

	pts := vertices(t, b, "B2", "H8", "B8")
	bucket := func(p rules.Point) int {
		o := float64(s.owner[p].Load()) / float64(s.ownerPlayouts.Load())
		return movemodel.OwnerBucket(movemodel.OwnerShare(o, rules.White))
	}
	assert.Equal(t, 0, bucket(pts[0]), "B2 is Black's in nearly every playout")
	assert.Equal(t, movemodel.OwnerBuckets-1, bucket(pts[1]), "H8 is White's in nearly every playout")
	open := bucket(pts[2])
	assert.True(t, open > 1 && open < movemodel.OwnerBuckets-2, "B8 is open: bucket %d", open)

	pol, know := s.e.slot(0)
	w := newWorker(s, 1, pol, know)
	moves := append(pts, rules.Pass)
	know.probs = know.probs[:len(moves)]
	for i := range know.probs {
		know.probs[i] = 0.25
	}
	w.weighOwnership(rules.White, moves)
	g := know.ownerGammas
	sum := 0.0
	for _, pr := range know.probs {
		sum += float64(pr)
	}
	assert.InDelta(t, 1, sum, 1e-5)
	assert.InDelta(t, g[0]/g[open], know.probs[0]/know.probs[2], 1e-4)
	assert.InDelta(t, g[movemodel.OwnerBuckets-1]/g[open], know.probs[1]/know.probs[2], 1e-4)
	assert.Less(t, know.probs[0], know.probs[2])
	assert.Less(t, know.probs[1], know.probs[2])
	total := 0.25*(g[0]+g[movemodel.OwnerBuckets-1]+g[open]) + 0.25
	assert.InDelta(t, 0.25/total, know.probs[3], 1e-4, "a pass keeps its rating")
}

// tactical_rate is how often a playout move captures the last move's stone
// left in atari: always at 1, about 90 of 100 times at 0.9, and at 0 only
// when the 3x3 shapes or a random move happen to land there.
func TestPlayoutTacticalRate(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . O . . . .
		. . . O . O . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	mv := vertices(t, b, "E5", "E4")
	require.NoError(t, b.Play(mv[0], rules.Black), "Black's last move runs into atari")
	require.Equal(t, 1, b.Liberties(mv[0]))
	capture := mv[1]

	for _, tc := range []struct {
		rate     float64
		min, max int // captures in 200 moves
	}{{1, 200, 200}, {0.9, 165, 199}, {0, 1, 80}} {
		p := DefaultParams()
		p.TacticalRate = tc.rate
		pl := newPolicy()
		pl.configure(p.playoutConfig(b.Size), b.Len)
		captures := 0
		for seed := uint64(1); seed <= 200; seed++ {
			var r rules.Rand
			r.Seed(seed)
			var bb rules.Board
			bb.CopyFrom(b)
			if pl.heavyMove(&bb, rules.White, &r) == capture {
				captures++
			}
		}
		assert.True(t, captures >= tc.min && captures <= tc.max, "rate %v: %d captures of 200", tc.rate, captures)
	}
}
