package rules

// LightBoard is a board made for one job: uniform random playouts (see
// RandomMove) as fast as possible. Where Board keeps exact liberty counts,
// which the heavy playouts and the tactics need, a LightBoard keeps
// pseudo-liberties: a chain's count is the number of (stone, empty
// neighbour) pairs, so a liberty shared by three stones counts three times.
// That count is zero exactly when the chain has no liberty, and a stone
// played on p removes one pair per neighbour, so the capture and suicide
// tests stay exact while merging two chains is just adding their counts
// (no de-duplication of shared liberties, which is a fifth of Board's time).
//
// It plays under simple ko with suicide forbidden and keeps no hash, no
// history and no captures: load a position from a Board, play it out,
// score it with PlayoutScore.
type LightBoard struct {
	Geometry
	dirs [4]int
	diag [4]int

	color  [arraySize]Color
	nbr    [arraySize]uint16 // neighbour counts by colour, as in Board
	head   [arraySize]int16  // a stone's chain head; 0 for empty and border
	next   [arraySize]int16  // circular list of a chain's stones
	stones [arraySize]int16  // chain size, valid at heads
	pseudo [arraySize]int16  // pseudo-liberties, valid at heads
	emptyList

	ko      int // the point koColor may not play, or 0
	koColor Color
	toMove  Color
	passes  int
}

// Load makes lb the position of b: stones, chains, the ko point and the
// player to move. Suicide is forbidden on a LightBoard whatever b allows.
func (lb *LightBoard) Load(b *Board) {
	n := b.Len
	lb.Geometry, lb.dirs, lb.diag = b.Geometry, b.dirs, b.diag
	copy(lb.color[:n], b.color[:n])
	copy(lb.nbr[:n], b.nbr[:n])
	copy(lb.head[:n], b.head[:n])
	copy(lb.next[:n], b.next[:n])
	copy(lb.stones[:n], b.chainLen[:n])
	lb.emptyList.copyFrom(&b.emptyList, n)
	for i := 0; i < n; i++ {
		lb.pseudo[i&amask] = 0
	}
	for i := 0; i < n; i++ {
		if c := lb.color[i&amask]; c == Black || c == White {
			lb.pseudo[lb.head[i&amask]&amask] += int16(lb.nbr[i&amask] & 0xF)
		}
	}
	lb.ko, lb.koColor = 0, Empty
	if b.ko != NoPoint && b.ko != Pass {
		lb.ko, lb.koColor = int(b.ko), b.koColor
	}
	lb.toMove, lb.passes = b.toMove, b.passes
}

// CopyFrom makes lb an exact copy of src, copying only the used array prefix.
func (lb *LightBoard) CopyFrom(src *LightBoard) {
	n := src.Len
	lb.Geometry, lb.dirs, lb.diag = src.Geometry, src.dirs, src.diag
	copy(lb.color[:n], src.color[:n])
	copy(lb.nbr[:n], src.nbr[:n])
	copy(lb.head[:n], src.head[:n])
	copy(lb.next[:n], src.next[:n])
	copy(lb.stones[:n], src.stones[:n])
	copy(lb.pseudo[:n], src.pseudo[:n])
	lb.emptyList.copyFrom(&src.emptyList, n)
	lb.ko, lb.koColor, lb.toMove, lb.passes = src.ko, src.koColor, src.toMove, src.passes
}

// Color returns the colour at p (Border off the board).
func (lb *LightBoard) Color(p Point) Color {
	if p < 0 || int(p) >= lb.Len {
		return Border
	}
	return lb.color[p&amask]
}

// ToMove returns the player to move.
func (lb *LightBoard) ToMove() Color { return lb.toMove }

// Passes returns the number of consecutive passes ending the move sequence.
func (lb *LightBoard) Passes() int { return lb.passes }

// Legal tells whether c may play at the empty on-board point p: not the ko
// point, not suicide. It does not look at eyes.
func (lb *LightBoard) Legal(p Point, c Color) bool {
	pi := int(p)
	if lb.nbr[pi&amask]&0xF != 0 {
		return true // an empty neighbour; the ko point never has one
	}
	return lb.legalSurrounded(pi, c)
}

// legalSurrounded is Legal for a point without empty neighbours: the move
// is legal when it captures (an enemy chain whose only pseudo-liberties
// are its pairs with p) or joins a friendly chain with pseudo-liberties
// beyond its pairs with p.
func (lb *LightBoard) legalSurrounded(p int, c Color) bool {
	if p == lb.ko && c == lb.koColor {
		return false
	}
	h0, h1 := lb.head[(p+lb.dirs[0])&amask], lb.head[(p+lb.dirs[1])&amask]
	h2, h3 := lb.head[(p+lb.dirs[2])&amask], lb.head[(p+lb.dirs[3])&amask]
	for _, h := range [4]int16{h0, h1, h2, h3} {
		if h == 0 {
			continue // the edge
		}
		pairs := int16(0)
		if h0 == h {
			pairs++
		}
		if h1 == h {
			pairs++
		}
		if h2 == h {
			pairs++
		}
		if h3 == h {
			pairs++
		}
		if lb.color[h&amask] == c {
			if lb.pseudo[h&amask] > pairs {
				return true
			}
		} else if lb.pseudo[h&amask] == pairs {
			return true
		}
	}
	return false
}

// RandomMove picks a move for c uniformly among the legal moves that do not
// fill a one-point eye of c, plays it and returns it; Pass when there is
// none. It draws the same moves as Board.RandomMove from the same position
// and generator state.
func (lb *LightBoard) RandomMove(c Color, r *Rand) Point {
	n := lb.nEmpty
	for n > 0 {
		i := r.Intn(n)
		p := int(lb.empty[i&amask])
		if lb.nbr[p&amask]&0xF != 0 || !isEye(&lb.color, &lb.nbr, &lb.diag, p, c) && lb.legalSurrounded(p, c) {
			lb.play(p, c)
			return Point(p)
		}
		n--
		lb.swapEmpty(i, n)
	}
	lb.pass(c)
	return Pass
}

// Play plays c at p, or passes, after checking that p is an empty on-board
// point where c may play (see Legal); a refused move changes nothing.
func (lb *LightBoard) Play(p Point, c Color) error {
	if p == Pass {
		lb.pass(c)
		return nil
	}
	if !lb.OnBoard(p) {
		return ErrOffBoard
	}
	if lb.color[p&amask] != Empty {
		return ErrOccupied
	}
	if p == Point(lb.ko) && c == lb.koColor {
		return ErrKo
	}
	if !lb.Legal(p, c) {
		return ErrSuicide
	}
	lb.play(int(p), c)
	return nil
}

// LightPlayout plays uniform random moves (see RandomMove) until two
// consecutive passes or maxMoves moves, and returns the number of moves.
func (lb *LightBoard) LightPlayout(r *Rand, maxMoves int) int {
	moves := 0
	c := lb.toMove
	for moves < maxMoves {
		p := lb.RandomMove(c, r)
		moves++
		if p == Pass && lb.passes >= 2 {
			break
		}
		c = c.Opponent()
	}
	return moves
}

// PlayoutScore is the area score (Black minus White, without komi) of a
// finished playout: stones, and empty points whose neighbours are all one
// colour.
func (lb *LightBoard) PlayoutScore() int {
	score := 0
	for i := 0; i < lb.Len; i++ {
		switch lb.color[i&amask] {
		case Black:
			score++
		case White:
			score--
		case Empty:
			n := lb.nbr[i&amask]
			black, white := n>>4&0xF, n>>8&0xF
			if white == 0 && black != 0 {
				score++
			} else if black == 0 && white != 0 {
				score--
			}
		}
	}
	return score
}

// pass records a pass by c.
func (lb *LightBoard) pass(c Color) {
	lb.ko, lb.toMove = 0, c.Opponent()
	lb.passes++
}

// play puts a c stone on the empty point p, known to be legal.
func (lb *LightBoard) play(p int, c Color) {
	lb.ko, lb.toMove, lb.passes = 0, c.Opponent(), 0
	lb.removeEmpty(p)
	lb.color[p&amask] = c
	shiftNeighbours(&lb.nbr, p, lb.Stride, nbrUnit[c&3]-nbrUnit[Empty])
	libs := int16(lb.nbr[p&amask] & 0xF)
	lb.head[p&amask], lb.next[p&amask], lb.stones[p&amask], lb.pseudo[p&amask] = int16(p), int16(p), 1, libs
	if libs == 4 {
		return
	}
	opp := c.Opponent()
	mine := p
	dead := false
	for _, d := range lb.dirs {
		q := p + d
		switch lb.color[q&amask] {
		case c:
			h := int(lb.head[q&amask])
			lb.pseudo[h&amask]--
			if h != mine {
				mine = lb.merge(mine, h)
			}
		case opp:
			h := lb.head[q&amask]
			lb.pseudo[h&amask]--
			dead = dead || lb.pseudo[h&amask] == 0
		}
	}
	if !dead {
		return
	}
	// captures in the order of the first neighbour of each dead chain, as
	// Board does, so both boards keep the same empty list
	captured, capturedAt := 0, 0
	for _, d := range lb.dirs {
		q := p + d
		if h := int(lb.head[q&amask]); lb.color[q&amask] == opp && lb.pseudo[h&amask] == 0 {
			captured += lb.removeChain(h, c)
			capturedAt = h
		}
	}
	if captured == 1 && lb.stones[mine&amask] == 1 && lb.pseudo[mine&amask] == 1 {
		lb.ko, lb.koColor = capturedAt, opp
	}
}

// merge joins the chains headed a and h and returns the head of the union
// (the larger chain's, so the fewest stones are relabelled).
func (lb *LightBoard) merge(a, h int) int {
	big, small := h, a
	if lb.stones[a&amask] > lb.stones[h&amask] {
		big, small = a, h
	}
	s := small
	for {
		lb.head[s&amask] = int16(big)
		s = int(lb.next[s&amask])
		if s == small {
			break
		}
	}
	lb.next[big&amask], lb.next[small&amask] = lb.next[small&amask], lb.next[big&amask]
	lb.stones[big&amask] += lb.stones[small&amask]
	lb.pseudo[big&amask] += lb.pseudo[small&amask]
	return big
}

// removeChain takes the chain headed h off the board, giving each of its
// points back as a pseudo-liberty to every adjacent stone of the capturer's
// colour, and returns the number of stones.
func (lb *LightBoard) removeChain(h int, capturer Color) int {
	gone := lb.color[h&amask]
	n := 0
	s := h
	for {
		lb.color[s&amask] = Empty
		lb.head[s&amask] = 0
		lb.addEmpty(s)
		shiftNeighbours(&lb.nbr, s, lb.Stride, nbrUnit[Empty]-nbrUnit[gone&3])
		n++
		for _, d := range lb.dirs {
			if q := s + d; lb.color[q&amask] == capturer {
				lb.pseudo[lb.head[q&amask]&amask]++
			}
		}
		s = int(lb.next[s&amask])
		if s == h {
			return n
		}
	}
}
