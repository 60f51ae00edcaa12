package rules

// RandomMove picks a move for c uniformly among the legal moves that do not
// fill a one-point eye of c, plays it and returns it; Pass when there is none.
// Rejected candidates are swapped to the end of the empty list, so each draw
// is uniform over the candidates not yet rejected and nothing allocates.
func (b *Board) RandomMove(c Color, r *Rand) Point {
	n := b.nEmpty
	for n > 0 {
		i := r.Intn(n)
		p := Point(b.empty[i&amask])
		// an empty neighbour makes p neither an eye nor suicide: only ko can
		// forbid it; otherwise run the full tests
		if b.nbr[p&amask]&0xF != 0 && (p != b.ko || c != b.koColor) || !b.IsEye(p, c) && b.LegalEmpty(p, c) {
			b.PlayLegal(p, c)
			return p
		}
		n--
		b.swapEmpty(i, n)
	}
	b.PlayLegal(Pass, c)
	return Pass
}

// LightPlayout plays uniform random moves (see RandomMove) from the current
// position until two consecutive passes or maxMoves moves, and returns the
// number of moves played. Only simple ko applies: the caller bounds cycles
// with maxMoves. The board stops maintaining its hash (see StopHashing).
func (b *Board) LightPlayout(r *Rand, maxMoves int) int {
	b.StopHashing()
	moves := 0
	c := b.toMove
	for moves < maxMoves {
		p := b.RandomMove(c, r)
		moves++
		if p == Pass && b.passes >= 2 {
			break
		}
		c = c.Opponent()
	}
	return moves
}

// PlayoutScore is the area score (Black minus White, without komi) of a
// finished playout position, where every empty point is surrounded by one
// colour; an empty point touching both colours counts for nobody.
func (b *Board) PlayoutScore() int {
	score := 0
	for i := 0; i < b.Len; i++ {
		switch b.color[i&amask] {
		case Black:
			score++
		case White:
			score--
		case Empty:
			var seen Color
			for _, d := range b.dirs {
				if col := b.color[(i+d)&amask]; col != Border {
					seen |= col
				}
			}
			switch seen {
			case Black:
				score++
			case White:
				score--
			}
		}
	}
	return score
}
