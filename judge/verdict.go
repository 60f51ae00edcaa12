package judge

import (
	"errors"
	"slices"

	"github.com/gtpgo/gtpgo/rules"
)

// Ownership is what the judgement reads of the playouts: how often each
// point ended Black's (+1) or White's (-1), in playouts where Black moved
// first and in playouts where White did.
type Ownership struct {
	BlackFirst, WhiteFirst []float64
}

// Merged is the ownership the final status reads: each stone's point from
// the playouts where the opponent moved first (a chain is only alive if it
// survives the opponent moving first, as at the end of a game), each empty
// point the average of both.
func (o Ownership) Merged(b *rules.Board) []float64 {
	own := make([]float64, b.Len)
	for _, p := range b.Points() {
		switch b.Color(p) {
		case rules.Black:
			own[p] = o.WhiteFirst[p]
		case rules.White:
			own[p] = o.BlackFirst[p]
		default:
			own[p] = (o.WhiteFirst[p] + o.BlackFirst[p]) / 2
		}
	}
	return own
}

// Verdict is the judgement of a position: the status of every stone (what
// final_score and final_status_list report, and what a pass is decided on),
// and where play still matters.
type Verdict struct {
	Status rules.StatusMap
	// Open are the points where a move still matters: the empty points that
	// are neither sure territory of a living group nor dame, and the
	// liberties of the chains whose fate depends on who moves first. The
	// board is settled when there are none.
	Open []rules.Point
	// Contested are the stones whose status depends on who moves first:
	// Status gives them the verdict of the opponent moving first, as at the
	// end of the game, but in the middle of one their fight is still open.
	Contested []rules.Point
}

// Settled tells whether the game is over but for the passes: every empty
// point is territory of a living group or dame, and no group's fate depends
// on who moves next.
func (v *Verdict) Settled() bool { return len(v.Open) == 0 }

// Verdict judges the position on b from the ownership of playouts with
// either side moving first: the final status (FinalJudge of the merged
// ownership), and the points still open. A chain whose status the
// judgement from Black-first playouts and the one from White-first ones
// disagree on is fought over; an empty region bordered by one colour's
// living chains is its territory only if that colour owns each of its
// points at least TerritoryOwnership in both; a region bordered by both is
// settled where each point touches both (dame); an empty board is open.
func (jp *Params) Verdict(b *rules.Board, own Ownership) Verdict {
	// one node budget for all the readings: the time of a verdict is
	// bounded on any board
	benson, left := rules.PassAlive(b), jp.EnclosedBoardBudget
	v := Verdict{Status: jp.finalJudge(b, own.Merged(b), rules.Empty, benson, &left)}
	blackFirst := jp.finalJudge(b, own.BlackFirst, rules.Black, benson, &left)
	whiteFirst := jp.finalJudge(b, own.WhiteFirst, rules.White, benson, &left)
	open := make([]bool, b.Len)
	var libs []rules.Point
	var scratch rules.Board
	scratch.CopyFrom(b) // chain walks mark the board
	for _, p := range b.Points() {
		c := b.Color(p)
		if (c == rules.Black || c == rules.White) && blackFirst.At(p) != whiteFirst.At(p) {
			v.Contested = append(v.Contested, p)
			libs = scratch.ChainLiberties(p, libs[:0])
			for _, l := range libs {
				open[l] = true
			}
		}
	}
	atariFights(b, v.Status, &scratch, &v, open)
	jp.openRegions(b, v.Status, own, open)
	for _, p := range b.Points() {
		if open[p] {
			v.Open = append(v.Open, p)
		}
	}
	return v
}

// atariFights adds to v the chains in atari whose fate is still open, which
// the playouts' ownership can miss (it averages over many random lines): a
// living chain in atari, which the opponent captures by moving first; and a
// dead one whose owner, moving first, either escapes with two liberties or
// more while capturing a living chain of the opponent or putting it in
// atari, or captures a living chain in atari next to it (capturing races).
// Their chains are contested, and the liberty and the capturing points
// open.
func atariFights(b *rules.Board, status rules.StatusMap, scratch *rules.Board, v *Verdict, open []bool) {
	seen := make([]bool, b.Len)
	for _, p := range v.Contested {
		seen[b.ChainHead(p)] = true
	}
	var lib, stones []rules.Point
	for _, p := range b.Points() {
		c := b.Color(p)
		if (c != rules.Black && c != rules.White) || seen[b.ChainHead(p)] || b.Liberties(p) != 1 {
			continue
		}
		seen[b.ChainHead(p)] = true
		lib = scratch.ChainLiberties(p, lib[:0])
		l := lib[0]
		stones = b.ChainStones(p, stones[:0])
		fight := false
		if status.At(p) == rules.Dead {
			fight = playable(b, l, c) && b.LibertiesAfter(l, c, 2) >= 2 && threatensLiving(b, status, l, c.Opponent())
			for _, q := range capturableNeighbours(b, status, scratch, stones) {
				fight, open[q] = true, true
			}
		} else {
			fight = playable(b, l, c.Opponent())
		}
		if fight {
			v.Contested = append(v.Contested, stones...)
			open[l] = true
		}
	}
}

// capturableNeighbours are the points where the owner of stones (a chain)
// captures a living opponent chain next to it that is in atari: a
// capturing race whose winner is who moves first.
func capturableNeighbours(b *rules.Board, status rules.StatusMap, scratch *rules.Board, stones []rules.Point) []rules.Point {
	c := b.Color(stones[0])
	var out, lib []rules.Point
	for _, s := range stones {
		for _, d := range b.Neighbors() {
			q := s + rules.Point(d)
			if b.Color(q) != c.Opponent() || status.At(q) == rules.Dead || b.Liberties(q) != 1 {
				continue
			}
			lib = scratch.ChainLiberties(q, lib[:0])
			if playable(b, lib[0], c) && !slices.Contains(out, lib[0]) {
				out = append(out, lib[0])
			}
		}
	}
	return out
}

// playable tells whether c may play at p now or, where only the ko rule
// forbids it, after a move elsewhere: a ko is a fight still open.
func playable(b *rules.Board, p rules.Point, c rules.Color) bool {
	err := b.Check(p, c)
	return err == nil || errors.Is(err, rules.ErrKo)
}

// threatensLiving tells whether a move on l takes the last liberty or the
// last but one of a living chain of colour opp.
func threatensLiving(b *rules.Board, status rules.StatusMap, l rules.Point, opp rules.Color) bool {
	for _, d := range b.Neighbors() {
		q := l + rules.Point(d)
		if b.Color(q) == opp && status.At(q) != rules.Dead && b.Liberties(q) <= 2 {
			return true
		}
	}
	return false
}

// Dame tells whether the empty point p touches living stones of both
// colours (a neutral point between them).
func Dame(b *rules.Board, status rules.StatusMap, p rules.Point) bool {
	return touchesAlive(b, status, p, rules.Black) && touchesAlive(b, status, p, rules.White)
}

// living tells whether the stone on p counts as a living chain's.
func living(b *rules.Board, status rules.StatusMap, p rules.Point) bool {
	c := b.Color(p)
	return (c == rules.Black || c == rules.White) && status.At(p) != rules.Dead
}

// openRegions marks the open points of the regions of empty points and dead
// stones (see Verdict).
func (jp *Params) openRegions(b *rules.Board, status rules.StatusMap, own Ownership, open []bool) {
	seen := make([]bool, b.Len)
	var region, stack []rules.Point
	for _, start := range b.Points() {
		if seen[start] || living(b, status, start) {
			continue
		}
		region, stack = region[:0], append(stack[:0], start)
		seen[start] = true
		var borders rules.Color // Black | White bits of the living chains around
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			region = append(region, p)
			for _, d := range b.Neighbors() {
				q := p + rules.Point(d)
				switch {
				case b.Color(q) == rules.Border:
				case living(b, status, q):
					borders |= b.Color(q)
				case !seen[q]:
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
		for _, p := range region {
			if b.Color(p) != rules.Empty {
				continue // a dead stone: its point goes with the region
			}
			switch borders {
			case rules.Black, rules.White:
				sign := 1.0
				if borders == rules.White {
					sign = -1
				}
				if own.BlackFirst[p]*sign < jp.TerritoryOwnership || own.WhiteFirst[p]*sign < jp.TerritoryOwnership {
					open[p] = true
				}
			case rules.Black | rules.White:
				if !Dame(b, status, p) {
					open[p] = true
				}
			default:
				open[p] = true
			}
		}
	}
}
