package movemodel

import (
	"sort"

	"github.com/gtpgo/gtpgo/rules"
)

// Large spatial patterns (as Stern, Herbrich and Graepel's and Pachi's): the
// points around a candidate within a "gridcular" distance d, where the
// distance of (dx, dy) is |dx| + |dy| + max(|dx|, |dy|), each seen from the
// player to move as empty, own, enemy or off the board. Distance 3 is the
// 3x3 square (Shape covers it, with liberties); the spatial patterns grow
// from distance MinSpatial (12 points) to MaxSpatial (104 points, a
// diameter of 11), nested, so a candidate has one pattern of every size and
// the model rates the largest it knows.
const (
	MinSpatial = 4
	MaxSpatial = 12
	// NumSpatialSizes is the number of pattern sizes.
	NumSpatialSizes = MaxSpatial - MinSpatial + 1
)

// spatialPoint is one point of the patterns, relative to the candidate.
type spatialPoint struct {
	dx, dy int
	dist   int
}

// spatialGeometry is what every pattern shares: its points sorted by
// distance, where each of the 8 rotations and reflections sends them, and
// the Zobrist keys that hash them.
type spatialGeometry struct {
	points []spatialPoint
	// count[d] is the number of points within distance d
	count [MaxSpatial + 1]int
	// perm[t][k] is where symmetry t sends point k
	perm [8][]int
	// zobrist[k][state] hashes state (empty, own, enemy, edge) on point k;
	// salt[d] marks a hash as one of size d
	zobrist [][4]uint64
	salt    [MaxSpatial + 1]uint64
}

var spatial = func() *spatialGeometry {
	g := &spatialGeometry{}
	r := MaxSpatial
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			ax, ay := abs(dx), abs(dy)
			d := ax + ay + max(ax, ay)
			if d >= 2 && d <= MaxSpatial {
				g.points = append(g.points, spatialPoint{dx, dy, d})
			}
		}
	}
	sort.SliceStable(g.points, func(i, j int) bool { return g.points[i].dist < g.points[j].dist })
	for _, p := range g.points {
		for d := p.dist; d <= MaxSpatial; d++ {
			g.count[d]++
		}
	}
	index := map[[2]int]int{}
	for k, p := range g.points {
		index[[2]int{p.dx, p.dy}] = k
	}
	// the dihedral group: four quarter turns, each also mirrored
	for t := 0; t < 8; t++ {
		g.perm[t] = make([]int, len(g.points))
		for k, p := range g.points {
			x, y := p.dx, p.dy
			for i := 0; i < t%4; i++ {
				x, y = -y, x
			}
			if t >= 4 {
				x = -x
			}
			g.perm[t][k] = index[[2]int{x, y}]
		}
	}
	rng := splitmix(0x6774_7067_6f5f_7370) // fixed: the model file stores contents, not hashes
	g.zobrist = make([][4]uint64, len(g.points))
	for k := range g.zobrist {
		for s := range g.zobrist[k] {
			g.zobrist[k][s] = rng.next()
		}
	}
	for d := range g.salt {
		g.salt[d] = rng.next()
	}
	return g
}()

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// splitmix is a small deterministic generator for the Zobrist keys.
type splitmix uint64

func (s *splitmix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// stateOf maps a board colour to a pattern state for the player to move
// (index by player, then colour): empty, own, enemy, edge.
var stateOf = [3][4]uint8{
	rules.Black: {cellEmpty, cellOwn, cellEnemy, cellEdge},
	rules.White: {cellEmpty, cellEnemy, cellOwn, cellEdge},
}

// spatialStates fills states with the pattern states of the points around
// p, for c to move, up to distance MaxSpatial.
func spatialStates(b *rules.Board, p rules.Point, c rules.Color, states []uint8) {
	x0, y0 := b.XY(p)
	n := b.Size
	for k, sp := range spatial.points {
		x, y := x0+sp.dx, y0+sp.dy
		if x < 0 || y < 0 || x >= n || y >= n {
			states[k] = cellEdge
			continue
		}
		states[k] = stateOf[c][b.Color(b.At(x, y))]
	}
}

// SpatialHashes are the hashes of the patterns of every size around p for
// c to move, as they lie on the board (index size - MinSpatial).
func SpatialHashes(b *rules.Board, p rules.Point, c rules.Color, out *[NumSpatialSizes]uint64) {
	x0, y0 := b.XY(p)
	n := b.Size
	g := spatial
	var h uint64
	k := 0
	for d := MinSpatial; d <= MaxSpatial; d++ {
		for ; k < g.count[d]; k++ {
			sp := &g.points[k]
			x, y := x0+sp.dx, y0+sp.dy
			state := uint8(cellEdge)
			if x >= 0 && y >= 0 && x < n && y < n {
				state = stateOf[c][b.Color(b.At(x, y))]
			}
			h ^= g.zobrist[k][state]
		}
		out[d-MinSpatial] = h ^ g.salt[d]
	}
}

// Pattern is a spatial pattern: its size (distance) and the states of its
// points in spatial order.
type Pattern struct {
	Size   int
	States []uint8
}

// Hashes are the hashes of the pattern's 8 rotations and reflections as
// SpatialHashes finds them on a board (some may coincide), in one pass over
// its points (loading a model computes them for every pattern).
func (pt Pattern) Hashes() [8]uint64 {
	g := spatial
	var out [8]uint64
	for k, s := range pt.States {
		for t := range out {
			out[t] ^= g.zobrist[g.perm[t][k]][s]
		}
	}
	for t := range out {
		out[t] ^= g.salt[pt.Size]
	}
	return out
}

// Canonical is the pattern turned to the symmetry with the smallest hash,
// and that hash: one pattern however it lies on the board.
func (pt Pattern) Canonical() (Pattern, uint64) {
	hashes := pt.Hashes()
	best := 0
	for t := 1; t < 8; t++ {
		if hashes[t] < hashes[best] {
			best = t
		}
	}
	out := Pattern{Size: pt.Size, States: make([]uint8, len(pt.States))}
	for k, s := range pt.States {
		out.States[spatial.perm[best][k]] = s
	}
	return out, hashes[best]
}

// SpatialPatterns are the patterns of every size around p for c to move
// (index size - MinSpatial), sharing one slice of states.
func SpatialPatterns(b *rules.Board, p rules.Point, c rules.Color) [NumSpatialSizes]Pattern {
	states := make([]uint8, len(spatial.points))
	spatialStates(b, p, c, states)
	var out [NumSpatialSizes]Pattern
	for d := MinSpatial; d <= MaxSpatial; d++ {
		out[d-MinSpatial] = Pattern{Size: d, States: states[:spatial.count[d]]}
	}
	return out
}

// spatialReach is how far a pattern point lies from the candidate along
// either axis, at most: (6, 0) is at distance 12.
const spatialReach = MaxSpatial / 2

// paddedBoard is a board's colours with a border of spatialReach points of
// Border colour all round, so that the pattern points of any candidate are
// a fixed offset away: SpatialHashes without bounds checks, for every
// candidate of a position after one fill.
type paddedBoard struct {
	size, stride int
	colors       []rules.Color
	offsets      []int // of the pattern points, for this stride
	// zobrist[k][colour]: the key of the board colour on point k for the
	// player to move (own and enemy resolved)
	zobrist [][4]uint64
	player  rules.Color
}

// fill copies b's colours for c to move.
func (pb *paddedBoard) fill(b *rules.Board, c rules.Color) {
	n := b.Size
	if pb.size != n {
		pb.size, pb.stride = n, n+2*spatialReach
		pb.colors = make([]rules.Color, pb.stride*pb.stride)
		pb.offsets = make([]int, len(spatial.points))
		for k, sp := range spatial.points {
			pb.offsets[k] = sp.dy*pb.stride + sp.dx
		}
		for i := range pb.colors {
			pb.colors[i] = rules.Border
		}
		pb.player = rules.Empty
	}
	if pb.player != c {
		pb.player = c
		pb.zobrist = make([][4]uint64, len(spatial.points))
		for k := range pb.zobrist {
			for col := range pb.zobrist[k] {
				pb.zobrist[k][col] = spatial.zobrist[k][stateOf[c][col]]
			}
		}
	}
	for y := 0; y < n; y++ {
		row := (y+spatialReach)*pb.stride + spatialReach
		for x := 0; x < n; x++ {
			pb.colors[row+x] = b.Color(b.At(x, y))
		}
	}
}

// hashes is SpatialHashes of p on the filled board.
func (pb *paddedBoard) hashes(b *rules.Board, p rules.Point, out *[NumSpatialSizes]uint64) {
	pb.largest(b, p, MaxSpatial, func(d int, h uint64) bool {
		out[d-MinSpatial] = h
		return true
	})
}

// largest calls known with the hash of p's pattern of every size from the
// smallest up to maxSize, while it answers true, computing each size's points only
// when asked: a pattern whose smaller part is unknown is unknown too (a
// dictionary keeps the patterns played at least so often, and a part is
// played whenever the whole is), so the search for the largest known
// pattern stops at the first unknown size.
func (pb *paddedBoard) largest(b *rules.Board, p rules.Point, maxSize int, known func(d int, h uint64) bool) {
	x, y := b.XY(p)
	centre := (y+spatialReach)*pb.stride + x + spatialReach
	g := spatial
	colors, offsets, zobrist := pb.colors, pb.offsets, pb.zobrist
	var h uint64
	k := 0
	for d := MinSpatial; d <= maxSize; d++ {
		for end := g.count[d]; k < end; k++ {
			h ^= zobrist[k][colors[centre+offsets[k]]&3]
		}
		if !known(d, h^g.salt[d]) {
			return
		}
	}
}

// PatternPoints is the number of points of a pattern of the given size.
func PatternPoints(size int) int { return spatial.count[size] }
