package engine

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// The AMAF update of the root's children after one playout: each child
// whose move the player to move played first somewhere in the playout gets
// an AMAF visit weighted by how soon it came (RaveDistance), and its AMAF
// value is the playout's result whatever the weight.
func TestAMAFWeights(t *testing.T) {
	b, err := rules.NewBoard(9)
	require.NoError(t, err)
	pts := vertices(t, b, "C3", "G7", "E5", "D4", "F6", "J9")
	soon, middle, late, whiteMove, never := pts[0], pts[2], pts[4], pts[1], pts[5]
	// the playout: Black C3, White G7, Black E5, White D4, Black F6; the
	// board with nothing on it scores 0, which wins for Black at a komi of -7.5
	moves := []rules.Move{
		{Color: rules.Black, Point: soon}, {Color: rules.White, Point: whiteMove},
		{Color: rules.Black, Point: middle}, {Color: rules.White, Point: pts[3]},
		{Color: rules.Black, Point: late},
	}
	children := []rules.Point{soon, middle, late, whiteMove, never}
	tests := []struct {
		distance float64
		want     []int64 // raveVisits of children, in raveUnits
	}{
		{0, []int64{raveUnit, raveUnit, raveUnit, 0, 0}},
		// extra 3 units: 3*5/5, 3*3/5, 3*1/5 of a visit (in raveUnits, rounded down)
		{3, []int64{raveUnit + 48, raveUnit + 48*3/5, raveUnit + 48/5, 0, 0}},
	}
	for _, tc := range tests {
		p := DefaultParams()
		p.RaveDistance = tc.distance
		s := &search{p: p, a: newArena(16), color: rules.Black, komi: -7.5,
			owner: make([]atomic.Int32, b.Len), ownershipFrom: 1 << 40}
		root := s.a.alloc(1)
		first := s.a.alloc(len(children))
		for i, m := range children {
			s.a.nodes[first+int32(i)].move = m
		}
		s.a.nodes[root].nChildren = int16(len(children))
		s.a.nodes[root].firstChild.Store(first)
		w := &worker{s: s, pol: newPolicy(), path: []int32{root}, moves: moves}
		w.backup(b)
		for i, want := range tc.want {
			ch := &s.a.nodes[first+int32(i)]
			assert.Equal(t, want, ch.raveVisits.Load(), "distance %v, child %d", tc.distance, i)
			// Black won: the AMAF value of Black's moves is a win
			assert.Equal(t, want*winUnit, ch.raveWins.Load(), "distance %v, child %d", tc.distance, i)
		}
	}
}
