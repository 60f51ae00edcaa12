package opening

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// position plays the moves (GTP vertices, alternating from Black) on an
// empty board of the given size.
func position(t *testing.T, size int, moves string) *rules.Board {
	t.Helper()
	b, err := rules.NewBoard(size)
	require.NoError(t, err)
	for _, v := range strings.Fields(moves) {
		p, err := b.ParseVertex(v)
		require.NoError(t, err)
		require.NoError(t, b.Play(p, b.ToMove()), v)
	}
	return b
}

// transformed is b's stones under symmetry s, with the same player to move.
func transformed(t *testing.T, b *rules.Board, s int) *rules.Board {
	t.Helper()
	out, err := rules.NewBoard(b.Size)
	require.NoError(t, err)
	var stones []rules.Move
	for y := 0; y < b.Size; y++ {
		for x := 0; x < b.Size; x++ {
			if c := b.Color(b.At(x, y)); c == rules.Black || c == rules.White {
				tx, ty := transform(s, x, y)
				stones = append(stones, rules.Move{Color: c, Point: out.At(tx, ty)})
			}
		}
	}
	require.NoError(t, out.SetStones(stones))
	out.SetToMove(b.ToMove())
	return out
}

func mapPoint(b *rules.Board, s int, p rules.Point) rules.Point {
	x, y := b.XY(p)
	return b.At(transform(s, x, y))
}

// selfSymmetries are the symmetries that map b's stones onto themselves.
func selfSymmetries(t *testing.T, b *rules.Board) []int {
	var out []int
	for s := 0; s < symmetries; s++ {
		if transformed(t, b, s).String() == b.String() {
			out = append(out, s)
		}
	}
	return out
}

func vertices(b *rules.Board, entries []Entry) []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = b.Vertex(e.Move)
	}
	return out
}

func defaultBook(t *testing.T) *Book {
	t.Helper()
	bk, err := Default()
	require.NoError(t, err)
	return bk
}

// The embedded book was made by scripts/book from the KGS games.
func TestDefaultBook(t *testing.T) {
	bk := defaultBook(t)
	assert.True(t, strings.HasPrefix(bk.Provenance, "book -moves "), bk.Provenance)
	assert.Greater(t, bk.Positions(), 500)
	assert.Greater(t, bk.Entries(), bk.Positions())
	assert.Less(t, len(bookData), 1<<20)
}

// The book's moves in common positions: the empty board's are the 4-4 and
// 3-4 points (named in the upper right corner, where the representative of
// equivalent moves lies), then tengen and the 5-4, 5-3, 3-3 and 5-5 points.
func TestCommonPositions(t *testing.T) {
	bk := defaultBook(t)
	tests := []struct {
		name  string
		moves string
		top   []string // the most played moves, in order
		also  []string // moves somewhere in the list
		first int      // at least this count for the first move
	}{
		{"empty board", "", []string{"Q16", "Q17"}, []string{"K10", "O16", "P17", "R17", "P16", "P15"}, 5000},
		{"black 4-4", "Q16", []string{"D4", "R4", "Q4"}, []string{"D3", "R5", "C3"}, 2000},
		{"diagonal 4-4s", "Q16 D4", []string{"C16", "D16", "D17"}, nil, 1000},
		{"4-4s and a 3-4", "Q16 D4 Q3", []string{"D16", "D17"}, nil, 500},
		{"four corners", "Q16 D4 Q3 D16", []string{"F3"}, []string{"R9", "F17"}, 500},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := position(t, 19, tt.moves)
			entries := bk.Lookup(b, b.ToMove())
			require.NotEmpty(t, entries)
			got := vertices(b, entries)
			require.GreaterOrEqual(t, len(got), len(tt.top))
			assert.Equal(t, tt.top, got[:len(tt.top)])
			assert.Subset(t, got, tt.also)
			assert.GreaterOrEqual(t, entries[0].Count, tt.first)
			for i, e := range entries {
				assert.Equal(t, rules.Empty, b.Color(e.Move), "on an empty point")
				if i > 0 {
					assert.LessOrEqual(t, e.Count, entries[i-1].Count, "most played first")
				}
			}
		})
	}
}

// A position and its rotations and reflections give the same entries,
// mapped onto each. In a position symmetric to itself, an entry names one
// of several equivalent moves, not always the same one of them.
func TestLookupSymmetry(t *testing.T) {
	bk := defaultBook(t)
	tests := []struct {
		name      string
		moves     string
		symmetric bool
	}{
		{"empty board", "", true},
		{"one stone", "Q16", true},
		{"diagonal 4-4s", "Q16 D4", true},
		{"3-4 and 4-4", "Q16 D4 Q3", false},
		{"four corners", "Q16 D4 Q3 D16", false},
		{"3-4 first", "R16 D4 Q3", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := position(t, 19, tt.moves)
			want := bk.Lookup(b, b.ToMove())
			require.NotEmpty(t, want)
			assert.Equal(t, tt.symmetric, len(selfSymmetries(t, b)) > 1)
			for s := 0; s < symmetries; s++ {
				tb := transformed(t, b, s)
				got := bk.Lookup(tb, tb.ToMove())
				require.Len(t, got, len(want), "symmetry %d", s)
				selfs := selfSymmetries(t, tb)
				for i, w := range want {
					mapped := mapPoint(tb, s, w.Move)
					assert.Equal(t, w.Count, got[i].Count, "symmetry %d entry %d", s, i)
					if !tt.symmetric {
						assert.Equal(t, tb.Vertex(mapped), tb.Vertex(got[i].Move), "symmetry %d entry %d", s, i)
						continue
					}
					var equivalents []string
					for _, e := range selfs {
						equivalents = append(equivalents, tb.Vertex(mapPoint(tb, e, mapped)))
					}
					assert.Contains(t, equivalents, tb.Vertex(got[i].Move), "symmetry %d entry %d", s, i)
				}
			}
		})
	}
}

// Positions the book does not hold, boards it does not know.
func TestLookupMisses(t *testing.T) {
	bk := defaultBook(t)
	tests := []struct {
		name   string
		size   int
		moves  string
		toMove rules.Color
	}{
		{"nonsense position", 19, "A1 T19 K10 A19 T1", rules.White},
		{"known stones, wrong player", 19, "Q16", rules.Black},
		{"empty board, no player", 19, "", rules.Empty},
		{"9x9", 9, "", rules.Black},
		{"13x13", 13, "K10", rules.White},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := position(t, tt.size, tt.moves)
			assert.Nil(t, bk.Lookup(b, tt.toMove))
		})
	}
}

// The keys are part of the file format: they must not change.
func TestKeysAreFixed(t *testing.T) {
	tests := []struct {
		moves  string
		toMove rules.Color
		want   uint64
	}{
		{"", rules.Black, 0},
		{"", rules.White, 0xee78733c8c5228f4},
		{"Q16", rules.White, 0x1201090e3121bdbf},
		{"Q16 D4", rules.Black, 0x484317eff537da26},
	}
	for _, tt := range tests {
		b := position(t, 19, tt.moves)
		key, ok := Key(b, tt.toMove)
		require.True(t, ok)
		assert.Equal(t, tt.want, key, "%q %v: %#x", tt.moves, tt.toMove, key)
		for s := 0; s < symmetries; s++ {
			k, _ := Key(transformed(t, b, s), tt.toMove)
			assert.Equal(t, key, k, "the same key in every orientation")
		}
	}
	_, ok := Key(position(t, 9, ""), rules.Black)
	assert.False(t, ok)
}

// sightings is a small hand-made set of games' moves: each row a position
// (moves from the empty board) and the move played there.
var sightings = []struct{ moves, played string }{
	{"", "Q16"}, {"", "D4"}, {"", "Q4"}, {"", "D16"}, // one orbit: four 4-4s
	{"", "R16"}, {"", "C4"}, // 3-4s
	{"", "K10"},
	{"Q16", "D4"}, {"D4", "Q16"}, {"Q16", "C3"}, // the same position twice, rotated
	{"Q16 D4", "Q3"}, // seen once
}

func handMadeBook(t *testing.T, minPosition, minMove int, reverse bool) *Book {
	var bd Builder
	for i := range sightings {
		if reverse {
			i = len(sightings) - 1 - i
		}
		s := sightings[i]
		b := position(t, 19, s.moves)
		p, err := b.ParseVertex(s.played)
		require.NoError(t, err)
		require.True(t, bd.Add(b, b.ToMove(), p))
	}
	return bd.Build(minPosition, minMove, "hand-made\nfor the tests")
}

// Building: equivalent moves count together (in a position symmetric to
// itself they are named by one of them: Q3 by C16 across the diagonal of
// Q16 D4), the thresholds drop rare positions and moves, the order of the
// moves added does not matter.
func TestBuild(t *testing.T) {
	tests := []struct {
		name                 string
		minPosition, minMove int
		positions, entries   int
		want                 [3]string // the entries of the empty board, Q16, Q16 D4
	}{
		{"everything", 1, 1, 3, 6, [3]string{"Q16:4 Q17:2 K10:1", "D4:2 C3:1", "C16:1"}},
		{"moves seen twice", 1, 2, 2, 3, [3]string{"Q16:4 Q17:2", "D4:2", ""}},
		{"positions seen 4 times", 4, 1, 1, 3, [3]string{"Q16:4 Q17:2 K10:1", "", ""}},
		{"nothing", 100, 1, 0, 0, [3]string{"", "", ""}},
	}
	describe := func(b *rules.Board, entries []Entry) string {
		var parts []string
		for _, e := range entries {
			parts = append(parts, b.Vertex(e.Move)+":"+strconv.Itoa(e.Count))
		}
		return strings.Join(parts, " ")
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bk := handMadeBook(t, tt.minPosition, tt.minMove, false)
			assert.Equal(t, tt.positions, bk.Positions())
			assert.Equal(t, tt.entries, bk.Entries())
			for i, moves := range []string{"", "Q16", "Q16 D4"} {
				b := position(t, 19, moves)
				assert.Equal(t, tt.want[i], describe(b, bk.Lookup(b, b.ToMove())), "position %q", moves)
			}
			again := handMadeBook(t, tt.minPosition, tt.minMove, true)
			assert.Equal(t, bk.Encode(), again.Encode(), "independent of the order")
		})
	}
	var bd Builder
	b := position(t, 19, "")
	assert.False(t, bd.Add(b, rules.Black, rules.Pass), "a pass is not a book move")
	assert.False(t, bd.Add(position(t, 9, ""), rules.Black, b.At(2, 2)), "nor a 9x9 move")
	assert.False(t, bd.Add(b, rules.Empty, b.At(2, 2)), "nor a move of no player")
}

// Encode and DecodeBook round trip; damaged files are refused.
func TestFileFormat(t *testing.T) {
	bk := handMadeBook(t, 1, 1, false)
	data := bk.Encode()
	back, err := DecodeBook(data)
	require.NoError(t, err)
	assert.Equal(t, bk, back)
	assert.Equal(t, data, back.Encode())

	empty, err := DecodeBook((&Book{first: []int32{0}}).Encode())
	require.NoError(t, err)
	assert.Zero(t, empty.Positions())

	damaged := []struct {
		name string
		data []byte
		err  string
	}{
		{"not a book", []byte("gtpgo-movemodel-1\n"), "not a gtpgo opening book"},
		{"truncated", data[:len(data)-1], "truncated"},
		{"trailing bytes", append(append([]byte{}, data...), 0), "after the last position"},
		{"empty", nil, "not a gtpgo opening book"},
	}
	for _, tt := range damaged {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeBook(tt.data)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.err)
		})
	}
	// keys out of order: two positions with the same key
	twice := &Book{keys: []uint64{5, 5}, first: []int32{0, 1, 2}, moves: []int16{1, 2}, counts: []int32{1, 1}}
	_, err = DecodeBook(twice.Encode())
	assert.ErrorContains(t, err, "out of order")
	offBoard := &Book{keys: []uint64{5}, first: []int32{0, 1}, moves: []int16{361}, counts: []int32{1}}
	_, err = DecodeBook(offBoard.Encode())
	assert.ErrorContains(t, err, "point 361 out of range")
}
