package engine

import (
	"slices"

	"github.com/gtpgo/gtpgo/rules"
)

// Limits of the enclosed-area reading. Only small areas are read (at most
// enclosedMaxEmpty empty points, enclosedMaxPoints in all); a wall chain with
// at most enclosedShortLibs liberties outside the area brings them into the
// fight. An owner that has not captured within enclosedDepth plies cannot
// (a ko the players left, typically); a reading that spends
// enclosedNodeBudget nodes proves nothing and leaves the judgement as it was,
// and once the areas of a board have spent enclosedBoardBudget the rest are
// not read (a bound on final_score's time: the slowest of the 6,500 KGS
// positions takes 70 ms, the median 0.25 ms).
const (
	enclosedMaxEmpty    = 4
	enclosedMaxPoints   = 8
	enclosedShortLibs   = 3
	enclosedDepth       = 14
	enclosedNodeBudget  = 50000
	enclosedBoardBudget = 200000
)

// spareUncapturable reads out the small enclosed areas that hold stones
// judged dead: the empty points and stones of the dead colour around them,
// walled in by the opponent. Playouts kill such stones whenever the random
// moves fill the area, but in a corner seki (stones on the 1-2 and 2-1 points
// inside a short-of-liberties wall, say) the owner cannot take them: every
// move that would is self-atari. If the owner, moving first and playing only
// inside the area or on the wall's last liberties, cannot capture them all
// without losing a wall chain, the stones are not dead: they are marked in
// seki, and the area's points go to nobody. On the 6,500 counted KGS games
// this turns 27 results exact and none wrong, 8 more winners right
// (scripts/kgsjudge). Areas of 9 or 10 points would add 2 and break 8: the
// walls around them have several chains, and the local reading misses how
// they connect outside.
func spareUncapturable(b *rules.Board, status rules.StatusMap) {
	done := make([]bool, b.Len) // dead stones already read with their area
	mark := make([]int, b.Len)  // area membership, by stamp
	stamp := 0
	var area, stack, targets, moves, guards, libs []rules.Point
	var removed []rules.Move
	var boards []rules.Board  // the readers' boards, one per ply, shared
	var cands [][]rules.Point // the readers' move lists, one per ply
	left := enclosedBoardBudget
	for _, p := range b.Points() {
		if left <= 0 {
			return
		}
		c := b.Color(p)
		if (c != rules.Black && c != rules.White) || done[p] || status.At(p) != rules.Dead {
			continue
		}
		owner := c.Opponent()
		// the area: everything reachable from p through points that are not
		// the owner's stones
		stamp++
		area, stack = area[:0], append(stack[:0], p)
		mark[p] = stamp
		empty, ok := 0, true
		for len(stack) > 0 && ok {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			area = append(area, s)
			switch {
			case b.Color(s) == rules.Empty:
				empty++
			case status.At(s) != rules.Dead:
				ok = false // a living chain of the dead colour: not enclosed
			default:
				done[s] = true
			}
			for _, d := range b.Neighbors() {
				q := s + rules.Point(d)
				if qc := b.Color(q); qc != rules.Border && qc != owner && mark[q] != stamp {
					mark[q] = stamp
					stack = append(stack, q)
				}
			}
			ok = ok && empty <= enclosedMaxEmpty && len(area) <= enclosedMaxPoints
		}
		if !ok {
			continue
		}
		targets, guards = targets[:0], guards[:0]
		for _, s := range area {
			if b.Color(s) == c {
				targets = append(targets, s)
			}
		}
		// the wall: the owner's chains around the area; the liberties outside
		// the area of the short ones are part of the fight
		moves = append(moves[:0], area...)
		for _, s := range area {
			for _, d := range b.Neighbors() {
				q := s + rules.Point(d)
				if b.Color(q) != owner || sameChainAs(b, guards, q) {
					continue
				}
				guards = append(guards, q)
				libs = b.ChainLiberties(q, libs[:0])
				outside := libs[:0]
				for _, l := range libs {
					if mark[l] != stamp {
						outside = append(outside, l)
					}
				}
				if len(outside) <= enclosedShortLibs {
					for _, l := range outside {
						if !slices.Contains(moves, l) {
							moves = append(moves, l)
						}
					}
				}
			}
		}
		if boards == nil { // most positions have no area to read
			boards, cands = make([]rules.Board, enclosedDepth+1), make([][]rules.Point, enclosedDepth+1)
		}
		r := enclosedReader{attacker: owner, targets: targets, guards: guards, moves: moves, inside: len(area),
			budget: min(enclosedNodeBudget, left), boards: boards, cands: cands}
		r.boards[0].CopyFrom(b)
		// the other dead stones of that colour come off first: the owner
		// may take them, and their points are liberties of the wall
		removed = removed[:0]
		for _, q := range b.Points() {
			if b.Color(q) == c && status.At(q) == rules.Dead && mark[q] != stamp {
				removed = append(removed, rules.Move{Color: rules.Empty, Point: q})
			}
		}
		if r.boards[0].SetStones(removed) != nil {
			continue
		}
		win := r.attackerWins(0, owner, 0)
		left -= min(enclosedNodeBudget, left) - r.budget
		if win || r.cutoff {
			continue
		}
		for _, s := range targets {
			status[s] = rules.Seki
		}
	}
}

// sameChainAs tells whether p's chain has a stone in stones.
func sameChainAs(b *rules.Board, stones []rules.Point, p rules.Point) bool {
	for _, s := range stones {
		if b.ChainHead(s) == b.ChainHead(p) {
			return true
		}
	}
	return false
}

// enclosedReader is a small exhaustive search of one enclosed area.
type enclosedReader struct {
	attacker rules.Color
	targets  []rules.Point   // the defender's stones to capture
	guards   []rules.Point   // one stone of each attacker chain walling the area
	moves    []rules.Point   // where either side may play: the area first
	inside   int             // how many of moves are the area's
	cands    [][]rules.Point // the moves tried, one list per ply
	boards   []rules.Board   // one per ply
	budget   int
	cutoff   bool // some line ran out of budget
}

// attackerWins tells whether the attacker captures every target before
// losing a guard chain, with toMove to play on boards[ply] after the given
// number of consecutive passes. Two passes, or running out of depth, are a
// loss for the attacker; so is running out of budget, but that sets cutoff:
// the reading proved nothing.
func (r *enclosedReader) attackerWins(ply int, toMove rules.Color, passes int) bool {
	b := &r.boards[ply]
	for _, g := range r.guards {
		if b.Color(g) != r.attacker {
			return false
		}
	}
	captured := true
	for _, t := range r.targets {
		captured = captured && b.Color(t) != r.attacker.Opponent()
	}
	if captured {
		return true
	}
	r.budget--
	if passes == 2 {
		return false
	}
	if ply == len(r.boards)-1 {
		return false
	}
	if r.budget <= 0 {
		r.cutoff = true
		return false
	}
	attacking := toMove == r.attacker
	next := &r.boards[ply+1]
	// besides the fixed points, the attacker may take a defender stone
	// played outside the area that it has put in atari
	cands := append(r.cands[ply][:0], r.moves...)
	if attacking {
		for _, m := range r.moves[r.inside:] {
			if b.Color(m) == r.attacker.Opponent() && b.Liberties(m) == 1 {
				if l := b.AtariPoint(m); !slices.Contains(cands, l) {
					cands = append(cands, l)
				}
			}
		}
	}
	r.cands[ply] = cands
	for _, m := range cands {
		if b.Color(m) != rules.Empty || !b.Legal(m, toMove) {
			continue
		}
		next.CopyFrom(b)
		next.PlayLegal(m, toMove)
		if r.attackerWins(ply+1, toMove.Opponent(), 0) == attacking {
			return attacking
		}
	}
	next.CopyFrom(b)
	next.PlayLegal(rules.Pass, toMove)
	return r.attackerWins(ply+1, toMove.Opponent(), passes+1)
}
