package rules

import (
	"errors"
	"fmt"
)

// Board is a Go position with exact chain and liberty bookkeeping.
//
// Layout: a flat padded array (see Geometry); chains are circular linked lists
// (next) with a head per stone (head); per-chain data (stone count, exact
// liberty count and the sum of the liberty points) lives at the head's index.
// The liberty sum gives the atari point of a one-liberty chain in O(1).
// Empty points are kept in a list with index, for uniform random sampling.
//
// A Board is a value: copy it with CopyFrom (which copies only the part of the
// arrays the board size uses). The zero Board is not usable; call Reset.
type Board struct {
	Geometry
	dirs [4]int // neighbour offsets: +1, -1, +stride, -stride
	diag [4]int // diagonal offsets

	color    [MaxPoints]Color
	head     [MaxPoints]int16
	next     [MaxPoints]int16
	chainLen [MaxPoints]int16 // valid at heads
	libs     [MaxPoints]int16 // valid at heads
	libSum   [MaxPoints]int32 // valid at heads
	empty    [MaxPoints]int16
	emptyIdx [MaxPoints]int16
	nEmpty   int

	ko           Point // the point the ko rule forbids to koColor, or NoPoint
	koColor      Color
	hash         uint64
	captures     [3]int // stones captured by Black ([1]) and White ([2])
	toMove       Color
	last, last2  Point // the last two moves (Pass, or NoPoint before any move)
	passes       int   // consecutive passes ending the move sequence
	allowSuicide bool

	// scratch for chain merges; not copied, only ever compared to markGen
	mark    [MaxPoints]uint32
	markGen uint32
}

// NewBoard returns an empty board of the given size.
func NewBoard(size int) (*Board, error) {
	b := &Board{}
	if err := b.Reset(size); err != nil {
		return nil, err
	}
	return b, nil
}

// Reset empties the board and sets its size. Black is to move.
func (b *Board) Reset(size int) error {
	g, err := NewGeometry(size)
	if err != nil {
		return err
	}
	allow := b.allowSuicide
	gen := b.markGen
	mark := b.mark
	*b = Board{Geometry: g, mark: mark, markGen: gen, allowSuicide: allow}
	b.dirs = [4]int{1, -1, g.Stride, -g.Stride}
	b.diag = [4]int{g.Stride + 1, g.Stride - 1, -g.Stride + 1, -g.Stride - 1}
	for i := 0; i < g.Len; i++ {
		b.color[i] = Border
	}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			p := int(g.At(x, y))
			b.color[p] = Empty
			b.addEmpty(p)
		}
	}
	b.toMove = Black
	return nil
}

// CopyFrom makes b an exact copy of src, copying only the used array prefix.
func (b *Board) CopyFrom(src *Board) {
	n := src.Len
	b.Geometry = src.Geometry
	b.dirs, b.diag = src.dirs, src.diag
	copy(b.color[:n], src.color[:n])
	copy(b.head[:n], src.head[:n])
	copy(b.next[:n], src.next[:n])
	copy(b.chainLen[:n], src.chainLen[:n])
	copy(b.libs[:n], src.libs[:n])
	copy(b.libSum[:n], src.libSum[:n])
	copy(b.emptyIdx[:n], src.emptyIdx[:n])
	copy(b.empty[:src.nEmpty], src.empty[:src.nEmpty])
	b.nEmpty = src.nEmpty
	b.ko, b.koColor, b.hash, b.captures = src.ko, src.koColor, src.hash, src.captures
	b.toMove, b.last, b.last2, b.passes = src.toMove, src.last, src.last2, src.passes
	b.allowSuicide = src.allowSuicide
}

// SetAllowSuicide selects whether multi-stone suicide is legal (Tromp-Taylor,
// New Zealand). Single-stone suicide is always illegal: it would leave the
// board unchanged, which every superko rule forbids anyway.
func (b *Board) SetAllowSuicide(allow bool) { b.allowSuicide = allow }

// AllowSuicide reports the suicide rule in force on this board.
func (b *Board) AllowSuicide() bool { return b.allowSuicide }

// Color returns the content of p (Border for off-board points).
func (b *Board) Color(p Point) Color {
	if p < 0 || int(p) >= b.Len {
		return Border
	}
	return b.color[p]
}

// Hash is the zobrist hash of the stones on the board.
func (b *Board) Hash() uint64 { return b.hash }

// ToMove is the player to move next (the opponent of the last mover).
func (b *Board) ToMove() Color { return b.toMove }

// SetToMove changes the player to move (GTP and SGF may override alternation).
func (b *Board) SetToMove(c Color) { b.toMove = c }

// Captures returns how many stones c has captured.
func (b *Board) Captures(c Color) int { return b.captures[c] }

// Ko returns the point that the simple-ko rule forbids and the colour it is
// forbidden to, or NoPoint.
func (b *Board) Ko() (Point, Color) { return b.ko, b.koColor }

// LastMove and LastMove2 are the last and second-to-last moves played (Pass,
// or NoPoint at the start).
func (b *Board) LastMove() Point  { return b.last }
func (b *Board) LastMove2() Point { return b.last2 }

// Passes is the number of consecutive passes at the end of the move sequence.
func (b *Board) Passes() int { return b.passes }

// EmptyCount is the number of empty points; EmptyAt(i) the i-th of them.
func (b *Board) EmptyCount() int       { return b.nEmpty }
func (b *Board) EmptyAt(i int) Point   { return Point(b.empty[i]) }
func (b *Board) Neighbors() [4]int     { return b.dirs }
func (b *Board) Diagonals() [4]int     { return b.diag }
func (b *Board) ChainHead(p Point) int { return int(b.head[p]) }

// NextStone returns the stone after s in its chain's circular list.
func (b *Board) NextStone(s Point) Point { return Point(b.next[s]) }

// SwapEmpty exchanges the i-th and j-th entries of the empty list (samplers
// move rejected candidates out of the way with it).
func (b *Board) SwapEmpty(i, j int) { b.swapEmpty(i, j) }

// Liberties returns the number of liberties of the chain at p (0 if p is
// not a stone).
func (b *Board) Liberties(p Point) int {
	if c := b.color[p]; c != Black && c != White {
		return 0
	}
	return int(b.libs[b.head[p]])
}

// ChainSize returns the number of stones in the chain at p.
func (b *Board) ChainSize(p Point) int {
	if c := b.color[p]; c != Black && c != White {
		return 0
	}
	return int(b.chainLen[b.head[p]])
}

// AtariPoint returns the only liberty of the chain at p, which must be a
// stone with exactly one liberty.
func (b *Board) AtariPoint(p Point) Point { return Point(b.libSum[b.head[p]]) }

// ChainStones appends the stones of the chain at p to dst.
func (b *Board) ChainStones(p Point, dst []Point) []Point {
	h := b.head[p]
	s := h
	for {
		dst = append(dst, Point(s))
		s = b.next[s]
		if s == h {
			return dst
		}
	}
}

// ChainLiberties appends the liberties of the chain at p to dst, each once.
func (b *Board) ChainLiberties(p Point, dst []Point) []Point {
	gen := b.nextMark()
	h := b.head[p]
	s := int(h)
	for {
		for _, d := range b.dirs {
			q := s + d
			if b.color[q] == Empty && b.mark[q] != gen {
				b.mark[q] = gen
				dst = append(dst, Point(q))
			}
		}
		s = int(b.next[s])
		if s == int(h) {
			return dst
		}
	}
}

func (b *Board) nextMark() uint32 {
	b.markGen++
	if b.markGen == 0 {
		b.mark = [MaxPoints]uint32{}
		b.markGen = 1
	}
	return b.markGen
}

func (b *Board) addEmpty(p int) {
	b.emptyIdx[p] = int16(b.nEmpty)
	b.empty[b.nEmpty] = int16(p)
	b.nEmpty++
}

func (b *Board) removeEmpty(p int) {
	i := b.emptyIdx[p]
	b.nEmpty--
	last := b.empty[b.nEmpty]
	b.empty[i] = last
	b.emptyIdx[last] = i
}

// swapEmpty exchanges the i-th and j-th entries of the empty list.
func (b *Board) swapEmpty(i, j int) {
	pi, pj := b.empty[i], b.empty[j]
	b.empty[i], b.empty[j] = pj, pi
	b.emptyIdx[pj], b.emptyIdx[pi] = int16(i), int16(j)
}

// Errors returned by Play and Legal checks.
var (
	ErrOffBoard = errors.New("point is off the board")
	ErrOccupied = errors.New("point is occupied")
	ErrKo       = errors.New("move retakes a ko")
	ErrSuicide  = errors.New("move is suicide")
	ErrSuperko  = errors.New("move repeats an earlier position (superko)")
	ErrColor    = errors.New("invalid colour")
)

// Check tells whether c may play at p under the simple-ko and suicide rules
// (superko is the game record's business), with the reason if not.
func (b *Board) Check(p Point, c Color) error {
	if c != Black && c != White {
		return ErrColor
	}
	if p == Pass {
		return nil
	}
	if !b.OnBoard(p) {
		return ErrOffBoard
	}
	if b.color[p] != Empty {
		return ErrOccupied
	}
	if p == b.ko && c == b.koColor {
		return ErrKo
	}
	if !b.notSuicide(int(p), c) {
		return ErrSuicide
	}
	return nil
}

// Legal reports whether c may play at p (see Check).
func (b *Board) Legal(p Point, c Color) bool { return b.Check(p, c) == nil }

// LegalEmpty is Legal for a point already known to be empty and on the board.
func (b *Board) LegalEmpty(p Point, c Color) bool {
	if p == b.ko && c == b.koColor {
		return false
	}
	return b.notSuicide(int(p), c)
}

// notSuicide tells whether a c stone at the empty point p keeps a liberty,
// captures, or is a multi-stone suicide allowed by the rules.
func (b *Board) notSuicide(p int, c Color) bool {
	friend := false
	for _, d := range b.dirs {
		n := p + d
		switch col := b.color[n]; col {
		case Empty:
			return true
		case Border:
		default:
			libs := b.libs[b.head[n]]
			if col == c {
				if libs > 1 {
					return true
				}
				friend = true
			} else if libs == 1 {
				return true
			}
		}
	}
	return b.allowSuicide && friend
}

// Play plays c at p (or passes) after checking legality under simple ko and
// suicide; a refused move leaves the board untouched.
func (b *Board) Play(p Point, c Color) error {
	if err := b.Check(p, c); err != nil {
		return err
	}
	b.PlayLegal(p, c)
	return nil
}

// PlayLegal plays a move already known to be legal (the playout fast path).
func (b *Board) PlayLegal(p Point, c Color) {
	b.last2, b.last = b.last, p
	b.toMove = c.Opponent()
	b.ko = NoPoint
	if p == Pass {
		b.passes++
		return
	}
	b.passes = 0
	b.place(int(p), c)
}

// place puts a c stone on the empty point p, merges, captures and sets ko.
func (b *Board) place(p int, c Color) {
	opp := c.Opponent()
	b.removeEmpty(p)
	b.color[p] = c
	b.hash ^= zobrist[c][p]
	b.head[p], b.next[p], b.chainLen[p] = int16(p), int16(p), 1

	var adj [4]int16
	nAdj := 0
	libs, sum := int16(0), int32(0)
	for _, d := range b.dirs {
		n := p + d
		switch b.color[n] {
		case Empty:
			libs++
			sum += int32(n)
		case Black, White:
			h := b.head[n]
			if nAdj > 0 && (adj[0] == h || (nAdj > 1 && (adj[1] == h || (nAdj > 2 && adj[2] == h)))) {
				continue
			}
			adj[nAdj] = h
			nAdj++
			b.libs[h]--
			b.libSum[h] -= int32(p)
		}
	}
	b.libs[p], b.libSum[p] = libs, sum

	mine := p
	for i := 0; i < nAdj; i++ {
		if h := int(adj[i]); b.color[h] == c {
			mine = b.merge(mine, h)
		}
	}

	captured, capturedAt := 0, 0
	for i := 0; i < nAdj; i++ {
		if h := int(adj[i]); b.color[h] == opp && b.libs[h] == 0 {
			captured += b.removeChain(h)
			capturedAt = h
		}
	}
	b.captures[c] += captured

	if b.libs[mine] == 0 { // multi-stone suicide, where the rules allow it
		b.captures[opp] += b.removeChain(mine)
		return
	}
	if captured == 1 && b.chainLen[mine] == 1 && b.libs[mine] == 1 {
		b.ko, b.koColor = Point(capturedAt), opp
	}
}

// merge joins the chains headed by a and h (same colour, a freshly placed or
// merged chain next to h) and returns the head of the union. The smaller
// chain's liberties that the larger lacks are added to the larger's count.
func (b *Board) merge(a, h int) int {
	big, small := h, a
	if b.chainLen[a] > b.chainLen[h] {
		big, small = a, h
	}
	added, addedSum := int16(0), int32(0)
	if b.chainLen[small] == 1 {
		// a lone stone's empty neighbours are distinct: no marks needed
		for _, d := range b.dirs {
			q := small + d
			if b.color[q] == Empty && !b.touchesChain(q, big) {
				added++
				addedSum += int32(q)
			}
		}
		b.head[small] = int16(big)
	} else {
		gen := b.nextMark()
		s := small
		for {
			for _, d := range b.dirs {
				q := s + d
				if b.color[q] == Empty && b.mark[q] != gen {
					b.mark[q] = gen
					if !b.touchesChain(q, big) {
						added++
						addedSum += int32(q)
					}
				}
			}
			s = int(b.next[s])
			if s == small {
				break
			}
		}
		for {
			b.head[s] = int16(big)
			s = int(b.next[s])
			if s == small {
				break
			}
		}
	}
	b.next[big], b.next[small] = b.next[small], b.next[big]
	b.chainLen[big] += b.chainLen[small]
	b.libs[big] += added
	b.libSum[big] += addedSum
	return big
}

// touchesChain tells whether point q is next to a stone of the chain headed h.
func (b *Board) touchesChain(q, h int) bool {
	hh := int16(h)
	return b.head[q+b.dirs[0]] == hh && b.color[q+b.dirs[0]] != Empty ||
		b.head[q+b.dirs[1]] == hh && b.color[q+b.dirs[1]] != Empty ||
		b.head[q+b.dirs[2]] == hh && b.color[q+b.dirs[2]] != Empty ||
		b.head[q+b.dirs[3]] == hh && b.color[q+b.dirs[3]] != Empty
}

// removeChain takes the chain headed h off the board, gives its points back
// as liberties to the adjacent enemy chains and returns the stone count.
func (b *Board) removeChain(h int) int {
	c := b.color[h]
	opp := c.Opponent()
	n := 0
	s := h
	for {
		b.color[s] = Empty
		b.hash ^= zobrist[c][s]
		b.addEmpty(s)
		n++
		var seen [4]int16
		ns := 0
		for _, d := range b.dirs {
			q := s + d
			if b.color[q] != opp {
				continue
			}
			hq := b.head[q]
			if ns > 0 && (seen[0] == hq || (ns > 1 && (seen[1] == hq || (ns > 2 && seen[2] == hq)))) {
				continue
			}
			seen[ns] = hq
			ns++
			b.libs[hq]++
			b.libSum[hq] += int32(s)
		}
		s = int(b.next[s])
		if s == h {
			return n
		}
	}
}

// IsEye tells whether the empty point p is a one-point eye of c: all four
// neighbours are c stones or the edge, and at most one diagonal is an enemy
// stone (none when p is on the edge). Playouts never fill such points.
func (b *Board) IsEye(p Point, c Color) bool {
	pi := int(p)
	edge := false
	for _, d := range b.dirs {
		switch b.color[pi+d] {
		case c:
		case Border:
			edge = true
		default:
			return false
		}
	}
	opp := c.Opponent()
	enemies := 0
	for _, d := range b.diag {
		if b.color[pi+d] == opp {
			enemies++
		}
	}
	if edge {
		return enemies == 0
	}
	return enemies < 2
}

// SetStones places or removes stones directly (SGF AB/AW/AE, GTP setup and
// handicap), then rebuilds the chains. It refuses positions with a chain
// without liberties and then leaves the board unchanged.
func (b *Board) SetStones(stones []Move) error {
	saved := b.color
	for _, m := range stones {
		if !b.OnBoard(m.Point) {
			return ErrOffBoard
		}
		if m.Color != Black && m.Color != White && m.Color != Empty {
			return ErrColor
		}
		b.color[m.Point] = m.Color
	}
	if err := b.rebuild(); err != nil {
		b.color = saved
		if err2 := b.rebuild(); err2 != nil {
			panic("rules: restoring a valid board failed: " + err2.Error())
		}
		return err
	}
	b.ko = NoPoint
	return nil
}

// rebuild recomputes chains, liberties, the empty list and the hash from the
// colour array.
func (b *Board) rebuild() error {
	b.nEmpty = 0
	b.hash = 0
	for i := 0; i < b.Len; i++ {
		b.head[i], b.next[i], b.chainLen[i], b.libs[i], b.libSum[i] = 0, 0, 0, 0, 0
	}
	var stack []int
	for i := 0; i < b.Len; i++ {
		switch b.color[i] {
		case Empty:
			b.addEmpty(i)
		case Black, White:
			b.hash ^= zobrist[b.color[i]][i]
		}
	}
	seen := make([]bool, b.Len)
	for i := 0; i < b.Len; i++ {
		c := b.color[i]
		if (c != Black && c != White) || seen[i] {
			continue
		}
		// flood-fill the chain, link it, then count its liberties
		stack = append(stack[:0], i)
		seen[i] = true
		b.head[i], b.next[i], b.chainLen[i] = int16(i), int16(i), 0
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if s != i {
				b.head[s] = int16(i)
				b.next[s] = b.next[i]
				b.next[i] = int16(s)
			}
			b.chainLen[i]++
			for _, d := range b.dirs {
				q := s + d
				if b.color[q] == c && !seen[q] {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
		libs := b.ChainLiberties(Point(i), nil)
		if len(libs) == 0 {
			return fmt.Errorf("chain at %s has no liberties", b.Vertex(Point(i)))
		}
		b.libs[i] = int16(len(libs))
		for _, l := range libs {
			b.libSum[i] += int32(l)
		}
	}
	return nil
}

// String draws the board as rows of X (black), O (white) and . (empty), top
// row first, for tests and debugging.
func (b *Board) String() string {
	out := make([]byte, 0, (b.Size+1)*b.Size*2)
	for y := b.Size - 1; y >= 0; y-- {
		for x := 0; x < b.Size; x++ {
			if x > 0 {
				out = append(out, ' ')
			}
			switch b.color[b.At(x, y)] {
			case Black:
				out = append(out, 'X')
			case White:
				out = append(out, 'O')
			default:
				out = append(out, '.')
			}
		}
		out = append(out, '\n')
	}
	return string(out)
}
