package rules

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func vertices(t *testing.T, size int, pts []Point) string {
	t.Helper()
	g, err := NewGeometry(size)
	require.NoError(t, err)
	out := make([]string, len(pts))
	for i, p := range pts {
		out[i] = g.Vertex(p)
	}
	return strings.Join(out, " ")
}

// The tables of GTP v2 section 4.1.1 (19x19) and the derived 9x9 and 13x13
// tables, in the specification's order.
func TestFixedHandicapTables(t *testing.T) {
	tables := map[int][]string{
		19: {"D4 Q16", "D4 Q16 D16", "D4 Q16 D16 Q4", "D4 Q16 D16 Q4 K10", "D4 Q16 D16 Q4 D10 Q10",
			"D4 Q16 D16 Q4 D10 Q10 K10", "D4 Q16 D16 Q4 D10 Q10 K4 K16", "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"},
		9: {"C3 G7", "C3 G7 C7", "C3 G7 C7 G3", "C3 G7 C7 G3 E5", "C3 G7 C7 G3 C5 G5",
			"C3 G7 C7 G3 C5 G5 E5", "C3 G7 C7 G3 C5 G5 E3 E7", "C3 G7 C7 G3 C5 G5 E3 E7 E5"},
		13: {"D4 K10", "D4 K10 D10", "D4 K10 D10 K4", "D4 K10 D10 K4 G7", "D4 K10 D10 K4 D7 K7",
			"D4 K10 D10 K4 D7 K7 G7", "D4 K10 D10 K4 D7 K7 G4 G10", "D4 K10 D10 K4 D7 K7 G4 G10 G7"},
	}
	for size, rows := range tables {
		for i, want := range rows {
			n := i + 2
			t.Run(fmt.Sprintf("%dx%d/%d", size, size, n), func(t *testing.T) {
				pts, err := FixedHandicap(size, n)
				require.NoError(t, err)
				assert.Equal(t, want, vertices(t, size, pts))
			})
		}
	}
}

// sortedVertices puts vertices in GNU Go's listing order: top row first,
// left to right.
func sortedVertices(t *testing.T, size int, pts []Point) string {
	g, err := NewGeometry(size)
	require.NoError(t, err)
	sorted := append([]Point(nil), pts...)
	sort.Slice(sorted, func(i, j int) bool {
		xi, yi := g.XY(sorted[i])
		xj, yj := g.XY(sorted[j])
		return yi > yj || yi == yj && xi < xj
	})
	return vertices(t, size, sorted)
}

// GNU Go 3.8's live answers (gtp.md 1.8), which list the stones in board
// order; 12x12 is the documented exception where GNU Go uses the 4th line.
func TestFixedHandicapMatchesGNUGo(t *testing.T) {
	tests := []struct {
		size, n int
		gnugo   string
	}{
		{19, 9, "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4"},
		{9, 9, "C7 E7 G7 C5 E5 G5 C3 E3 G3"},
		{13, 9, "D10 G10 K10 D7 G7 K7 D4 G4 K4"},
		{8, 4, "C6 F6 C3 F3"},
		{7, 4, "C5 E5 C3 E3"},
	}
	for _, tt := range tests {
		pts, err := FixedHandicap(tt.size, tt.n)
		require.NoError(t, err)
		assert.Equal(t, tt.gnugo, sortedVertices(t, tt.size, pts), "%dx%d n=%d", tt.size, tt.size, tt.n)
	}
	// GNU Go answers "D9 J9 D4 J4" here; the majority (and GTP) use the 3rd line.
	pts, err := FixedHandicap(12, 4)
	require.NoError(t, err)
	assert.Equal(t, "C10 K10 C3 K3", sortedVertices(t, 12, pts))
}

func TestFixedHandicapLimits(t *testing.T) {
	for size := MinSize; size <= MaxSize; size++ {
		max := 0
		switch {
		case size == 7 || size >= 8 && size%2 == 0:
			max = 4
		case size >= 9:
			max = 9
		}
		for n := -1; n <= 10; n++ {
			pts, err := FixedHandicap(size, n)
			if n >= 2 && n <= max {
				require.NoError(t, err, "size %d n %d", size, n)
				require.Len(t, pts, n)
				g, _ := NewGeometry(size)
				seen := map[Point]bool{}
				for _, p := range pts {
					require.True(t, g.OnBoard(p))
					require.False(t, seen[p], "size %d n %d repeats %s", size, n, g.Vertex(p))
					seen[p] = true
				}
				continue
			}
			require.Error(t, err, "size %d n %d", size, n)
			assert.Equal(t, "invalid handicap", err.Error())
			assert.Nil(t, pts)
		}
	}
	// the cases GNU Go refuses (gtp.md 1.8)
	for _, c := range [][2]int{{6, 2}, {12, 5}, {19, 1}, {19, 0}, {19, 10}, {26, 2}} {
		_, err := FixedHandicap(c[0], c[1])
		assert.EqualError(t, err, "invalid handicap", "size %d n %d", c[0], c[1])
	}
}

// The stones placed by SetHandicap from the fixed table show on the board.
func TestFixedHandicapOnGame(t *testing.T) {
	g, err := NewGame(9, Japanese, 0.5)
	require.NoError(t, err)
	pts, err := FixedHandicap(9, 5)
	require.NoError(t, err)
	require.NoError(t, g.SetHandicap(pts))
	assert.Equal(t, MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . X . . . X . .
		. . . . . . . . .
		. . . . X . . . .
		. . . . . . . . .
		. . X . . . X . .
		. . . . . . . . .
		. . . . . . . . .`).String(), g.Board().String())
	assert.Equal(t, White, g.ToMove())
}

func dist(g Geometry, p, q Point) float64 {
	px, py := g.XY(p)
	qx, qy := g.XY(q)
	return math.Hypot(float64(px-qx), float64(py-qy))
}

func onThirdLineOrAbove(g Geometry, p Point) bool {
	x, y := g.XY(p)
	return x >= 2 && y >= 2 && x < g.Size-2 && y < g.Size-2
}

func TestFreeHandicapBasics(t *testing.T) {
	for _, size := range []int{2, 3, 5, 7, 8, 9, 13, 19, 25} {
		g, err := NewGeometry(size)
		require.NoError(t, err)
		step := 1
		if size > 13 { // keep the test short: the large boards are sampled
			step = 11
		}
		for n := 2; n <= size*size-1; n = min(n+step, max(n+1, size*size-1)) {
			pts := FreeHandicap(size, n)
			require.Len(t, pts, n, "size %d n %d", size, n)
			seen := map[Point]bool{}
			for _, p := range pts {
				require.True(t, g.OnBoard(p), "size %d n %d", size, n)
				require.False(t, seen[p], "size %d n %d repeats %s", size, n, g.Vertex(p))
				seen[p] = true
			}
			// the fixed placement comes first where the size has one
			if fixed := min(n, MaxFixedHandicap(size)); fixed >= 2 {
				want, err := FixedHandicap(size, fixed)
				require.NoError(t, err)
				require.Equal(t, want, pts[:fixed], "size %d n %d", size, n)
			}
			// every prefix of a larger placement is the smaller placement,
			// except where the fixed table itself changes shape (n <= 9)
			if n > 9 {
				require.Equal(t, FreeHandicap(size, n-1), pts[:n-1])
			}
			// a board of Black stones with an empty point left is legal
			game, err := NewGame(size, Japanese, 0)
			require.NoError(t, err)
			require.NoError(t, game.SetHandicap(pts), "size %d n %d", size, n)
		}
		assert.Len(t, FreeHandicap(size, size*size), size*size-1, "too many stones are cut to the GTP maximum")
		assert.Nil(t, FreeHandicap(size, 1))
		assert.Nil(t, FreeHandicap(size, 0))
	}
	assert.Nil(t, FreeHandicap(1, 2))
	assert.Nil(t, FreeHandicap(26, 2))
}

func line(g Geometry, p Point) int {
	x, y := g.XY(p)
	return min(x, y, g.Size-1-x, g.Size-1-y) + 1
}

// The spread property of greedy farthest-point placement, with the edge
// counted as a stone one line off the board: no free point is farther from
// every stone and from the edge than the two closest stones are from each
// other (covering radius <= packing distance). It holds for every count
// beyond the fixed placement (which is GTP's, not ours: 9x9 with 6 stones
// leaves a gap of sqrt(5) between stones 2 apart), up to a full board.
func TestFreeHandicapSpread(t *testing.T) {
	for _, size := range []int{5, 7, 8, 9, 13, 19} {
		g, err := NewGeometry(size)
		require.NoError(t, err)
		for n := max(2, MaxFixedHandicap(size)+1); n < size*size; n++ {
			pts := FreeHandicap(size, n)
			stone := map[Point]bool{}
			packing := math.Inf(1)
			for i, p := range pts {
				stone[p] = true
				for _, q := range pts[:i] {
					packing = math.Min(packing, dist(g, p, q))
				}
			}
			covering := 0.0
			for _, p := range g.Points() {
				if stone[p] {
					continue
				}
				near := float64(line(g, p))
				for _, q := range pts {
					near = math.Min(near, dist(g, p, q))
				}
				covering = math.Max(covering, near)
			}
			require.LessOrEqual(t, covering, packing, "size %d n %d: %s", size, n, vertices(t, size, pts))
		}
	}
}

func TestFreeHandicapPlacements(t *testing.T) {
	// on 19x19 the first extra stones go between the star points, symmetrically
	assert.Equal(t, "G7 N7 G13 N13", vertices(t, 19, FreeHandicap(19, 13)[9:]))
	// no stone on the first two lines while the middle has room: 19x19 up to
	// a lattice of spacing 3 (5x5 points from the 4th line at least)
	g19, _ := NewGeometry(19)
	for _, p := range FreeHandicap(19, 25) {
		assert.GreaterOrEqual(t, line(g19, p), 3, g19.Vertex(p))
	}
	// 5 stones on 8x8 (the fixed placement stops at 4): the fifth goes to one
	// of the four central points
	pts := FreeHandicap(8, 5)
	assert.Contains(t, []string{"D4", "D5", "E4", "E5"}, vertices(t, 8, pts[4:]))
	// 7x7 takes tengen for the fifth stone
	assert.Equal(t, "D4", vertices(t, 7, FreeHandicap(7, 5)[4:]))
	// sizes without a fixed placement start in the centre, then the diagonals
	assert.Equal(t, "C3 B2", vertices(t, 5, FreeHandicap(5, 2)))
	assert.Equal(t, "B2 B4 C3 D2 D4", sortedAndJoined(t, 5, FreeHandicap(5, 5)))
}

func sortedAndJoined(t *testing.T, size int, pts []Point) string {
	got := sortedVertices(t, size, pts)
	fields := strings.Fields(got)
	sort.Strings(fields)
	return strings.Join(fields, " ")
}
