package movemodel

import "github.com/gtpgo/gtpgo/rules"

// maxLadderMoves bounds a ladder read; a ladder across a 25x25 board is
// shorter than this.
const maxLadderMoves = 120

// LadderReader reads ladders on boards of its own: the first for the main
// line, the others for the side lines where the attacker has two ataris
// worth reading. They are allocated with the reader, so reading allocates
// nothing (the playouts read ladders); side lines deeper than the boards
// are not read. The zero value is ready to use.
type LadderReader [4]rules.Board

// Captured tells whether c's chain at s, with two liberties and the
// opponent to move, is captured by a ladder: the opponent keeps putting it in
// atari, choosing each time the liberty that leaves the chain the fewest
// liberties after its escape, and the chain keeps extending.
func (lb *LadderReader) Captured(b *rules.Board, s rules.Point, c rules.Color) bool {
	lb[0].CopyFrom(b)
	return lb.read(0, s, c, maxLadderMoves)
}

// EscapeCaught tells whether c's extension at p out of atari (leaving two
// liberties) is caught in a ladder.
func (lb *LadderReader) EscapeCaught(b *rules.Board, p rules.Point, c rules.Color) bool {
	lb[0].CopyFrom(b)
	lb[0].PlayLegal(p, c)
	return lb.read(0, p, c, maxLadderMoves)
}

func (lb *LadderReader) read(level int, s rules.Point, c rules.Color, depth int) bool {
	b := &lb[level]
	opp := c.Opponent()
	for ; depth > 0; depth -= 2 {
		switch b.Liberties(s) {
		case 0, 1:
			return true
		case 2:
		default:
			return false
		}
		l1 := firstLiberty(b, s)
		l2 := b.OtherLiberty(s, l1)
		// an atari is worth reading when the escape at the other liberty
		// leaves two liberties at most; with both such, read the first on
		// the next board and follow the second here
		ok1, ok2 := ladderAtari(b, s, c, l1, l2), ladderAtari(b, s, c, l2, l1)
		var a, esc rules.Point
		switch {
		case ok1 && ok2:
			if level+1 < len(lb) {
				branch := &lb[level+1]
				branch.CopyFrom(b)
				branch.PlayLegal(l1, opp)
				if branch.Liberties(l1) > 1 && branch.LegalEmpty(l2, c) {
					branch.PlayLegal(l2, c)
					if lb.read(level+1, s, c, depth-2) {
						return true
					}
				} else if branch.Liberties(l1) > 1 {
					return true
				}
			}
			a, esc = l2, l1
		case ok1:
			a, esc = l1, l2
		case ok2:
			a, esc = l2, l1
		default:
			return false
		}
		b.PlayLegal(a, opp)
		if b.Color(s) != c {
			return true
		}
		if b.Liberties(a) == 1 {
			return false // the atari stone can be captured: the chain escapes
		}
		if !b.LegalEmpty(esc, c) {
			return true
		}
		b.PlayLegal(esc, c)
	}
	return false
}

// ladderAtari tells whether the attacker's atari at a (c's chain at s having
// the liberties a and esc) is legal and leaves the escape at esc with at
// most two liberties.
func ladderAtari(b *rules.Board, s rules.Point, c rules.Color, a, esc rules.Point) bool {
	if !b.LegalEmpty(a, c.Opponent()) {
		return false
	}
	// LibertiesAfter counts a (still empty, a liberty of the chain the
	// escape joins); after the atari it is the attacker's stone
	return b.LibertiesAfter(esc, c, 4)-1 <= 2
}

// firstLiberty returns one liberty of the chain at s (which has some).
func firstLiberty(b *rules.Board, s rules.Point) rules.Point {
	head := rules.Point(b.ChainHead(s))
	st := head
	for {
		for _, d := range b.Neighbors() {
			if q := st + rules.Point(d); b.Color(q) == rules.Empty {
				return q
			}
		}
		st = b.NextStone(st)
		if st == head {
			return rules.NoPoint
		}
	}
}
