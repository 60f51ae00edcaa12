package engine

import (
	"sort"

	"github.com/gtpgo/gtpgo/rules"
)

// Analysis is a Snapshot with the detail analysis GUIs ask for beyond it:
// the visits along each candidate's principal variation, and the legal root
// moves the search has not visited yet.
type Analysis struct {
	Snapshot
	// PVVisits[i] holds the visits of each node along Candidates[i].PV (same
	// length, never increasing); PVs are re-read together with their visits.
	PVVisits [][]int
	// Unvisited are the root moves not visited yet, highest prior first,
	// with the win rate their prior knowledge gives and no LCB.
	Unvisited []Candidate
}

// AnalysisReport adapts fn to Limits.Report for a search run by e: besides
// the snapshot, fn gets what only the search tree knows. The returned
// function reads the tree of the search that calls it, so it must be used
// only as (or called from) the Report of a search of e.
func (e *Engine) AnalysisReport(fn func(Analysis)) func(Snapshot) {
	return func(snap Snapshot) {
		// The search's goroutines start after prepareRoot chose e.cur, and
		// no other search can start before this one returns (e.mu), so the
		// arena is read here without a race; node statistics are atomics
		// and children are published atomically.
		a := e.arenas[e.cur]
		root := &a.nodes[0]
		an := Analysis{Snapshot: snap, PVVisits: make([][]int, len(snap.Candidates))}
		children := a.children(root)
		byMove := make(map[rules.Point]*node, len(children))
		for i := range children {
			byMove[children[i].move] = &children[i]
		}
		mass := priorMass(children)
		candidate := make(map[rules.Point]bool, len(snap.Candidates))
		for _, c := range snap.Candidates {
			candidate[c.Move] = true
		}
		for i := range an.Candidates {
			c := &an.Candidates[i]
			n := byMove[c.Move]
			if n == nil {
				an.PVVisits[i] = make([]int, len(c.PV))
				continue
			}
			c.PV, an.PVVisits[i] = pvWithVisits(a, n, c.Visits)
		}
		for i := range children {
			ch := &children[i]
			// unvisited when the snapshot was taken (it may have a visit
			// by now: the workers run on)
			if candidate[ch.move] || ch.excluded.Load() != 0 {
				continue
			}
			c := Candidate{Move: ch.move, PV: []rules.Point{ch.move}, WinRate: 0.5}
			if ch.priorVisits > 0 {
				c.WinRate = float64(ch.priorWins) / float64(ch.priorVisits)
			}
			if mass > 0 {
				c.Prior = float64(ch.priorWins) / mass
			}
			an.Unvisited = append(an.Unvisited, c)
		}
		sort.SliceStable(an.Unvisited, func(i, j int) bool { return an.Unvisited[i].Prior > an.Unvisited[j].Prior })
		fn(an)
	}
}

// pvWithVisits is the principal variation from n, following the most
// visited children while they have two visits or more, with their visits
// (the snapshot's PVs and the analysis' PV visits); the first entry is
// the candidate's count in the snapshot, and later ones never exceed the
// one before (the tree grows while it is read, and a worker's virtual loss
// can briefly inflate a child).
func pvWithVisits(a *arena, n *node, visits int) ([]rules.Point, []int) {
	pv := []rules.Point{n.move}
	counts := []int{visits}
	for len(pv) < 30 {
		var best *node
		children := a.children(n)
		for i := range children {
			ch := &children[i]
			if ch.excluded.Load() == 0 && ch.visits.Load() > 0 && (best == nil || ch.visits.Load() > best.visits.Load()) {
				best = ch
			}
		}
		if best == nil {
			break
		}
		v := min(int(best.visits.Load()), counts[len(counts)-1])
		if v < 2 {
			break
		}
		pv = append(pv, best.move)
		counts = append(counts, v)
		n = best
	}
	return pv, counts
}

// ScoreSampler estimates the score lead of single root moves with playouts
// of their own (the tree keeps win counts, not scores): the mean final
// score, komi included, of playouts from the position after the move, for
// the player who made it. It is meant for a goroutine of its own next to a
// running search and is not safe for concurrent use.
type ScoreSampler struct {
	root     rules.Board
	color    rules.Color
	komi     float64
	maxMoves int
	pol      *policy
	rng      rules.Rand
	moves    []rules.Move
	sum      map[rules.Point]float64
	n        map[rules.Point]int
}

// NewScoreSampler prepares sampling for color's moves in g's current
// position with the playouts a search with p runs.
func NewScoreSampler(g *rules.Game, color rules.Color, p Params) *ScoreSampler {
	s := &ScoreSampler{color: color, komi: Komi(g), pol: newPolicy(),
		sum: map[rules.Point]float64{}, n: map[rules.Point]int{}}
	s.root.CopyFrom(g.Board())
	s.root.SetToMove(color)
	s.maxMoves = 3 * s.root.Size * s.root.Size
	s.pol.configure(p.playoutConfig(s.root.Size), s.root.Len)
	s.rng.Seed(uint64(p.Seed) ^ s.root.Hash() ^ 0x5C0E5A3B1E)
	return s
}

// Sample runs n more playouts after move (nothing when the move is not
// legal on the board).
func (s *ScoreSampler) Sample(move rules.Point, n int) {
	var b rules.Board
	for i := 0; i < n; i++ {
		b.CopyFrom(&s.root)
		if !b.Legal(move, s.color) {
			return
		}
		b.PlayLegal(move, s.color)
		s.moves = s.pol.playout(&b, s.color.Opponent(), &s.rng, s.maxMoves, s.moves[:0])
		lead := float64(b.PlayoutScore()) - s.komi
		if s.color == rules.White {
			lead = -lead
		}
		s.sum[move] += lead
		s.n[move]++
	}
}

// Samples is the number of playouts run after move so far.
func (s *ScoreSampler) Samples(move rules.Point) int { return s.n[move] }

// Lead is the estimated score lead after move: the mean of its playouts,
// shrunk towards prior (the search's overall estimate) as if prior had been
// seen weight times, so that a move with few samples is not reported with
// the noise of a handful of playouts.
func (s *ScoreSampler) Lead(move rules.Point, prior, weight float64) float64 {
	n := float64(s.n[move])
	if n+weight <= 0 {
		return prior
	}
	return (s.sum[move] + prior*weight) / (n + weight)
}
