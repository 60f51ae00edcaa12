package engine

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// expandedRoot expands the root of a search of b (c to move) with p and
// returns the search, its worker and the root's children.
func expandedRoot(t *testing.T, b *rules.Board, c rules.Color, p Params) (*search, *worker, []node) {
	t.Helper()
	s := &search{p: p, a: newArena(16), color: c, widenScale: 1 / math.Log(p.WidenFactor)}
	s.root.CopyFrom(b)
	s.a.alloc(1)
	w := &worker{s: s, pol: newPolicy(), know: newKnowledge(), cands: make([]rules.Point, 0, rules.MaxPoints)}
	w.expand(&s.a.nodes[0], b, c)
	children := s.a.children(&s.a.nodes[0])
	require.NotEmpty(t, children)
	return s, w, children
}

// A new node's children come likeliest first by the move model, a pass
// last, and each keeps its own prior: the children are the candidates the
// model rates, in its order.
func TestChildrenOrderedByModel(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . X . . . .
		. . . X O X . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	_, _, children := expandedRoot(t, b, rules.White, DefaultParams())
	probs := map[rules.Point]float64{}
	for _, mp := range New(DefaultParams()).MovePolicy(gameOf(t, b), rules.White) {
		probs[mp.Move] = mp.Probability
	}
	last := len(children) - 1
	assert.Equal(t, rules.Pass, children[last].move)
	assert.Equal(t, "E4", b.Vertex(children[0].move), "the escape from atari is the likeliest move")
	for i := 1; i < last; i++ {
		assert.GreaterOrEqual(t, probs[children[i-1].move], probs[children[i].move], "child %d", i)
		// the prior follows the child's own probability, not its slot's
		assert.GreaterOrEqual(t, children[i-1].priorWins/children[i-1].priorVisits,
			children[i].priorWins/children[i].priorVisits, "child %d", i)
	}
}

// gameOf is a game on b's position (Chinese rules, komi 7.5).
func gameOf(t *testing.T, b *rules.Board) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(b.Size, rules.Chinese, 7.5)
	require.NoError(t, err)
	var stones []rules.Move
	for i := 0; i < b.Len; i++ {
		if c := b.Color(rules.Point(i)); c == rules.Black || c == rules.White {
			stones = append(stones, rules.Move{Color: c, Point: rules.Point(i)})
		}
	}
	require.NoError(t, g.SetupStart(stones))
	return g
}

// Pachi's pattern prior (prior_sqrt): a child the model gives probability
// p gets prior_sqrt*sqrt(p) virtual visits, all won, on top of the even
// and model priors; under minSqrtPrior nothing.
func TestSqrtPrior(t *testing.T) {
	b, err := rules.NewBoard(19)
	require.NoError(t, err)
	base := DefaultParams()
	base.PriorSqrt = 0
	sq := base
	sq.PriorSqrt = 300
	_, _, plain := expandedRoot(t, b, rules.Black, base)
	_, w, with := expandedRoot(t, b, rules.Black, sq)
	require.Equal(t, len(plain), len(with))
	probs := make([]float32, len(with))
	moves := make([]rules.Point, len(with))
	for i := range with {
		moves[i] = with[i].move
	}
	w.know.rater.Rate(b, rules.Black, moves, probs)
	rare := 0
	for i := range with {
		require.Equal(t, plain[i].move, with[i].move, "the order does not depend on the prior's form")
		extra := float32(0)
		if moves[i] != rules.Pass && probs[i] >= minSqrtPrior {
			extra = 300 * float32(math.Sqrt(float64(probs[i])))
		} else {
			rare++
		}
		assert.InDelta(t, plain[i].priorVisits+extra, with[i].priorVisits, 1e-2, b.Vertex(moves[i]))
		assert.InDelta(t, plain[i].priorWins+extra, with[i].priorWins, 1e-2, b.Vertex(moves[i]))
	}
	assert.Positive(t, rare, "some moves of the empty 19x19 board are rarer than minSqrtPrior")
	assert.Less(t, rare, len(with), "and some are not")
}

// Progressive widening: a node considers its first widen_min children not
// excluded, one more each time its visits grow by widen_factor; the best
// valued child further down is chosen only once the node has the visits to
// reach it, and excluded children take no place.
func TestProgressiveWidening(t *testing.T) {
	b, err := rules.NewBoard(9)
	require.NoError(t, err)
	p := DefaultParams()
	p.WidenMin = 2
	p.WidenFactor = 2
	s, w, children := expandedRoot(t, b, rules.Black, p)
	// the fifth child is by far the best so far
	fifth := &children[4]
	fifth.visits.Store(100)
	fifth.wins.Store(100 * winUnit)
	root := &s.a.nodes[0]
	tests := []struct {
		visits   int32 // of the root
		excluded int   // children excluded from the first
		want     int   // child chosen
	}{
		{0, 0, 0}, // 2 children considered: the first two, equal but for the prior
		{6, 0, 0}, // 2 + floor(log2 7) = 4: the fifth is not among them
		{8, 0, 4}, // 2 + floor(log2 9) = 5
		{0, 3, 4}, // 2 considered after the three excluded: the fourth and fifth
		{0, 2, 2}, // the third and fourth
		{1000, 0, 4},
	}
	for _, tc := range tests {
		root.visits.Store(tc.visits)
		for i := range children {
			children[i].excluded.Store(0)
			if i < tc.excluded {
				children[i].excluded.Store(1)
			}
		}
		got := w.selectChild(root) - root.firstChild.Load()
		assert.Equal(t, tc.want, int(got), "visits %d, %d excluded", tc.visits, tc.excluded)
	}
}
