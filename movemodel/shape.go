package movemodel

import (
	"sync"

	"github.com/gtpgo/gtpgo/rules"
)

// Cells of a 3x3 shape, seen from the player to move.
const (
	cellEmpty = 0
	cellOwn   = 1
	cellEnemy = 2
	cellEdge  = 3
)

// Shape is the 3x3 neighbourhood of a candidate point seen from the player
// to move: 2 bits per neighbour (empty, own, enemy, off the board) in the
// order N, NE, E, SE, S, SW, W, NW (bits 0-15), then 2 bits per orthogonal
// neighbour N, E, S, W for the liberties of the chain there (0: no chain,
// 1, 2, 3: three or more; bits 16-23).
type Shape uint32

// neighbourOffsets are the 8 neighbours of a point in Shape order; N is up
// (towards larger y, one stride on).
func neighbourOffsets(stride int) [8]rules.Point {
	s := rules.Point(stride)
	return [8]rules.Point{s, s + 1, 1, -s + 1, -s, -s - 1, -1, s - 1}
}

// swapColours exchanges the Black and White codes of 2-bit cells (01 and
// 10), leaving empty and off-board alone.
func swapColours(cells uint16) uint16 {
	return (cells&0x5555)<<1 | (cells&0xAAAA)>>1
}

// cellsAt is the 16-bit cell part of the shape at p for c: the board's
// colour codes (Empty 0, Black 1, White 2, Border 3) are the cells for
// Black; for White the colours swap.
func cellsAt(b *rules.Board, p rules.Point, c rules.Color) uint16 {
	s := rules.Point(b.Stride)
	cells := uint16(b.Color(p+s)) | uint16(b.Color(p+s+1))<<2 | uint16(b.Color(p+1))<<4 |
		uint16(b.Color(p-s+1))<<6 | uint16(b.Color(p-s))<<8 | uint16(b.Color(p-s-1))<<10 |
		uint16(b.Color(p-1))<<12 | uint16(b.Color(p+s-1))<<14
	if c == rules.White {
		cells = swapColours(cells)
	}
	return cells
}

// ShapeAt is the shape of c playing the empty point p.
func ShapeAt(b *rules.Board, p rules.Point, c rules.Color) Shape {
	shape := Shape(cellsAt(b, p, c))
	offs := neighbourOffsets(b.Stride)
	for i := 0; i < 4; i++ {
		if libs := b.Liberties(p + offs[2*i]); libs > 0 {
			shape |= Shape(min(libs, 3)) << (16 + 2*i)
		}
	}
	return shape
}

// shapeSyms are the 8 rotations and reflections of the neighbour slots:
// slot i goes to slot shapeSyms[k][i]; orthogonal slots stay orthogonal.
var shapeSyms = func() [8][8]int {
	var syms [8][8]int
	rot := [8]int{2, 3, 4, 5, 6, 7, 0, 1}  // a quarter turn: N->E, NE->SE...
	flip := [8]int{0, 7, 6, 5, 4, 3, 2, 1} // left-right mirror: NE<->NW, E<->W...
	cur := [8]int{0, 1, 2, 3, 4, 5, 6, 7}
	for i := 0; i < 4; i++ {
		syms[i] = cur
		for j := range syms[4+i] {
			syms[4+i][j] = flip[cur[j]]
		}
		var r [8]int
		for j := range r {
			r[j] = rot[cur[j]]
		}
		cur = r
	}
	return syms
}()

// transform is the shape after moving neighbour slot i to perm[i].
func (s Shape) transform(perm [8]int) Shape {
	var out Shape
	for i := 0; i < 8; i++ {
		out |= (s >> (2 * i) & 3) << (2 * perm[i])
	}
	for i := 0; i < 4; i++ {
		out |= (s >> (16 + 2*i) & 3) << (16 + perm[2*i])
	}
	return out
}

// Symmetries are the shape's 8 rotations and reflections (some may
// coincide), the first the shape itself.
func (s Shape) Symmetries() [8]Shape {
	var out [8]Shape
	for k, perm := range shapeSyms {
		out[k] = s.transform(perm)
	}
	return out
}

// Canonical is the smallest of the shape's rotations and reflections: one
// code for a shape however it lies on the board.
func (s Shape) Canonical() Shape {
	best := s
	for _, t := range s.Symmetries() {
		best = min(best, t)
	}
	return best
}

// The MoGo 3x3 shapes (Gelly et al. 2006): hane, cut and edge shapes that
// strong players answer, which the playouts play next to the last move.
// Each is written top row first with the candidate point in the centre:
//
//	X, O  stones of one colour and of the other (both colour assignments match)
//	.     empty;  ' ' (space) off the board
//	x     anything but X;  o  anything but O;  ?  anything
//
// Every rotation and reflection matches too.
var mogoPatterns = [][3]string{
	{"XOX", "...", "???"}, // hane: enclosing hane
	{"XO.", "...", "?.?"}, // hane: non-cutting hane
	{"XO?", "X..", "x.?"}, // hane: magari
	{".O.", "X..", "..."}, // katatsuke / diagonal attachment
	{"XO?", "O.o", "?o?"}, // cut: unprotected cut
	{"XO?", "O.X", "???"}, // cut: peeped cut
	{"?X?", "O.O", "ooo"}, // cut: de
	{"OX?", "o.O", "???"}, // cut: keima
	{"X.?", "O.?", "   "}, // edge: chase
	{"OX?", "X.O", "   "}, // edge: block side cut
	{"?X?", "x.O", "   "}, // edge: block side connection
	{"?XO", "x.x", "   "}, // edge: sagari
	{"?OX", "X.O", "   "}, // edge: cut
}

// mogoTable is true for the 16-bit cells that match a MoGo shape, built
// when first needed.
var mogoTable = sync.OnceValue(func() *[1 << 16]bool {
	table := new([1 << 16]bool)
	// the grid cell of each neighbour slot, pattern written top row first
	grid := [8][2]int{{0, 1}, {0, 2}, {1, 2}, {2, 2}, {2, 1}, {2, 0}, {1, 0}, {0, 0}}
	var expand func(cells *[8][]uint16, i int, code uint16)
	expand = func(cells *[8][]uint16, i int, code uint16) {
		if i == 8 {
			table[code] = true
			return
		}
		for _, v := range cells[i] {
			expand(cells, i+1, code|v<<(2*i))
		}
	}
	for _, pat := range mogoPatterns {
		for _, perm := range shapeSyms {
			for _, swapped := range []bool{false, true} {
				var cells [8][]uint16
				for i, rc := range grid {
					cells[perm[i]] = mogoChoices(pat[rc[0]][rc[1]], swapped)
				}
				expand(&cells, 0, 0)
			}
		}
	}
	return table
})

// mogoChoices lists the cell values a pattern character matches.
func mogoChoices(ch byte, swapped bool) []uint16 {
	x, o := uint16(cellOwn), uint16(cellEnemy)
	if swapped {
		x, o = o, x
	}
	switch ch {
	case 'X':
		return []uint16{x}
	case 'O':
		return []uint16{o}
	case '.':
		return []uint16{cellEmpty}
	case ' ':
		return []uint16{cellEdge}
	case 'x':
		return []uint16{cellEmpty, o, cellEdge}
	case 'o':
		return []uint16{cellEmpty, x, cellEdge}
	}
	return []uint16{cellEmpty, cellOwn, cellEnemy, cellEdge}
}

// MatchesMoGo tells whether the empty point p has a MoGo shape around it
// (both colour assignments match, so the player does not matter).
func MatchesMoGo(b *rules.Board, p rules.Point) bool {
	return mogoTable()[cellsAt(b, p, rules.Black)]
}
