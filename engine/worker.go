package engine

import (
	"math"

	"github.com/gtpgo/gtpgo/rules"
)

// worker runs simulations: descend the tree, expand a leaf, play out, back up.
// Everything it touches per simulation is preallocated here.
type worker struct {
	s          *search
	board      rules.Board
	rng        rules.Rand
	pol        *policy
	know       *knowledge
	path       []int32
	moves      []rules.Move
	pathHashes []uint64
	amaf       [rules.MaxPoints]rules.Color // first player of each point from some depth on
	amafAt     [rules.MaxPoints]int32       // and the index in moves where it played there
	cands      []rules.Point
}

func newWorker(s *search, seed uint64, pol *policy, know *knowledge) *worker {
	pol.configure(s.playoutCfg, s.root.Len)
	w := &worker{s: s, pol: pol, know: know,
		path: make([]int32, 0, 64), moves: make([]rules.Move, 0, 4*rules.MaxPoints),
		pathHashes: make([]uint64, 0, 64), cands: make([]rules.Point, 0, rules.MaxPoints)}
	w.rng.Seed(seed)
	return w
}

// simulate runs one simulation from the root.
func (w *worker) simulate() {
	s := w.s
	a := s.a
	b := &w.board
	b.CopyFrom(&s.root)
	w.path = append(w.path[:0], 0)
	w.moves = w.moves[:0]
	w.pathHashes = w.pathHashes[:0]
	vl := int32(s.p.VirtualLoss)
	c := s.color
	n := &a.nodes[0]
	for b.Passes() < 2 && !s.lim.PlayoutsOnly {
		idx := w.selectChild(n)
		if idx < 0 {
			break
		}
		ch := &a.nodes[idx]
		ch.visits.Add(vl)
		if ch.move != rules.Pass {
			h := b.HashAfter(ch.move, c)
			if w.repeats(h) {
				// positional superko inside the tree: this move is never playable here
				ch.excluded.Store(1)
				ch.visits.Add(-vl)
				w.revertVirtualLoss()
				return
			}
			w.pathHashes = append(w.pathHashes, h)
		}
		b.PlayLegal(ch.move, c)
		w.path = append(w.path, idx)
		w.moves = append(w.moves, rules.Move{Color: c, Point: ch.move})
		c = c.Opponent()
		n = ch
	}
	if b.Passes() < 2 && !s.lim.PlayoutsOnly && n.firstChild.Load() == 0 && n.visits.Load() >= int32(s.p.ExpandVisits)+vl && !a.full() {
		w.expand(n, b, c)
	}
	w.moves = w.pol.playout(b, c, &w.rng, s.maxMoves, w.moves)
	w.backup(b)
}

// repeats tells whether a position hash occurred in the game or on the path.
func (w *worker) repeats(h uint64) bool {
	if _, ok := w.s.history[h]; ok {
		return true
	}
	for _, ph := range w.pathHashes {
		if ph == h {
			return true
		}
	}
	return false
}

func (w *worker) revertVirtualLoss() {
	vl := int32(w.s.p.VirtualLoss)
	for _, idx := range w.path[1:] {
		w.s.a.nodes[idx].visits.Add(-vl)
	}
}

// selectChild returns the arena index of the child of n to descend into, or
// -1 if n has no (unpruned) children. The value blends the child's win rate
// (with prior virtual visits) and its AMAF win rate, RAVE-style.
func (w *worker) selectChild(n *node) int32 {
	a := w.s.a
	first := n.firstChild.Load()
	if first == 0 {
		return -1
	}
	children := a.nodes[first : first+int32(n.nChildren)]
	equiv := w.s.p.RaveEquiv
	expl := w.s.p.Exploration
	logN := 0.0
	if expl > 0 {
		logN = math.Log(float64(n.visits.Load()) + 1)
	}
	// criticality weighs in where the node has seen enough playouts to
	// measure it: a share of the root's, so it scales with the budget
	critRave := w.s.p.CritRave
	critFrom := int32(math.MaxInt32)
	if critRave > 0 {
		critFrom = int32(w.s.p.CritMinShare * float64(a.nodes[0].visits.Load()))
	}
	// progressive widening: the children are ordered by prior, and only
	// the first few of those not excluded are considered, more as the
	// node's visits grow
	widen := len(children)
	if wm := w.s.p.WidenMin; wm > 0 {
		widen = wm + int(math.Log(float64(n.visits.Load())+1)*w.s.widenScale)
	}
	best, bestVal := int32(-1), -1.0
	for i := range children {
		ch := &children[i]
		if ch.excluded.Load() != 0 {
			continue
		}
		if widen--; widen < 0 {
			break
		}
		v := float64(ch.visits.Load())
		nv := v + float64(ch.priorVisits)
		q := 0.5
		if nv > 0 {
			q = (float64(ch.wins.Load())/winUnit + float64(ch.priorWins)) / nv
		}
		if rw := float64(ch.raveVisits.Load()); rw > 0 {
			rv := rw / raveUnit
			rq := float64(ch.raveWins.Load()) / winUnit / rw
			if int32(v) > critFrom {
				// Pachi's crit_rave: a critical point's AMAF value gains
				// virtual wins in proportion to its criticality (a
				// negative one, losses)
				if c := ch.criticality() * rv * critRave; rv+c > 0 {
					rq = (rq*rv + c) / (rv + c)
					rv += c
				}
			}
			beta := rv / (rv + nv + rv*nv/equiv)
			q = (1-beta)*q + beta*rq
		}
		if expl > 0 {
			q += expl * math.Sqrt(logN/(v+1))
		}
		if q > bestVal {
			best, bestVal = first+int32(i), q
		}
	}
	return best
}

// expand gives n its children: every legal move of c that does not fill an
// own one-point eye, and pass, each with prior knowledge.
func (w *worker) expand(n *node, b *rules.Board, c rules.Color) {
	if !n.expanding.CompareAndSwap(0, 1) {
		return
	}
	w.cands = w.cands[:0]
	for i := 0; i < b.EmptyCount(); i++ {
		p := b.EmptyAt(i)
		if b.LegalEmpty(p, c) && !b.IsEye(p, c) {
			w.cands = append(w.cands, p)
		}
	}
	w.cands = append(w.cands, rules.Pass)
	a := w.s.a
	first := a.alloc(len(w.cands))
	if first < 0 {
		return // out of memory: n stays a leaf for good
	}
	children := a.nodes[first : first+int32(len(w.cands))]
	w.rateChildren(b, c, w.cands, children)
	n.nChildren = int16(len(w.cands))
	n.firstChild.Store(first)
}

// backup propagates the playout result up the path: win counts for every
// node, and AMAF counts for the children of every node on the path.
func (w *worker) backup(b *rules.Board) {
	s := w.s
	a := s.a
	score := b.PlayoutScore()
	n := s.playouts.Add(1)
	s.scoreSum.Add(int64(score))
	if n > s.ownershipFrom {
		w.recordOwnership(b)
	}

	diff := float64(score) - s.komi
	winner := rules.White // a jigo counts as White's, as in Pachi
	if diff > 0 {
		winner = rules.Black
	}
	if w.pol.lgrf && diff != 0 {
		w.pol.learn(w.moves, winner)
	}
	blackWon := playoutValue(diff, s.p.ScoreBonus, s.marginScale)
	crit := s.p.CritRave > 0
	result := func(c rules.Color) int64 {
		if c == rules.Black {
			return blackWon
		}
		return winUnit - blackWon
	}

	// amaf[p] = first player of p among the moves from the current depth on;
	// filled backwards so earlier moves overwrite later ones.
	clear(w.amaf[:b.Len])
	depth := len(w.path) - 1
	for i := len(w.moves) - 1; i >= depth; i-- {
		if m := w.moves[i]; m.Point != rules.Pass {
			w.amaf[m.Point] = m.Color
			w.amafAt[m.Point] = int32(i)
		}
	}
	// A move's AMAF weight, in raveUnits: one plain visit, plus up to
	// RaveDistance more for a move played right after the node, falling
	// linearly to nothing at the end of the playout (Fuego's
	// weight_rave_updates, Pachi's distance_rave): a move played at once
	// tells more about the node's child than one played fifty moves later.
	extra := int64(s.p.RaveDistance*raveUnit + 0.5)
	length := int64(len(w.moves))
	vl := int32(s.p.VirtualLoss)
	for i := depth; i >= 0; i-- {
		nd := &a.nodes[w.path[i]]
		toMove := s.color
		if i%2 == 1 {
			toMove = s.color.Opponent()
		}
		if first := nd.firstChild.Load(); first != 0 {
			r := result(toMove)
			children := a.nodes[first : first+int32(nd.nChildren)]
			for j := range children {
				ch := &children[j]
				if ch.move != rules.Pass && w.amaf[ch.move] == toMove {
					wt := int64(raveUnit)
					if extra > 0 {
						wt += extra * (length - int64(w.amafAt[ch.move])) / (length - int64(i))
					}
					ch.raveVisits.Add(wt)
					ch.raveWins.Add(r * wt)
				}
			}
		}
		if i > 0 {
			nd.visits.Add(1 - vl)
			m := w.moves[i-1]
			nd.wins.Add(result(m.Color))
			if crit && m.Point != rules.Pass {
				owner := pointOwner(b, m.Point)
				if owner == winner {
					nd.winnerOwns.Add(1)
				}
				if owner == m.Color {
					nd.moverOwns.Add(1)
				}
			}
			if m.Point != rules.Pass {
				w.amaf[m.Point] = m.Color
				w.amafAt[m.Point] = int32(i - 1)
			}
		} else {
			nd.visits.Add(1)
			nd.wins.Add(result(toMove.Opponent()))
		}
	}
}

// playoutValue is Black's result of a playout in win units, from Black's
// area lead over komi: winUnit a win, half of it a jigo, 0 a loss. With a
// score bonus k, a share k of the value follows the margin instead (linear,
// full at marginScale points), so that among moves that all win, or all
// lose, the search prefers the bigger margin; any win still beats any jigo
// and any jigo any loss while k < 1/2.
func playoutValue(diff, k, marginScale float64) int64 {
	var v int64
	switch {
	case diff > 0:
		v = winUnit
	case diff == 0:
		v = winUnit / 2
	}
	if k > 0 {
		m := max(-1, min(1, diff/marginScale))
		v = int64(math.Round((1-k)*float64(v) + k*winUnit*(0.5+0.5*m)))
	}
	return v
}

// recordOwnership counts a playout in the search's ownership and adds the
// final owner of every point to its sums: a stone's colour, or the colour
// of all the neighbours of an empty point.
func (w *worker) recordOwnership(b *rules.Board) {
	w.s.ownerPlayouts.Add(1) // before the sums: see ownershipMeans
	owner := w.s.owner
	for i := 0; i < b.Len; i++ {
		switch pointOwner(b, rules.Point(i)) {
		case rules.Black:
			owner[i].Add(1)
		case rules.White:
			owner[i].Add(-1)
		}
	}
}

// pointOwner is who owns p at the end of a playout: a stone's colour, or
// the colour of all the neighbours of an empty point (Empty if they are
// mixed, or p is off the board).
func pointOwner(b *rules.Board, p rules.Point) rules.Color {
	switch col := b.Color(p); col {
	case rules.Black, rules.White:
		return col
	case rules.Empty:
		var seen rules.Color
		for _, d := range b.Neighbors() {
			if col := b.Color(p + rules.Point(d)); col != rules.Border {
				seen |= col
			}
		}
		if seen == rules.Black || seen == rules.White {
			return seen
		}
	}
	return rules.Empty
}
