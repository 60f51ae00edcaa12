package movemodel

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gtpgo/gtpgo/rules"
)

// Playout shapes: ratings for the random part of a playout (the moves no
// tactical rule or answer to the last move chose), as Crazy Stone and Fuego
// weigh it. A candidate is rated by its PlayoutCode alone, a code cheap
// enough to compute for every move a playout draws: its 3x3 neighbourhood
// and which orthogonal neighbours' chains are in atari. scripts/trainmm
// -playout learns the ratings from which of the playout's own candidates
// (legal, not an own eye, not a self-atari) strong players chose, one group
// of ratings fitted by MM; they are embedded from playoutshapes.txt.

// PlayoutCodes is the number of distinct PlayoutCode values.
const PlayoutCodes = 1 << 20

// PlayoutCode is the neighbourhood of c playing the empty point p: the 16
// cell bits of Shape (seen from c), then one bit per orthogonal neighbour
// N, E, S, W (bits 16-19) whose chain is in atari.
func PlayoutCode(b *rules.Board, p rules.Point, c rules.Color) uint32 {
	code := uint32(cellsAt(b, p, c))
	s := rules.Point(b.Stride)
	for i, n := range [4]rules.Point{p + s, p + 1, p - s, p - 1} {
		if b.Liberties(n) == 1 {
			code |= 1 << (16 + i)
		}
	}
	return code
}

// shapeOfPlayoutCode is code as a Shape (an atari as one liberty), so
// that Shape's symmetries apply to it.
func shapeOfPlayoutCode(code uint32) Shape {
	s := Shape(code & 0xFFFF)
	for i := 0; i < 4; i++ {
		if code>>(16+i)&1 != 0 {
			s |= 1 << (16 + 2*i)
		}
	}
	return s
}

// playoutCodeOfShape is the inverse of shapeOfPlayoutCode.
func playoutCodeOfShape(s Shape) uint32 {
	code := uint32(s & 0xFFFF)
	for i := 0; i < 4; i++ {
		if s>>(16+2*i)&3 != 0 {
			code |= 1 << (16 + i)
		}
	}
	return code
}

// CanonicalPlayoutCode is the smallest of code's rotations and reflections.
func CanonicalPlayoutCode(code uint32) uint32 {
	return playoutCodeOfShape(shapeOfPlayoutCode(code).Canonical())
}

// canonicalPlayoutCodes maps every code to its canonical form (4 MiB,
// built when first needed).
var canonicalPlayoutCodes = sync.OnceValue(func() []uint32 {
	t := make([]uint32, PlayoutCodes)
	for code := range t {
		if t[code] != 0 || code == 0 {
			continue
		}
		// every symmetry of code shares its canonical code: fill them at once
		canon := CanonicalPlayoutCode(uint32(code))
		for _, sym := range shapeOfPlayoutCode(canon).Symmetries() {
			t[playoutCodeOfShape(sym)] = canon
		}
	}
	return t
})

// CanonicalPlayoutCodeFast is CanonicalPlayoutCode from a table.
func CanonicalPlayoutCodeFast(code uint32) uint32 { return canonicalPlayoutCodes()[code] }

// OtherPlayoutCode stands for every code too rare to have a rating of its
// own: they share one.
const OtherPlayoutCode = uint32(PlayoutCodes)

// PlayoutGammas are the ratings of the canonical playout codes (and of
// OtherPlayoutCode), with how often each was a candidate in the training
// positions.
type PlayoutGammas struct {
	Codes  []uint32 // canonical codes, ascending, OtherPlayoutCode last
	Gammas []float32
	Seen   []int64
}

// Gamma is the rating of a (not necessarily canonical) code.
func (g *PlayoutGammas) Gamma(code uint32) float32 {
	canon := CanonicalPlayoutCodeFast(code)
	if i, ok := slices.BinarySearch(g.Codes, canon); ok {
		return g.Gammas[i]
	}
	return g.Gammas[len(g.Gammas)-1]
}

// Acceptance is the playouts' table: for every code, the chance out of
// 255 that a candidate with it is taken when drawn, its rating over
// capShare's: the rating that the top capShare of the training
// candidates (by count) reach. Candidates rated above it are all taken.
func (g *PlayoutGammas) Acceptance(capShare float64) []uint8 {
	order := make([]int, len(g.Codes))
	var total int64
	for i := range order {
		order[i] = i
		total += g.Seen[i]
	}
	slices.SortFunc(order, func(a, b int) int {
		if g.Gammas[a] != g.Gammas[b] {
			if g.Gammas[a] > g.Gammas[b] {
				return -1
			}
			return 1
		}
		return int(g.Codes[a]) - int(g.Codes[b])
	})
	limit := float32(1)
	var acc int64
	for _, i := range order {
		acc += g.Seen[i]
		limit = g.Gammas[i]
		if float64(acc) >= capShare*float64(total) {
			break
		}
	}
	other := quantize(g.Gammas[len(g.Gammas)-1] / limit)
	t := make([]uint8, PlayoutCodes)
	for i := range t {
		t[i] = other
	}
	canon := canonicalPlayoutCodes()
	byCode := make(map[uint32]uint8, len(g.Codes))
	for i, c := range g.Codes {
		byCode[c] = quantize(g.Gammas[i] / limit)
	}
	for code, c := range canon {
		if a, ok := byCode[c]; ok {
			t[code] = a
		}
	}
	return t
}

// quantize maps a chance in [0,1] (more is 1) to 1..255: no candidate is
// never taken.
func quantize(x float32) uint8 {
	return uint8(max(1, min(255, int(x*255+0.5))))
}

//go:embed playoutshapes.txt
var playoutShapesText string

// DefaultPlayoutGammas are the embedded ratings, parsed when first asked for.
var DefaultPlayoutGammas = sync.OnceValues(func() (*PlayoutGammas, error) { return ParsePlayoutGammas(playoutShapesText) })

// FormatPlayoutGammas writes the ratings as ParsePlayoutGammas reads them:
// the provenance's lines as comments ("# "), then one line per code: the
// code in hex, its rating and how often it was a candidate.
func FormatPlayoutGammas(g *PlayoutGammas, provenance string) string {
	var sb strings.Builder
	for _, line := range strings.Split(strings.TrimRight(provenance, "\n"), "\n") {
		sb.WriteString(strings.TrimRight("# "+line, " ") + "\n")
	}
	for i, c := range g.Codes {
		fmt.Fprintf(&sb, "%05x %s %d\n", c, strconv.FormatFloat(float64(g.Gammas[i]), 'g', 5, 32), g.Seen[i])
	}
	return sb.String()
}

// ParsePlayoutGammas reads ratings FormatPlayoutGammas wrote.
func ParsePlayoutGammas(text string) (*PlayoutGammas, error) {
	g := &PlayoutGammas{}
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			return nil, fmt.Errorf("playout shapes, line %d: %d fields, want 3", n+1, len(fields))
		}
		code, err1 := strconv.ParseUint(fields[0], 16, 32)
		gamma, err2 := strconv.ParseFloat(fields[1], 32)
		seen, err3 := strconv.ParseInt(fields[2], 10, 64)
		if err1 != nil || err2 != nil || err3 != nil || !(gamma > 0) || gamma > 1e6 || seen < 0 || code > uint64(OtherPlayoutCode) {
			return nil, fmt.Errorf("playout shapes, line %d: %q is not a code, a positive rating and a count", n+1, line)
		}
		if c := uint32(code); c != OtherPlayoutCode && c != CanonicalPlayoutCodeFast(c) {
			return nil, fmt.Errorf("playout shapes, line %d: code %05x is not canonical", n+1, c)
		}
		if k := len(g.Codes); k > 0 && g.Codes[k-1] >= uint32(code) {
			return nil, fmt.Errorf("playout shapes, line %d: codes not ascending", n+1)
		}
		g.Codes = append(g.Codes, uint32(code))
		g.Gammas = append(g.Gammas, float32(gamma))
		g.Seen = append(g.Seen, seen)
	}
	if len(g.Codes) == 0 || g.Codes[len(g.Codes)-1] != OtherPlayoutCode {
		return nil, fmt.Errorf("playout shapes: no rating for the rare codes (%05x)", OtherPlayoutCode)
	}
	return g, nil
}
