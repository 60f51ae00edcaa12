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

	color    [arraySize]Color
	head     [arraySize]int16
	next     [arraySize]int16
	chainLen [arraySize]int16 // valid at heads
	libs     [arraySize]int16 // valid at heads
	libSum   [arraySize]int32 // valid at heads
	emptyList
	// nbr counts each point's neighbours by colour: empty in bits 0-3, black
	// in 4-7, white in 8-11 (the edge is what is missing from 4). It makes
	// the common eye and liberty tests a single load.
	nbr [arraySize]uint16

	ko           Point // the point the ko rule forbids to koColor, or NoPoint
	koColor      Color
	hash         uint64
	captures     [4]int // stones captured by Black ([1]) and White ([2])
	toMove       Color
	last, last2  Point // the last two moves (Pass, or NoPoint before any move)
	passes       int   // consecutive passes ending the move sequence
	allowSuicide bool
	noHash       bool // the hash is not maintained (see StopHashing)

	// scratch for chain merges; not copied, only ever compared to markGen
	mark    [arraySize]uint32
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
		b.color[i&amask] = Border
	}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			p := int(g.At(x, y))
			b.color[p&amask] = Empty
			b.addEmpty(p)
		}
	}
	b.countNeighbours()
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
	copy(b.nbr[:n], src.nbr[:n])
	b.emptyList.copyFrom(&src.emptyList, n)
	b.ko, b.koColor, b.hash, b.captures = src.ko, src.koColor, src.hash, src.captures
	b.toMove, b.last, b.last2, b.passes = src.toMove, src.last, src.last2, src.passes
	b.allowSuicide = src.allowSuicide
	b.noHash = src.noHash
}

// StopHashing stops maintaining the zobrist hash for the rest of this
// board's life (until the next CopyFrom or Reset): playouts never look at
// it, and skipping it keeps the table out of the cache. Hash is then
// meaningless.
func (b *Board) StopHashing() { b.noHash = true }

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
	return b.color[p&amask]
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
func (b *Board) EmptyAt(i int) Point   { return Point(b.empty[i&amask]) }
func (b *Board) Neighbors() [4]int     { return b.dirs }
func (b *Board) Diagonals() [4]int     { return b.diag }
func (b *Board) ChainHead(p Point) int { return int(b.head[p&amask]) }

// NextStone returns the stone after s in its chain's circular list.
func (b *Board) NextStone(s Point) Point { return Point(b.next[s&amask]) }

// SwapEmpty exchanges the i-th and j-th entries of the empty list (samplers
// move rejected candidates out of the way with it).
func (b *Board) SwapEmpty(i, j int) { b.swapEmpty(i, j) }

// Liberties returns the number of liberties of the chain at p (0 if p is
// not a stone).
func (b *Board) Liberties(p Point) int {
	if c := b.color[p&amask]; c != Black && c != White {
		return 0
	}
	return int(b.libs[b.head[p&amask]&amask])
}

// ChainSize returns the number of stones in the chain at p.
func (b *Board) ChainSize(p Point) int {
	if c := b.color[p&amask]; c != Black && c != White {
		return 0
	}
	return int(b.chainLen[b.head[p&amask]&amask])
}

// AtariPoint returns the only liberty of the chain at p, which must be a
// stone with exactly one liberty.
func (b *Board) AtariPoint(p Point) Point { return Point(b.libSum[b.head[p&amask]&amask]) }

// ChainStones appends the stones of the chain at p to dst.
func (b *Board) ChainStones(p Point, dst []Point) []Point {
	h := b.head[p&amask]
	s := h
	for {
		dst = append(dst, Point(s))
		s = b.next[s&amask]
		if s == h {
			return dst
		}
	}
}

// ChainLiberties appends the liberties of the chain at p to dst, each once.
func (b *Board) ChainLiberties(p Point, dst []Point) []Point {
	gen := b.nextMark()
	h := b.head[p&amask]
	s := int(h)
	for {
		for _, d := range b.dirs {
			q := s + d
			if b.color[q&amask] == Empty && b.mark[q&amask] != gen {
				b.mark[q&amask] = gen
				dst = append(dst, Point(q))
			}
		}
		s = int(b.next[s&amask])
		if s == int(h) {
			return dst
		}
	}
}

func (b *Board) nextMark() uint32 {
	b.markGen++
	if b.markGen == 0 {
		b.mark = [arraySize]uint32{}
		b.markGen = 1
	}
	return b.markGen
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
	if b.color[p&amask] != Empty {
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
	if b.nbr[p&amask]&0xF != 0 {
		return true // an empty neighbour: a liberty
	}
	friend := false
	for _, d := range b.dirs {
		n := p + d
		switch col := b.color[n&amask]; col {
		case Empty:
			return true
		case Border:
		default:
			libs := b.libs[b.head[n&amask]&amask]
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
	b.color[p&amask] = c
	if !b.noHash {
		b.hash ^= zobrist[c&3][p&amask]
	}
	shiftNeighbours(&b.nbr, p, b.Stride, nbrUnit[c&3]-nbrUnit[Empty])
	b.head[p&amask], b.next[p&amask], b.chainLen[p&amask] = int16(p), int16(p), 1
	if b.nbr[p&amask]&0xF == 4 {
		// four empty neighbours (the common case early in a playout): a
		// new chain, nothing to merge or capture
		b.libs[p&amask], b.libSum[p&amask] = 4, int32(4*p)
		return
	}

	var adj [4]int16
	nAdj := 0
	libs, sum := int16(0), int32(0)
	for _, d := range b.dirs {
		n := p + d
		switch b.color[n&amask] {
		case Empty:
			libs++
			sum += int32(n)
		case Black, White:
			h := b.head[n&amask]
			if nAdj > 0 && (adj[0] == h || (nAdj > 1 && (adj[1] == h || (nAdj > 2 && adj[2] == h)))) {
				continue
			}
			adj[nAdj&3] = h
			nAdj++
			b.libs[h&amask]--
			b.libSum[h&amask] -= int32(p)
		}
	}
	b.libs[p&amask], b.libSum[p&amask] = libs, sum

	mine := p
	for _, h16 := range adj[:nAdj] {
		if h := int(h16); b.color[h&amask] == c {
			mine = b.merge(mine, h)
		}
	}

	captured, capturedAt := 0, 0
	for _, h16 := range adj[:nAdj] {
		if h := int(h16); b.color[h&amask] == opp && b.libs[h&amask] == 0 {
			captured += b.removeChain(h)
			capturedAt = h
		}
	}
	b.captures[c&3] += captured

	if b.libs[mine&amask] == 0 { // multi-stone suicide, where the rules allow it
		b.captures[opp&3] += b.removeChain(mine)
		return
	}
	if captured == 1 && b.chainLen[mine&amask] == 1 && b.libs[mine&amask] == 1 {
		b.ko, b.koColor = Point(capturedAt), opp
	}
}

// merge joins the chains headed by a and h (same colour, a freshly placed or
// merged chain next to h) and returns the head of the union. The smaller
// chain's liberties that the larger lacks are added to the larger's count.
func (b *Board) merge(a, h int) int {
	big, small := h, a
	if b.chainLen[a&amask] > b.chainLen[h&amask] {
		big, small = a, h
	}
	added, addedSum := int16(0), int32(0)
	if b.chainLen[small&amask] == 1 {
		// a lone stone's empty neighbours are distinct: no marks needed
		for _, d := range b.dirs {
			q := small + d
			if b.color[q&amask] == Empty && !b.touchesChain(q, big) {
				added++
				addedSum += int32(q)
			}
		}
		b.head[small&amask] = int16(big)
	} else {
		gen := b.nextMark()
		s := small
		for {
			for _, d := range b.dirs {
				q := s + d
				if b.color[q&amask] == Empty && b.mark[q&amask] != gen {
					b.mark[q&amask] = gen
					if !b.touchesChain(q, big) {
						added++
						addedSum += int32(q)
					}
				}
			}
			s = int(b.next[s&amask])
			if s == small {
				break
			}
		}
		for {
			b.head[s&amask] = int16(big)
			s = int(b.next[s&amask])
			if s == small {
				break
			}
		}
	}
	b.next[big&amask], b.next[small&amask] = b.next[small&amask], b.next[big&amask]
	b.chainLen[big&amask] += b.chainLen[small&amask]
	b.libs[big&amask] += added
	b.libSum[big&amask] += addedSum
	return big
}

// touchesChain tells whether point q is next to a stone of the chain headed h.
// Empty and border points have head 0, which is never a chain's head.
func (b *Board) touchesChain(q, h int) bool {
	hh := int16(h)
	return b.head[(q+1)&amask] == hh || b.head[(q-1)&amask] == hh || b.head[(q+b.Stride)&amask] == hh || b.head[(q-b.Stride)&amask] == hh
}

// removeChain takes the chain headed h off the board, gives its points back
// as liberties to the adjacent enemy chains and returns the stone count.
func (b *Board) removeChain(h int) int {
	c := b.color[h&amask]
	opp := c.Opponent()
	n := 0
	s := h
	for {
		b.color[s&amask] = Empty
		b.head[s&amask] = 0
		if !b.noHash {
			b.hash ^= zobrist[c&3][s&amask]
		}
		b.addEmpty(s)
		shiftNeighbours(&b.nbr, s, b.Stride, nbrUnit[Empty]-nbrUnit[c&3])
		n++
		var seen [4]int16
		ns := 0
		for _, d := range b.dirs {
			q := s + d
			if b.color[q&amask] != opp {
				continue
			}
			hq := b.head[q&amask]
			if ns > 0 && (seen[0] == hq || (ns > 1 && (seen[1] == hq || (ns > 2 && seen[2] == hq)))) {
				continue
			}
			seen[ns&3] = hq
			ns++
			b.libs[hq&amask]++
			b.libSum[hq&amask] += int32(s)
		}
		s = int(b.next[s&amask])
		if s == h {
			return n
		}
	}
}

// IsEye tells whether the empty point p is a one-point eye of c: all four
// neighbours are c stones or the edge, and at most one diagonal is an enemy
// stone (none when p is on the edge). Playouts never fill such points.
func (b *Board) IsEye(p Point, c Color) bool {
	return isEye(&b.color, &b.nbr, &b.diag, int(p), c)
}

// isEye is IsEye on the arrays Board and LightBoard share.
func isEye(color *[arraySize]Color, nbr *[arraySize]uint16, diag *[4]int, p int, c Color) bool {
	n := nbr[p&amask]
	own := (n >> nbrShift[c&3]) & 0xF
	if n&0xF != 0 || own != (n&0xF)+(n>>4&0xF)+(n>>8&0xF) {
		return false // an empty or enemy neighbour
	}
	opp := c.Opponent()
	enemies := 0
	for _, d := range diag {
		if color[(p+d)&amask] == opp {
			enemies++
		}
	}
	if own < 4 { // on the edge
		return enemies == 0
	}
	return enemies < 2
}

// nbrShift and nbrUnit locate a colour's count in the nbr fields.
var (
	nbrShift = [4]uint16{Empty: 0, Black: 4, White: 8, Border: 12}
	nbrUnit  = [4]uint16{Empty: 1, Black: 1 << 4, White: 1 << 8, Border: 1 << 12}
)

// shiftNeighbours adds delta to the nbr fields of p's four neighbours
// (p changed colour; delta is the new colour's unit minus the old one's).
func shiftNeighbours(nbr *[arraySize]uint16, p, stride int, delta uint16) {
	nbr[(p+1)&amask] += delta
	nbr[(p-1)&amask] += delta
	nbr[(p+stride)&amask] += delta
	nbr[(p-stride)&amask] += delta
}

// countNeighbours recomputes every nbr field from the colours.
func (b *Board) countNeighbours() {
	for i := 0; i < b.Len; i++ {
		b.nbr[i&amask] = 0
	}
	for i := 0; i < b.Len; i++ {
		if b.color[i&amask] == Border {
			continue
		}
		for _, d := range b.dirs {
			if q := i + d; q >= 0 && q < b.Len && b.color[q&amask] != Border {
				b.nbr[i&amask] += nbrUnit[b.color[q&amask]]
			}
		}
	}
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
		b.color[(m.Point)&amask] = m.Color
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
	b.countNeighbours()
	for i := 0; i < b.Len; i++ {
		b.head[i&amask], b.next[i&amask], b.chainLen[i&amask], b.libs[i&amask], b.libSum[i&amask] = 0, 0, 0, 0, 0
	}
	var stack []int
	for i := 0; i < b.Len; i++ {
		switch b.color[i&amask] {
		case Empty:
			b.addEmpty(i)
		case Black, White:
			b.hash ^= zobrist[b.color[i&amask]&3][i&amask]
		}
	}
	seen := make([]bool, b.Len)
	for i := 0; i < b.Len; i++ {
		c := b.color[i&amask]
		if (c != Black && c != White) || seen[i] {
			continue
		}
		// flood-fill the chain, link it, then count its liberties
		stack = append(stack[:0], i)
		seen[i] = true
		b.head[i&amask], b.next[i&amask], b.chainLen[i&amask] = int16(i), int16(i), 0
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if s != i {
				b.head[s&amask] = int16(i)
				b.next[s&amask] = b.next[i&amask]
				b.next[i&amask] = int16(s)
			}
			b.chainLen[i&amask]++
			for _, d := range b.dirs {
				q := s + d
				if b.color[q&amask] == c && !seen[q] {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
		libs := b.ChainLiberties(Point(i), nil)
		if len(libs) == 0 {
			return fmt.Errorf("chain at %s has no liberties", b.Vertex(Point(i)))
		}
		b.libs[i&amask] = int16(len(libs))
		for _, l := range libs {
			b.libSum[i&amask] += int32(l)
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
			switch b.color[(b.At(x, y))&amask] {
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
