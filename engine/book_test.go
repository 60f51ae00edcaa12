package engine

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// With the book on, the full engine answers the positions of the opening
// book with a popular move of strong players, without a search; elsewhere,
// with the book off, below full strength and under an analysis' root
// filter, it searches.
func TestGenMoveFromBook(t *testing.T) {
	// the 4-4 and 3-4 points: the two popular first moves (the 3-3 point,
	// the 5-4 and the centre are played too, by far less often)
	popular := map[string]bool{}
	for _, v := range []string{"D4", "Q4", "D16", "Q16", "C4", "D3", "Q3", "R4", "C16", "D17", "Q17", "R16"} {
		popular[v] = true
	}
	tests := []struct {
		name     string
		size     int
		moves    []string // played before, alternately from Black
		book     bool
		level    int
		filter   bool
		fromBook bool
	}{
		{name: "empty 19x19", size: 19, book: true, level: MaxLevel, fromBook: true},
		{name: "after the 4-4 point", size: 19, moves: []string{"Q16"}, book: true, level: MaxLevel, fromBook: true},
		{name: "book off", size: 19, book: false, level: MaxLevel},
		{name: "9x9", size: 9, book: true, level: MaxLevel},
		{name: "a level", size: 19, book: true, level: 5},
		{name: "root filter", size: 19, book: true, level: MaxLevel, filter: true},
		{name: "out of the book", size: 19, moves: []string{"K10", "K9", "K11", "K8"}, book: true, level: MaxLevel},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := rules.NewGame(tc.size, rules.Chinese, 7.5)
			require.NoError(t, err)
			c := rules.Black
			for _, v := range tc.moves {
				p, err := g.Board().ParseVertex(v)
				require.NoError(t, err)
				require.NoError(t, g.Play(p, c))
				c = c.Opponent()
			}
			p := DefaultParams()
			p.Threads, p.Seed, p.Book, p.Level = 1, 7, tc.book, tc.level
			lim := Limits{Playouts: 50}
			if tc.filter {
				lim.RootFilter = func(rules.Point) bool { return true }
			}
			res := New(p).GenMove(context.Background(), g, c, lim, false)
			assert.Equal(t, tc.fromBook, res.FromBook)
			require.NoError(t, g.Check(res.Move, c))
			if tc.fromBook {
				assert.Zero(t, res.Playouts)
				if len(tc.moves) == 0 {
					assert.True(t, popular[g.Board().Vertex(res.Move)], g.Board().Vertex(res.Move))
				}
			} else {
				assert.Positive(t, res.Playouts)
			}
		})
	}
}

// The book's draw follows how often strong players chose each move: from
// the empty board, over many seeds, the 4-4 point (played about three times
// as often as the 3-4 point) comes more often, and nothing rarer than a
// quarter of the most popular move's count is ever drawn.
func TestBookDrawFollowsCounts(t *testing.T) {
	g, err := rules.NewGame(19, rules.Chinese, 7.5)
	require.NoError(t, err)
	p := DefaultParams()
	p.Book = true
	fourFour, threeFour := 0, 0
	for seed := int64(1); seed <= 200; seed++ {
		p.Seed = seed
		m, ok := New(p).bookMove(g, rules.Black, Limits{})
		require.True(t, ok)
		x, y := g.Board().XY(m)
		lo, hi := min(x, y, 18-x, 18-y), max(min(x, 18-x), min(y, 18-y))
		switch {
		case lo == 3 && hi == 3:
			fourFour++
		case lo == 2 && hi == 3:
			threeFour++
		default:
			t.Fatalf("seed %d: %s is neither the 4-4 nor the 3-4 point", seed, g.Board().Vertex(m))
		}
	}
	assert.Greater(t, fourFour, 2*threeFour, "4-4 %d, 3-4 %d", fourFour, threeFour)
	assert.Positive(t, threeFour)
}
