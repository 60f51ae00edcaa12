package engine

import "github.com/gtpgo/gtpgo/rules"

// 3x3 shapes around an empty point, as MoGo's playout policy uses them (Gelly
// et al. 2006): hane, cut and edge shapes that strong players answer. Each is
// written top row first with the candidate point in the centre:
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

// pattern3 codes: 2 bits per neighbour (empty, black, white, off-board) in
// the order N, NE, E, SE, S, SW, W, NW.
const (
	cellEmpty = 0
	cellBlack = 1
	cellWhite = 2
	cellEdge  = 3
)

// patternTable[code] is true when the 3x3 neighbourhood matches a shape.
var patternTable [1 << 16]bool

// gridOrder maps the 8 neighbour slots of the code to (row, col) cells of a
// pattern written top row first.
var gridOrder = [8][2]int{{0, 1}, {0, 2}, {1, 2}, {2, 2}, {2, 1}, {2, 0}, {1, 0}, {0, 0}}

func init() {
	for _, pat := range mogoPatterns {
		for _, sym := range symmetries(pat) {
			for _, swapped := range []bool{false, true} {
				var cells [8]string
				for i, rc := range gridOrder {
					cells[i] = cellChoices(sym[rc[0]][rc[1]], swapped)
				}
				expandPattern(cells, 0, 0)
			}
		}
	}
}

// cellChoices lists the cell values a pattern character matches.
func cellChoices(ch byte, swapped bool) string {
	x, o := byte(cellBlack), byte(cellWhite)
	if swapped {
		x, o = o, x
	}
	switch ch {
	case 'X':
		return string([]byte{x})
	case 'O':
		return string([]byte{o})
	case '.':
		return string([]byte{cellEmpty})
	case ' ':
		return string([]byte{cellEdge})
	case 'x':
		return string([]byte{cellEmpty, o, cellEdge})
	case 'o':
		return string([]byte{cellEmpty, x, cellEdge})
	}
	return string([]byte{cellEmpty, cellBlack, cellWhite, cellEdge})
}

func expandPattern(cells [8]string, i int, code uint16) {
	if i == 8 {
		patternTable[code] = true
		return
	}
	for j := 0; j < len(cells[i]); j++ {
		expandPattern(cells, i+1, code|uint16(cells[i][j])<<(2*i))
	}
}

// symmetries returns the 8 rotations and reflections of a 3x3 pattern.
func symmetries(p [3]string) [][3][3]byte {
	var grid [3][3]byte
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			grid[r][c] = p[r][c]
		}
	}
	var out [][3][3]byte
	for flip := 0; flip < 2; flip++ {
		for rot := 0; rot < 4; rot++ {
			out = append(out, grid)
			var r90 [3][3]byte
			for r := 0; r < 3; r++ {
				for c := 0; c < 3; c++ {
					r90[c][2-r] = grid[r][c]
				}
			}
			grid = r90
		}
		var f [3][3]byte
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				f[r][2-c] = grid[r][c]
			}
		}
		grid = f
	}
	return out
}

// neighbourhood returns the 3x3 code of point p on b.
func neighbourhood(b *rules.Board, p rules.Point) uint16 {
	s := rules.Point(b.Stride)
	return uint16(b.Color(p+s)) | uint16(b.Color(p+s+1))<<2 | uint16(b.Color(p+1))<<4 |
		uint16(b.Color(p-s+1))<<6 | uint16(b.Color(p-s))<<8 | uint16(b.Color(p-s-1))<<10 |
		uint16(b.Color(p-1))<<12 | uint16(b.Color(p+s-1))<<14
}

// matchesShape tells whether the empty point p has a MoGo shape around it.
func matchesShape(b *rules.Board, p rules.Point) bool {
	return patternTable[neighbourhood(b, p)]
}
