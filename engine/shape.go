package engine

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"fmt"
	"io"
	"slices"

	"github.com/gtpgo/gtpgo/rules"
)

// Learned shapes. A shape is the 3x3 neighbourhood of a candidate move, seen
// from the mover (own, enemy, empty, edge for each of the 8 neighbours) plus
// the liberty class (1, 2, or more) of the chains on the 4 orthogonal
// neighbours: 24 bits, reduced to the smallest of its 8 rotations and
// reflections. scripts/learnshapes counts, over the KGS games in
// ../shared/data/games, how often a legal move with each shape was the move
// played, and writes shapes.dat: the shapes seen often enough, each with its
// play rate relative to the average legal move, quantised to a byte. Priors
// give new tree nodes won visits for shapes strong players choose and lost
// visits for shapes they avoid.

//go:embed shapes.dat
var shapesData []byte

// shapeValue maps a canonical shape code to its quantised value (0: unknown).
var shapeValue []uint8

const shapeBits = 24

func init() {
	var err error
	shapeValue, err = decodeShapes(shapesData)
	if err != nil {
		panic("engine: shapes.dat: " + err.Error())
	}
}

// ShapeFileMagic starts shapes.dat, with a format version.
const ShapeFileMagic = "gtpgo-shapes-1\n"

// EncodeShapes writes a shape table: gzip of the magic line, then (code,
// value) pairs as uint32 little-endian code and one value byte.
func EncodeShapes(values map[uint32]uint8) []byte {
	var raw bytes.Buffer
	raw.WriteString(ShapeFileMagic)
	codes := make([]uint32, 0, len(values))
	for c := range values {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	var rec [5]byte
	for _, c := range codes {
		binary.LittleEndian.PutUint32(rec[:4], c)
		rec[4] = values[c]
		raw.Write(rec[:])
	}
	var out bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	zw.Write(raw.Bytes())
	zw.Close()
	return out.Bytes()
}

func decodeShapes(data []byte) ([]uint8, error) {
	table := make([]uint8, 1<<shapeBits)
	if len(data) == 0 {
		return table, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(raw, []byte(ShapeFileMagic)) {
		return nil, fmt.Errorf("bad header")
	}
	raw = raw[len(ShapeFileMagic):]
	if len(raw)%5 != 0 {
		return nil, fmt.Errorf("truncated")
	}
	for i := 0; i < len(raw); i += 5 {
		code := binary.LittleEndian.Uint32(raw[i:])
		if code >= 1<<shapeBits {
			return nil, fmt.Errorf("code %x out of range", code)
		}
		for _, sym := range symmetricCodes(code) {
			table[sym] = raw[i+4]
		}
	}
	return table, nil
}

// symmetricCodes returns the raw codes of the 8 rotations and reflections
// of a shape (some may coincide), so the table can be read without
// canonicalising at every lookup.
func symmetricCodes(code uint32) [8]uint32 {
	var cells [8]uint32
	var libs [4]uint32
	for i := 0; i < 8; i++ {
		cells[i] = code >> (2 * i) & 3
	}
	for i := 0; i < 4; i++ {
		libs[i] = code >> (16 + 2*i) & 3
	}
	var out [8]uint32
	for k, perm := range shapeSyms {
		out[k] = permuteShape(cells, libs, perm)
	}
	return out
}

// Cell codes in a shape, relative to the mover.
const (
	shapeEmpty = 0
	shapeOwn   = 1
	shapeEnemy = 2
	shapeEdge  = 3
)

// neighbour offsets in shape order: N, NE, E, SE, S, SW, W, NW (the
// orthogonal ones are slots 0, 2, 4, 6).
func shapeOffsets(b *rules.Board) [8]rules.Point {
	s := rules.Point(b.Stride)
	return [8]rules.Point{s, s + 1, 1, -s + 1, -s, -s - 1, -1, s - 1}
}

// ShapeCode returns the canonical shape of c playing the empty point p.
func ShapeCode(b *rules.Board, p rules.Point, c rules.Color) uint32 {
	cells, libs := shapeCells(b, p, c)
	return canonicalShape(cells, libs)
}

// rawShape is the shape code of c playing p as it lies on the board.
func rawShape(b *rules.Board, p rules.Point, c rules.Color) uint32 {
	cells, libs := shapeCells(b, p, c)
	code := uint32(0)
	for i := 0; i < 8; i++ {
		code |= cells[i] << (2 * i)
	}
	for i := 0; i < 4; i++ {
		code |= libs[i] << (16 + 2*i)
	}
	return code
}

func shapeCells(b *rules.Board, p rules.Point, c rules.Color) (cells [8]uint32, libs [4]uint32) {
	offs := shapeOffsets(b)
	for i, o := range offs {
		q := p + o
		switch col := b.Color(q); {
		case col == rules.Empty:
			cells[i] = shapeEmpty
		case col == rules.Border:
			cells[i] = shapeEdge
		case col == c:
			cells[i] = shapeOwn
		default:
			cells[i] = shapeEnemy
		}
		if i%2 == 0 && (cells[i] == shapeOwn || cells[i] == shapeEnemy) {
			switch b.Liberties(q) {
			case 1:
				libs[i/2] = 1
			case 2:
				libs[i/2] = 2
			default:
				libs[i/2] = 3
			}
		}
	}
	return cells, libs
}

// rotations and reflections of the 8 neighbour slots (slot i goes to
// perm[i]); the orthogonal slots stay orthogonal.
var shapeSyms = func() [8][8]int {
	var syms [8][8]int
	rot := [8]int{2, 3, 4, 5, 6, 7, 0, 1}  // 90 degrees: N->E, NE->SE...
	flip := [8]int{0, 7, 6, 5, 4, 3, 2, 1} // mirror left-right: NE<->NW, E<->W...
	id := [8]int{0, 1, 2, 3, 4, 5, 6, 7}
	cur := id
	for i := 0; i < 4; i++ {
		syms[i] = cur
		var f [8]int
		for j := range f {
			f[j] = flip[cur[j]]
		}
		syms[4+i] = f
		var r [8]int
		for j := range r {
			r[j] = rot[cur[j]]
		}
		cur = r
	}
	return syms
}()

func canonicalShape(cells [8]uint32, libs [4]uint32) uint32 {
	best := uint32(1<<32 - 1)
	for _, perm := range shapeSyms {
		if code := permuteShape(cells, libs, perm); code < best {
			best = code
		}
	}
	return best
}

// permuteShape encodes a shape after moving neighbour slot i to perm[i].
func permuteShape(cells [8]uint32, libs [4]uint32, perm [8]int) uint32 {
	var pc [8]uint32
	var pl [4]uint32
	for i := 0; i < 8; i++ {
		pc[perm[i]] = cells[i]
	}
	for i := 0; i < 4; i++ {
		pl[perm[2*i]/2] = libs[i]
	}
	code := uint32(0)
	for i := 0; i < 8; i++ {
		code |= pc[i] << (2 * i)
	}
	for i := 0; i < 4; i++ {
		code |= pl[i] << (16 + 2*i)
	}
	return code
}

// ShapeValue returns the learned value of c playing p: 0 for an unknown
// shape, else 1..255 where 128 is an average legal move.
func ShapeValue(b *rules.Board, p rules.Point, c rules.Color) uint8 {
	return shapeValue[rawShape(b, p, c)]
}
