package engine

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// Criticality from a node's counts: zero when owning the point and winning
// are independent or the point always goes the same way, positive when the
// winner is the one who gets it, negative when the loser does.
func TestCriticality(t *testing.T) {
	tests := []struct {
		name                                string
		visits, wins, winnerOwns, moverOwns int32
		want                                float64
	}{
		{"owner always wins", 100, 50, 100, 50, 0.5},
		{"independent", 100, 50, 50, 50, 0},
		{"always the mover's", 100, 50, 50, 100, 0},
		{"owner always loses", 100, 50, 0, 50, -0.5},
		// mover wins 80%, owns 50%; winner owns 60%: 0.6 - (0.4 + 0.1)
		{"partly", 100, 80, 60, 50, 0.1},
		{"no visits", 0, 0, 0, 0, 0},
	}
	for _, tc := range tests {
		var n node
		n.visits.Store(tc.visits)
		n.wins.Store(int64(tc.wins) * winUnit)
		n.winnerOwns.Store(tc.winnerOwns)
		n.moverOwns.Store(tc.moverOwns)
		assert.InDelta(t, tc.want, n.criticality(), 1e-9, tc.name)
	}
}

// backup counts, for each node on the path, who owned its move's point at
// the end of the playout: Black's C3 stands on the board, so its mover owns
// it every time and its winner owns it only when Black wins. Off (CritRave
// 0), nothing is counted.
func TestBackupCountsOwnersForCriticality(t *testing.T) {
	b, err := rules.NewBoard(9)
	require.NoError(t, err)
	c3 := vertices(t, b, "C3")[0]
	require.NoError(t, b.Play(c3, rules.Black))
	tests := []struct {
		crit                  float64
		komi                  float64 // Black has 5 points: C3 and its neighbours
		winnerOwns, moverOwns int32
	}{
		{1, -7.5, 1, 1},
		{1, 7.5, 0, 1},
		{0, -7.5, 0, 0},
	}
	for _, tc := range tests {
		p := DefaultParams()
		p.CritRave = tc.crit
		s := &search{p: p, a: newArena(16), color: rules.Black, komi: tc.komi,
			owner: make([]atomic.Int32, b.Len), ownershipFrom: 1 << 40}
		root := s.a.alloc(1)
		child := s.a.alloc(1)
		s.a.nodes[child].move = c3
		s.a.nodes[root].nChildren = 1
		s.a.nodes[root].firstChild.Store(child)
		w := &worker{s: s, pol: newPolicy(), path: []int32{root, child},
			moves: []rules.Move{{Color: rules.Black, Point: c3}}}
		w.backup(b)
		ch := &s.a.nodes[child]
		assert.Equal(t, tc.winnerOwns, ch.winnerOwns.Load(), "crit %v komi %v", tc.crit, tc.komi)
		assert.Equal(t, tc.moverOwns, ch.moverOwns.Load(), "crit %v komi %v", tc.crit, tc.komi)
	}
}
