package movemodel

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/gtpgo/gtpgo/rules"
)

// Model is a learned move model: the dictionary of shapes and patterns and a
// rating (gamma) for every level of every feature group. A move's strength
// is the product of its levels' gammas, and its probability among the
// candidates of a position its share of their strengths.
type Model struct {
	*Dictionary
	Gammas [NumGroups][]float32
	// Provenance says how the model was made: the training command, the
	// data, what it measured.
	Provenance string
}

// Strength is the product of the gammas of the features' levels.
func (m *Model) Strength(f *Features) float64 {
	s := 1.0
	for g, level := range f {
		if level >= 0 {
			s *= float64(m.Gammas[g][level])
		}
	}
	return s
}

// ModelMagic starts a model file, with the format's version.
const ModelMagic = "gtpgo-movemodel-1\n"

// Encode writes the model: gzip of the magic line, then, as unsigned varints
// and little-endian float32s, the provenance (length, text), the gammas of
// each group (count, values), the
// canonical shapes (count, codes) and the canonical spatial patterns
// (count; size and states packed 2 bits a point each).
func (m *Model) Encode() []byte {
	var raw bytes.Buffer
	raw.WriteString(ModelMagic)
	uvarint := func(v uint64) { raw.Write(binary.AppendUvarint(nil, v)) }
	uvarint(uint64(len(m.Provenance)))
	raw.WriteString(m.Provenance)
	for _, gammas := range m.Gammas {
		uvarint(uint64(len(gammas)))
		for _, g := range gammas {
			binary.Write(&raw, binary.LittleEndian, g)
		}
	}
	uvarint(uint64(len(m.Shapes)))
	for _, s := range m.Shapes {
		uvarint(uint64(s))
	}
	uvarint(uint64(len(m.Patterns)))
	for _, pt := range m.Patterns {
		raw.WriteByte(byte(pt.Size))
		raw.Write(packStates(pt.States))
	}
	var out bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	zw.Write(raw.Bytes())
	zw.Close()
	return out.Bytes()
}

func packStates(states []uint8) []byte {
	out := make([]byte, (len(states)+3)/4)
	for i, s := range states {
		out[i/4] |= s << (2 * (i % 4))
	}
	return out
}

// DecodeModel reads a model written by Encode.
func DecodeModel(data []byte) (*Model, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	r := bufio.NewReader(zr)
	magic := make([]byte, len(ModelMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != ModelMagic {
		return nil, errors.New("not a gtpgo move model")
	}
	var m Model
	count := func(max uint64) (int, error) {
		n, err := binary.ReadUvarint(r)
		if err == nil && n > max {
			err = fmt.Errorf("count %d out of range", n)
		}
		return int(n), err
	}
	n, err := count(1 << 16)
	if err != nil {
		return nil, err
	}
	provenance := make([]byte, n)
	if _, err := io.ReadFull(r, provenance); err != nil {
		return nil, err
	}
	m.Provenance = string(provenance)
	for g := range m.Gammas {
		n, err := count(1 << 24)
		if err != nil {
			return nil, err
		}
		m.Gammas[g] = make([]float32, n)
		if err := binary.Read(r, binary.LittleEndian, m.Gammas[g]); err != nil {
			return nil, err
		}
		for _, v := range m.Gammas[g] {
			if !(v > 0) || math.IsInf(float64(v), 0) {
				return nil, fmt.Errorf("group %s: gamma %v", GroupNames[g], v)
			}
		}
		if fixed := FixedLevels[g]; fixed > 0 && n != fixed {
			return nil, fmt.Errorf("group %s: %d levels, want %d", GroupNames[g], n, fixed)
		}
	}
	if n, err = count(1 << 24); err != nil {
		return nil, err
	}
	shapes := make([]Shape, n)
	for i := range shapes {
		v, err := binary.ReadUvarint(r)
		if err != nil {
			return nil, err
		}
		if v >= 1<<24 {
			return nil, fmt.Errorf("shape %x out of range", v)
		}
		shapes[i] = Shape(v)
	}
	if n, err = count(1 << 24); err != nil {
		return nil, err
	}
	patterns := make([]Pattern, n)
	var backing []uint8 // the patterns' states, allocated in large blocks
	for i := range patterns {
		size, err := r.ReadByte()
		if err != nil {
			return nil, err
		}
		if size < MinSpatial || size > MaxSpatial {
			return nil, fmt.Errorf("pattern size %d", size)
		}
		points := PatternPoints(int(size))
		packed := make([]byte, (points+3)/4)
		if _, err := io.ReadFull(r, packed); err != nil {
			return nil, err
		}
		if len(backing) < points {
			backing = make([]uint8, 1<<16)
		}
		states := backing[:points:points]
		backing = backing[points:]
		for k := range states {
			states[k] = packed[k/4] >> (2 * (k % 4)) & 3
		}
		patterns[i] = Pattern{Size: int(size), States: states}
	}
	if len(m.Gammas[GroupShape]) != len(shapes) || len(m.Gammas[GroupSpatial]) != len(patterns) {
		return nil, errors.New("dictionary and gammas differ in size")
	}
	m.Dictionary = NewDictionary(shapes, patterns)
	return &m, nil
}

//go:embed model.dat
var modelData []byte

// Default is the model scripts/trainmm learned, decoded when first asked
// for.
var Default = sync.OnceValues(func() (*Model, error) { return DecodeModel(modelData) })

// Rater rates the candidates of positions with a model. It owns scratch
// space, so it is not safe for concurrent use; one per goroutine.
type Rater struct {
	model *Model
	ext   *Extractor
}

// NewRater returns a rater for m.
func (m *Model) NewRater() *Rater {
	return &Rater{model: m, ext: NewExtractor(m.Dictionary)}
}

// Rate fills probs with the probability of each of moves for c to play on
// b: its strength's share of all theirs. moves are legal moves (Pass among
// them if wanted); probs must be as long.
func (r *Rater) Rate(b *rules.Board, c rules.Color, moves []rules.Point, probs []float32) {
	total := 0.0
	r.ext.Prepare(b, c)
	for i, p := range moves {
		f := r.ext.Features(p)
		s := r.model.Strength(&f)
		probs[i] = float32(s)
		total += s
	}
	if total <= 0 {
		return
	}
	for i := range probs[:len(moves)] {
		probs[i] = float32(float64(probs[i]) / total)
	}
}

// LimitSpatial limits the spatial patterns the rater looks up to size
// (Extractor.LimitSpatial).
func (r *Rater) LimitSpatial(size int) { r.ext.LimitSpatial(size) }

// Features is the extractor's features of c playing p on b (for reports
// and tests).
func (r *Rater) Features(b *rules.Board, p rules.Point, c rules.Color) Features {
	r.ext.Prepare(b, c)
	return r.ext.Features(p)
}

// LegalMoves appends c's legal moves on b (by the board's rules: simple
// ko) to dst, and Pass.
func LegalMoves(b *rules.Board, c rules.Color, dst []rules.Point) []rules.Point {
	for i := 0; i < b.EmptyCount(); i++ {
		if p := b.EmptyAt(i); b.LegalEmpty(p, c) {
			dst = append(dst, p)
		}
	}
	return append(dst, rules.Pass)
}
