package movemodel

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// at parses GTP vertices on b.
func at(t *testing.T, b *rules.Board, vs ...string) []rules.Point {
	t.Helper()
	out := make([]rules.Point, len(vs))
	for i, v := range vs {
		p, err := b.ParseVertex(v)
		require.NoError(t, err)
		out[i] = p
	}
	return out
}

// randomBoard plays n random legal moves on an empty board.
func randomBoard(t testing.TB, size, n int, seed uint64) *rules.Board {
	b, err := rules.NewBoard(size)
	require.NoError(t, err)
	r := rules.NewRand(seed)
	c := rules.Black
	for i := 0; i < n; i++ {
		b.RandomMove(c, r)
		c = c.Opponent()
	}
	return b
}

// The padded board's hashes (every candidate of a position after one fill)
// are SpatialHashes', which read the board point by point.
func TestPaddedHashesMatchSpatialHashes(t *testing.T) {
	var pb paddedBoard
	for _, size := range []int{2, 5, 9, 13, 19, 25} {
		for seed := uint64(1); seed <= 3; seed++ {
			b := randomBoard(t, size, size*size/2, seed)
			for _, c := range []rules.Color{rules.Black, rules.White} {
				pb.fill(b, c)
				for _, p := range b.Points() {
					if b.Color(p) != rules.Empty {
						continue
					}
					var want, got [NumSpatialSizes]uint64
					SpatialHashes(b, p, c, &want)
					pb.hashes(b, p, &got)
					require.Equal(t, want, got, "size %d, %s at %s", size, c, b.Vertex(p))
				}
			}
		}
	}
}

// A pattern's hashes as it lies on the board are those of its canonical
// form's rotations and reflections: the dictionary finds it turned, mirrored
// or with the colours swapped (seen from the other player).
func TestSpatialPatternMatchesTurnedAndSwapped(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . O . . . . . . .
		. . . . X . . X . . . . .
		. . . . . . . O . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .
		. . . . . . . . . . . . .`)
	p := at(t, b, "F8")[0]
	size := 8
	canon, _ := SpatialPatterns(b, p, rules.Black)[size-MinSpatial].Canonical()
	dict := NewDictionary(nil, []Pattern{canon})
	var h [NumSpatialSizes]uint64
	SpatialHashes(b, p, rules.Black, &h)
	assert.Equal(t, int32(0), dict.SpatialIndex(h[size-MinSpatial]))
	SpatialHashes(b, p, rules.White, &h)
	assert.Equal(t, int32(-1), dict.SpatialIndex(h[size-MinSpatial]), "seen from White it is another pattern")

	// the same stones turned and mirrored in each of the 8 ways, with the
	// colours swapped, seen from White: the same pattern
	for sym := 0; sym < 8; sym++ {
		turn := func(x, y int) (int, int) {
			n := b.Size - 1
			for i := 0; i < sym%4; i++ {
				x, y = n-y, x
			}
			if sym >= 4 {
				x = n - x
			}
			return x, y
		}
		var stones []rules.Move
		for _, s := range b.Points() {
			if c := b.Color(s); c != rules.Empty {
				x, y := turn(b.XY(s))
				stones = append(stones, rules.Move{Color: c.Opponent(), Point: b.At(x, y)})
			}
		}
		turned, err := rules.NewBoard(b.Size)
		require.NoError(t, err)
		require.NoError(t, turned.SetStones(stones))
		x, y := turn(b.XY(p))
		q := turned.At(x, y)
		SpatialHashes(turned, q, rules.White, &h)
		assert.Equal(t, int32(0), dict.SpatialIndex(h[size-MinSpatial]), "symmetry %d", sym)
		SpatialHashes(turned, q, rules.Black, &h)
		assert.Equal(t, int32(-1), dict.SpatialIndex(h[size-MinSpatial]), "symmetry %d, colours not swapped", sym)
	}
}

// Every rotation and reflection of a shape has the same canonical code, and
// the dictionary finds each.
func TestShapeSymmetries(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . .
		. . . . . . .
		. . X O . . .
		. . . . X . .
		. . . . . . .
		. . . . . . .
		. . . . . . .`)
	s := ShapeAt(b, at(t, b, "D4")[0], rules.Black)
	dict := NewDictionary([]Shape{s.Canonical()}, nil)
	for _, turned := range s.Symmetries() {
		assert.Equal(t, s.Canonical(), turned.Canonical())
		assert.Equal(t, int32(0), dict.ShapeIndex(turned))
	}
	assert.Equal(t, int32(-1), dict.ShapeIndex(ShapeAt(b, at(t, b, "D4")[0], rules.White)), "colours swapped")
	// liberties: the white stone D5 has 3, the black C5 3, E4 4
	assert.Equal(t, Shape(3), s>>16&3, "N neighbour's liberties")
}

// The tactical features on diagram positions, for the player to move after
// the last move (which is played first).
func TestTacticalFeatures(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		last    string // played by the opponent of color, "" for none
		color   rules.Color
		move    string
		group   int
		want    int32
	}{
		{
			name: "capture of the last move's stone",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . X . . .
				. . X . . . .
				. . . X . . .
				. . . . . . .
				. . . . . . .`,
			last: "D4", color: rules.Black, move: "E4", group: GroupCapture, want: CaptureLastMove,
		},
		{
			name: "capture that saves an own chain in atari",
			diagram: `
				. . . . . . .
				. . . . . . .
				. O X . . . .
				. X O X . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .`,
			last: "D5", color: rules.Black, move: "C3", group: GroupCapture, want: CaptureSavesOwn,
		},
		{
			name: "ko capture",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . X O . . .
				. X . X O . .
				. . X O . . .
				. . . . . . .
				. . . . . . .`,
			last: "", color: rules.White, move: "C4", group: GroupCapture, want: CaptureKo,
		},
		{
			name: "ladder escape",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . X . . . . .
				. . X O . . . . .
				. . . . X . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			last: "E4", color: rules.White, move: "D3", group: GroupEscape, want: EscapeLadder,
		},
		{
			name: "escape to freedom",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . X . . . . .
				. . X O . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			last: "E4", color: rules.White, move: "D3", group: GroupEscape, want: EscapeThree,
		},
		{
			name: "ladder atari",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . X . . . . .
				. . X O . . . . .
				. . . . X . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			last: "", color: rules.Black, move: "E4", group: GroupAtari, want: AtariLadder,
		},
		{
			name: "a lone stone thrown into a two-point eye",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				O O O O . . .
				O . . O . . .
				O O O O . . .`,
			last: "", color: rules.Black, move: "B2", group: GroupSelfAtari, want: SelfAtariOne,
		},
		{
			name: "a big self-atari",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				O O O O . . .
				X X X O . . .
				. . X O . . .
				O X X O . . .`,
			last: "", color: rules.Black, move: "B2", group: GroupSelfAtari, want: SelfAtariMany,
		},
	}
	x := NewExtractor(nil)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			if tc.last != "" {
				require.NoError(t, b.Play(at(t, b, tc.last)[0], tc.color.Opponent()))
			}
			p := at(t, b, tc.move)[0]
			require.True(t, b.Legal(p, tc.color))
			x.Prepare(b, tc.color)
			f := x.Features(p)
			assert.Equal(t, tc.want, f[tc.group], "%s level", GroupNames[tc.group])
		})
	}
}

// Distances: to the edge (lines 1-4) and to the last two moves.
func TestDistanceFeatures(t *testing.T) {
	b, err := rules.NewBoard(19)
	require.NoError(t, err)
	pts := at(t, b, "D4", "Q16", "C3", "K10")
	require.NoError(t, b.Play(pts[0], rules.Black))
	require.NoError(t, b.Play(pts[1], rules.White))
	x := NewExtractor(nil)
	x.Prepare(b, rules.Black)
	f := x.Features(pts[2]) // C3: third line; 1+1+1 = 3 from D4 (own move before), far from Q16
	assert.Equal(t, int32(2), f[GroupEdge])
	assert.Equal(t, int32(maxDistance-2), f[GroupLast])
	assert.Equal(t, int32(3-2), f[GroupLast2])
	f = x.Features(pts[3])
	assert.Equal(t, int32(-1), f[GroupEdge], "the centre has no edge level")
	assert.Equal(t, int32(maxDistance-2), f[GroupLast], "K10 to Q16: 6 + 6 + 6, capped at 17")
	pass := x.Features(rules.Pass)
	assert.Equal(t, int32(PassAfterMove), pass[GroupPass])
	assert.Equal(t, int32(-1), pass[GroupEdge])
}

// LimitSpatial caps the pattern the extractor rates at a size: the largest
// known pattern no larger than the limit, none below MinSpatial.
func TestLimitSpatial(t *testing.T) {
	m, err := Default()
	require.NoError(t, err)
	// an opening: large patterns are known around its stones and corners
	b, err := rules.NewBoard(9)
	require.NoError(t, err)
	for i, p := range at(t, b, "C3", "G7", "C6") {
		require.NoError(t, b.Play(p, []rules.Color{rules.Black, rules.White}[i%2]))
	}
	x := NewExtractor(m.Dictionary)
	// largestKnown is the index of p's largest known pattern of at most limit
	largestKnown := func(p rules.Point, limit int) int32 {
		var hs [NumSpatialSizes]uint64
		SpatialHashes(b, p, rules.Black, &hs)
		id := int32(-1)
		for d := MinSpatial; d <= limit; d++ {
			i := m.Dictionary.SpatialIndex(hs[d-MinSpatial])
			if i < 0 {
				break
			}
			id = i
		}
		return id
	}
	for _, limit := range []int{MaxSpatial, 8, 6, MinSpatial, MinSpatial - 1, 0} {
		x.LimitSpatial(limit)
		x.Prepare(b, rules.Black)
		limited := 0
		for _, p := range b.Points() {
			if !b.LegalEmpty(p, rules.Black) {
				continue
			}
			want := largestKnown(p, limit)
			got := x.Features(p)[GroupSpatial]
			require.Equal(t, want, got, "limit %d at %s", limit, b.Vertex(p))
			if want != largestKnown(p, MaxSpatial) {
				limited++
			}
		}
		if limit < MaxSpatial {
			assert.Positive(t, limited, "limit %d changes no candidate's pattern", limit)
		} else {
			assert.Zero(t, limited)
		}
	}
}

// On the empty 9x9 board the 19x19 patterns that see all four edges leave
// the centre nearly unrated; limited to small patterns the model rates it
// about as the 3-3 and 4-4 points.
func TestLimitSpatialCentreOfSmallBoard(t *testing.T) {
	m, err := Default()
	require.NoError(t, err)
	b, err := rules.NewBoard(9)
	require.NoError(t, err)
	prob := func(limit int) map[string]float32 {
		r := m.NewRater()
		r.LimitSpatial(limit)
		moves := LegalMoves(b, rules.Black, nil)
		probs := make([]float32, len(moves))
		r.Rate(b, rules.Black, moves, probs)
		out := map[string]float32{}
		for i, p := range moves {
			if p != rules.Pass {
				out[b.Vertex(p)] = probs[i]
			}
		}
		return out
	}
	all, small := prob(MaxSpatial), prob(5)
	assert.Less(t, all["E5"], all["D4"]/100, "unlimited: E5 %.5f, D4 %.5f", all["E5"], all["D4"])
	assert.Greater(t, small["E5"], small["D4"]/2, "limited: E5 %.5f, D4 %.5f", small["E5"], small["D4"])
}
