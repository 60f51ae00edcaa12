package engine

import (
	"sync/atomic"
	"unsafe"

	"github.com/gtpgo/gtpgo/rules"
)

// winUnit is what a won playout adds to wins: fine enough for a draw (half)
// and for the score bonus's share of the result; 64 bits hold it for any
// number of visits.
const winUnit = 1024

// raveUnit is one plain AMAF visit in raveVisits: fine enough for the
// weights of RaveDistance.
const raveUnit = 16

// node is one position of the search tree, reached by move. Statistics are
// updated lock-free with atomics by all workers; wins are counted in win
// units (winUnit a win, half that a jigo) from the viewpoint of the player
// who played move.
// Children sit contiguously in the arena; firstChild is published (atomically)
// only after they are initialised, so readers see either no children or all.
type node struct {
	visits     atomic.Int32
	wins       atomic.Int64 // in win units (winUnit per won visit)
	raveVisits atomic.Int64 // AMAF visits in raveUnits (weighted, see backup)
	raveWins   atomic.Int64 // in win units times raveUnits
	firstChild atomic.Int32 // 0: no children (index 0 is the root, never a child)
	expanding  atomic.Int32 // 1 while one worker builds the children
	// excluded is 1 when the move is never to be selected here: it repeats
	// a position of the game or the path (superko, found while descending),
	// or, at the root, the game's rules forbid it or the root filter
	// (analysis avoid/allow) leaves it out
	excluded atomic.Int32
	// for the criticality of move's point (CritRave): playouts through
	// the node that ended with the point owned by their winner, and by the
	// player of move
	winnerOwns atomic.Int32
	moverOwns  atomic.Int32

	priorVisits float32 // virtual visits from prior knowledge (set before publication)
	priorWins   float32
	move        rules.Point
	nChildren   int16
}

// arena is a fixed-capacity node store; allocation is one atomic add, so the
// tree's memory is bounded by construction (set by the memory budget).
type arena struct {
	nodes []node
	used  atomic.Int32
}

const nodeBytes = int(unsafe.Sizeof(node{}))

func newArena(memoryMB int) *arena {
	n := memoryMB << 20 / nodeBytes / 2 // two arenas: one is the target of tree reuse
	if n > 1<<30 {
		n = 1 << 30
	}
	return &arena{nodes: make([]node, n)}
}

// alloc reserves n consecutive nodes and returns the first index, or -1 when
// the budget is exhausted (the search then stops growing the tree).
func (a *arena) alloc(n int) int32 {
	end := a.used.Add(int32(n))
	if int(end) > len(a.nodes) {
		return -1
	}
	return end - int32(n)
}

func (a *arena) full() bool { return int(a.used.Load()) >= len(a.nodes) }

// reset empties the arena, clearing the nodes used before (reused nodes must
// start from zeroed statistics).
func (a *arena) reset() {
	used := int(a.used.Load())
	if used > len(a.nodes) {
		used = len(a.nodes)
	}
	clear(a.nodes[:used])
	a.used.Store(0)
}

// children returns the child slice of n (empty if n is a leaf).
func (a *arena) children(n *node) []node {
	first := n.firstChild.Load()
	if first == 0 {
		return nil
	}
	return a.nodes[first : first+int32(n.nChildren)]
}

// copySubtree copies the subtree rooted at src in arena from into a (which must
// be empty) with its statistics, and returns the new root index.
func (a *arena) copySubtree(from *arena, src int32) {
	root := a.alloc(1)
	copyStats(&a.nodes[root], &from.nodes[src])
	type pair struct{ dst, src int32 }
	queue := []pair{{root, src}}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		s := &from.nodes[p.src]
		first := s.firstChild.Load()
		if first == 0 {
			continue
		}
		nc := int(s.nChildren)
		dst := a.alloc(nc)
		if dst < 0 {
			continue // out of room: keep this node as a leaf
		}
		for i := 0; i < nc; i++ {
			copyStats(&a.nodes[dst+int32(i)], &from.nodes[first+int32(i)])
			queue = append(queue, pair{dst + int32(i), first + int32(i)})
		}
		d := &a.nodes[p.dst]
		d.nChildren = int16(nc)
		d.firstChild.Store(dst)
	}
}

func copyStats(d, s *node) {
	d.visits.Store(s.visits.Load())
	d.wins.Store(s.wins.Load())
	d.raveVisits.Store(s.raveVisits.Load())
	d.raveWins.Store(s.raveWins.Load())
	d.excluded.Store(s.excluded.Load())
	d.winnerOwns.Store(s.winnerOwns.Load())
	d.moverOwns.Store(s.moverOwns.Load())
	d.priorVisits, d.priorWins = s.priorVisits, s.priorWins
	d.move = s.move
}

// winRate is the node's mean result for the player who played its move,
// counting prior virtual visits.
func (n *node) winRate() float64 {
	v := float64(n.visits.Load()) + float64(n.priorVisits)
	if v <= 0 {
		return 0.5
	}
	return (float64(n.wins.Load())/winUnit + float64(n.priorWins)) / v
}

// realWinRate ignores priors: the mean of real playouts only.
func (n *node) realWinRate() float64 {
	v := n.visits.Load()
	if v <= 0 {
		return 0.5
	}
	return float64(n.wins.Load()) / winUnit / float64(v)
}

// criticality of the node's move point (Coulom 2009): how much more often
// the playouts' winner owns it than chance would give from how often each
// side owns it and wins, over the playouts through the node.
func (n *node) criticality() float64 {
	v := float64(n.visits.Load())
	if v <= 0 {
		return 0
	}
	winnerOwns := float64(n.winnerOwns.Load()) / v
	moverOwns := float64(n.moverOwns.Load()) / v
	moverWins := n.realWinRate()
	return winnerOwns - (moverOwns*moverWins + (1-moverOwns)*(1-moverWins))
}
