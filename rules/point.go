package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// Board size limits: GTP's vertex alphabet stops at Z (25 columns without I).
const (
	MinSize = 2
	MaxSize = 25
	// MaxPoints is the padded array length for the largest board: (size+2) rows
	// of (size+1) entries (one border column is shared by neighbouring rows),
	// plus one entry so the bottom-right diagonal of the last point exists.
	MaxPoints = (MaxSize+2)*(MaxSize+1) + 1
)

// Board arrays have a power-of-two length so that indexing with "& amask"
// needs no bounds check in the hot loops (the compiler proves the range).
const (
	arraySize = 1024
	amask     = arraySize - 1
)

// Color is the content of a point, or a player.
type Color uint8

const (
	Empty Color = iota
	Black
	White
	Border
)

// Opponent returns the other player; only meaningful for Black and White.
func (c Color) Opponent() Color { return 3 - c }

func (c Color) String() string {
	switch c {
	case Empty:
		return "empty"
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "border"
}

// Letter is the SGF/GTP one-letter form: B or W.
func (c Color) Letter() string {
	if c == White {
		return "W"
	}
	return "B"
}

// ParseColor reads GTP's colour entity: b, w, black, white in any case.
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return Black, nil
	case "w", "white":
		return White, nil
	}
	return Empty, fmt.Errorf("invalid color %q", s)
}

// Point is an index into a board's padded array. Pass is not a board point.
type Point int16

// Pass is the point value of a pass move. NoPoint marks "none" (e.g. no ko).
const (
	Pass    Point = -1
	NoPoint Point = 0
)

// columnLetters is GTP's column alphabet: A..Z without I.
const columnLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

// Geometry maps between (column, row) coordinates and padded-array points for
// one board size. Row 0 is the bottom row (GTP's row 1), column 0 is column A.
type Geometry struct {
	Size   int
	Stride int // entries per padded row: Size+1
	Len    int // used array length: (Size+2)*(Size+1)+1
}

// NewGeometry returns the geometry of a size x size board.
func NewGeometry(size int) (Geometry, error) {
	if size < MinSize || size > MaxSize {
		return Geometry{}, fmt.Errorf("unsupported board size %d (want %d..%d)", size, MinSize, MaxSize)
	}
	return Geometry{Size: size, Stride: size + 1, Len: (size+2)*(size+1) + 1}, nil
}

// At returns the point of column x and row y (both from 0, row 0 at the bottom).
func (g Geometry) At(x, y int) Point { return Point((y+1)*g.Stride + x + 1) }

// XY returns the column and row of an on-board point.
func (g Geometry) XY(p Point) (x, y int) {
	return int(p)%g.Stride - 1, int(p)/g.Stride - 1
}

// OnBoard tells whether p is a playable point of this geometry.
func (g Geometry) OnBoard(p Point) bool {
	if p <= 0 || int(p) >= g.Len {
		return false
	}
	x, y := g.XY(p)
	return x >= 0 && x < g.Size && y >= 0 && y < g.Size
}

// Points lists every on-board point, bottom row first.
func (g Geometry) Points() []Point {
	pts := make([]Point, 0, g.Size*g.Size)
	for y := 0; y < g.Size; y++ {
		for x := 0; x < g.Size; x++ {
			pts = append(pts, g.At(x, y))
		}
	}
	return pts
}

// Vertex formats p as a GTP vertex such as "D4", or "pass".
func (g Geometry) Vertex(p Point) string {
	if p == Pass {
		return "pass"
	}
	if !g.OnBoard(p) {
		return fmt.Sprintf("invalid(%d)", p)
	}
	x, y := g.XY(p)
	return string(columnLetters[x]) + strconv.Itoa(y+1)
}

// ParseVertex reads a GTP vertex ("D4", "q16", "pass") for this board size.
func (g Geometry) ParseVertex(s string) (Point, error) {
	if strings.EqualFold(s, "pass") {
		return Pass, nil
	}
	if len(s) < 2 || len(s) > 3 {
		return NoPoint, fmt.Errorf("invalid vertex %q", s)
	}
	x := strings.IndexByte(columnLetters, upper(s[0]))
	if x < 0 {
		return NoPoint, fmt.Errorf("invalid vertex %q", s)
	}
	for _, ch := range s[1:] {
		if ch < '0' || ch > '9' {
			return NoPoint, fmt.Errorf("invalid vertex %q", s)
		}
	}
	row, _ := strconv.Atoi(s[1:])
	if s[1] == '0' || x >= g.Size || row < 1 || row > g.Size {
		return NoPoint, fmt.Errorf("vertex %q is off a %dx%d board", s, g.Size, g.Size)
	}
	return g.At(x, row-1), nil
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// Move is one player's action: a stone on Point, or Pass.
type Move struct {
	Color Color
	Point Point
}
