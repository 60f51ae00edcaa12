package engine

import (
	"github.com/gtpgo/gtpgo/movemodel"
	"github.com/gtpgo/gtpgo/rules"
)

// prior returns the virtual visits and wins a new child starts with: an even
// prior for every move, plus Go knowledge (captures, atari escapes, good
// shape, closeness to the last move) as won visits and known mistakes
// (self-atari, first line, pointless second-line moves) as lost visits.
func (w *worker) prior(b *rules.Board, p rules.Point, c rules.Color) (visits, wins float32) {
	pr := &w.s.p
	even := float32(pr.PriorEven)
	visits, wins = even, even/2
	if p == rules.Pass {
		// passing is rarely right before the end: a poor start, so it is
		// tried when the other moves stop gaining
		return even, even * 0.1
	}
	good := func(x float64) { visits += float32(x); wins += float32(x) }
	bad := func(x float64) { visits += float32(x) }

	captures := b.CaptureCount(p, c)
	libs := b.LibertiesAfter(p, c, 3)
	switch {
	case captures > 0:
		good(pr.PriorCapture)
	case libs == 1:
		bad(pr.PriorSelfAtari)
	}
	if libs >= 2 && w.startsLadder(b, p, c) {
		good(pr.PriorAtari)
	}
	if libs >= 2 && savesFromAtari(b, p, c) {
		if libs == 2 && w.pol.ladderReader.EscapeCaught(b, p, c) {
			bad(pr.PriorAtari) // running along a working ladder only loses more
		} else {
			good(pr.PriorAtari)
		}
	}
	if movemodel.MatchesMoGo(b, p) && libs >= 2 {
		good(pr.PriorPattern)
	}
	if v := ShapeValue(b, p, c); v != 0 && pr.PriorShape > 0 {
		// v encodes log2 of how much more often strong players choose this
		// shape than an average legal move, 16 steps per doubling
		lr := (float64(v) - 128) / 16
		if lr > 0 {
			good(pr.PriorShape * min(lr, 4))
		} else {
			bad(pr.PriorShape * min(-lr, 4))
		}
	}
	if last := b.LastMove(); last > 0 && near(b, p, last) {
		good(pr.PriorNear)
	}
	x, y := b.XY(p)
	size := b.Size
	line := min(x, y, size-1-x, size-1-y)
	if size >= 9 {
		// in an empty area the first two lines are slow and the third and
		// fourth lines are where stones belong (on 19x19 the opening is
		// decided by this more than by the playouts)
		lonely := !stonesWithin(b, p, 3)
		switch {
		case line == 0 && lonely:
			bad(pr.PriorEdge * 4)
		case line == 0:
			bad(pr.PriorEdge)
		case line == 1 && lonely:
			bad(pr.PriorEdge * 3)
		case (line == 2 || line == 3) && lonely && size >= 13:
			good(pr.PriorEdge)
		case line >= 4 && lonely && size >= 13:
			bad(pr.PriorEdge / 2)
		}
	}
	return visits, wins
}

// savesFromAtari tells whether p is the last liberty of one of c's chains.
func savesFromAtari(b *rules.Board, p rules.Point, c rules.Color) bool {
	for _, d := range b.Neighbors() {
		n := p + rules.Point(d)
		if b.Color(n) == c && b.Liberties(n) == 1 {
			return true
		}
	}
	return false
}

// near tells whether p is within distance 2 (Manhattan) of q.
func near(b *rules.Board, p, q rules.Point) bool {
	px, py := b.XY(p)
	qx, qy := b.XY(q)
	return abs(px-qx)+abs(py-qy) <= 2
}

// stonesWithin tells whether any stone lies within Manhattan distance d of p.
func stonesWithin(b *rules.Board, p rules.Point, d int) bool {
	px, py := b.XY(p)
	for dy := -d; dy <= d; dy++ {
		for dx := -d + abs(dy); dx <= d-abs(dy); dx++ {
			x, y := px+dx, py+dy
			if x < 0 || y < 0 || x >= b.Size || y >= b.Size {
				continue
			}
			if col := b.Color(b.At(x, y)); col == rules.Black || col == rules.White {
				return true
			}
		}
	}
	return false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// startsLadder tells whether p is a liberty of an enemy chain with two
// liberties that c captures in a ladder.
func (w *worker) startsLadder(b *rules.Board, p rules.Point, c rules.Color) bool {
	opp := c.Opponent()
	for _, d := range b.Neighbors() {
		n := p + rules.Point(d)
		if b.Color(n) == opp && b.Liberties(n) == 2 && w.pol.ladderReader.Captured(b, n, opp) {
			return true
		}
	}
	return false
}
