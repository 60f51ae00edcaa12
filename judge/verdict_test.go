package judge

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// ownershipOf gives every stone its colour's ownership and every empty
// region the ownership of the one colour whose stones border it (both or
// neither: 0), then applies the changes (+1 Black .. -1 White; a stone's
// change is its chain's).
func ownershipOf(b *rules.Board, changes map[string]float64) []float64 {
	own := make([]float64, b.Len)
	seen := make([]bool, b.Len)
	for _, p := range b.Points() {
		switch c := b.Color(p); {
		case c == rules.Black:
			own[p] = 1
		case c == rules.White:
			own[p] = -1
		case !seen[p]:
			region, borders := []rules.Point{p}, rules.Empty
			seen[p] = true
			for i := 0; i < len(region); i++ {
				for _, d := range b.Neighbors() {
					q := region[i] + rules.Point(d)
					switch qc := b.Color(q); {
					case qc == rules.Black || qc == rules.White:
						borders |= qc
					case qc == rules.Empty && !seen[q]:
						seen[q] = true
						region = append(region, q)
					}
				}
			}
			v := map[rules.Color]float64{rules.Black: 1, rules.White: -1}[borders]
			for _, q := range region {
				own[q] = v
			}
		}
	}
	for v, o := range changes {
		p, err := b.ParseVertex(v)
		if err != nil {
			panic(err)
		}
		if c := b.Color(p); c == rules.Black || c == rules.White {
			for _, s := range b.ChainStones(p, nil) {
				own[s] = o
			}
			continue
		}
		own[p] = o
	}
	return own
}

func vertexList(b *rules.Board, pts []rules.Point) []string {
	var out []string
	for _, p := range pts {
		out = append(out, b.Vertex(p))
	}
	sort.Strings(out)
	return out
}

func TestVerdict(t *testing.T) {
	// Black's F3 sits inside White's area with one liberty, F2; White lives
	// on the open right side, which Benson's test does not count, so F3 is
	// the playouts' to judge
	const walls = `
		. X . X O . . . .
		X X X X O . . . .
		X X X X O . . . .
		X X X X O . . . .
		X X X X O . . . .
		X X X X O O O . .
		X X X X O X O . .
		X X X X O . O . .
		. X . X O O O . .`
	dead := map[string]float64{"F3": -1, "F2": -1}
	raceDead := map[string]float64{"B2": -1, "C1": -1}
	cornerDead := map[string]float64{"A6": 1, "C5": 1, "E7": 1}
	for _, v := range []string{"A7", "B7", "C7", "D7", "F7", "G7", "C6", "A5", "F5", "A3", "E3", "G3", "C2", "A1", "E1", "G1"} {
		cornerDead[v] = 1
	}
	tests := []struct {
		name                   string
		diagram                string
		blackFirst, whiteFirst map[string]float64
		open, contested        []string // nil: settled
	}{
		{name: "settled: F3 dead whoever moves first", diagram: walls, blackFirst: dead, whiteFirst: dead},
		{
			// a straight three: alive if Black plays its middle, dead if
			// White does (the playouts see the group alive either way)
			name: "a group whose fate depends on who moves first",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				O O O O O . .
				X X X X O . .
				. . . X O . .`,
			open:      []string{"A1", "B1", "C1"},
			contested: []string{"A2", "B2", "C2", "D1", "D2"},
		},
		{
			name: "an open boundary",
			diagram: `
				. X . . . O .
				X X . . . O O
				. X . . . O .
				X X . . . O O
				. X . . . O .
				X X . . . O O
				. X . . . O .`,
			open: []string{"C1", "C2", "C3", "C4", "C5", "C6", "C7", "D1", "D2", "D3", "D4", "D5", "D6", "D7",
				"E1", "E2", "E3", "E4", "E5", "E6", "E7"},
		},
		{
			name:       "territory the invader might take moving first",
			diagram:    walls,
			blackFirst: map[string]float64{"F3": -1, "F2": -1, "J9": 0.2},
			whiteFirst: dead,
			open:       []string{"J9"},
		},
		{
			// White's C5 chain is in atari; the playouts call it dead
			// whoever moves first, but White moving first connects at C6
			// and puts Black's D6 in atari (a corner from a 19x19 game
			// where gtpgo passed with White able to save it)
			name: "a chain in atari whose escape ataris a living one",
			diagram: `
				. . . . O . .
				O O . X O X X
				. X O O X . X
				X X O X X X X
				. X X X . X .
				X X . X X X X
				. X X X . X .`,
			blackFirst: cornerDead, whiteFirst: cornerDead,
			open:      []string{"C6"},
			contested: []string{"C4", "C5", "D5"},
		},
		{
			// Black's seven stones and White's A2 are both in atari: who
			// moves first captures (from a 9x9 game against Pachi, where
			// White had just taken a ko at A2 and gtpgo passed)
			name: "a capturing race in the corner",
			diagram: `
				. O . O . O .
				O O O O O O O
				O O O O O O O
				O X O O O . O
				X X O O O O O
				O X X X O . O
				. O . X O O .`,
			blackFirst: raceDead, whiteFirst: raceDead,
			open:      []string{"A1", "C1"},
			contested: []string{"A2", "A3", "B2", "B3", "B4", "C2", "D1", "D2"},
		},
		{
			name: "dame between the walls",
			diagram: `
				. X . O . O .
				X X . O O O O
				. X . O . O .
				X X X O O O O
				. X . X O . O
				X X X X O O O
				. X . X O . O`,
			// C7 C6 C5 touch both colours: dame
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			own := Ownership{BlackFirst: ownershipOf(b, tc.blackFirst), WhiteFirst: ownershipOf(b, tc.whiteFirst)}
			v := testJudge.Verdict(b, own)
			assert.Equal(t, tc.open == nil, v.Settled())
			assert.Equal(t, tc.open, vertexList(b, v.Open))
			assert.Equal(t, tc.contested, vertexList(b, v.Contested))
		})
	}
}

// The merged ownership reads each stone from the playouts where the
// opponent moved first, each empty point from both.
func TestMergedOwnership(t *testing.T) {
	b := rules.MustDiagram(`
		X . O
		. . .
		. . .`)
	bf, wf := make([]float64, b.Len), make([]float64, b.Len)
	x, o, e := b.At(0, 2), b.At(2, 2), b.At(1, 1)
	bf[x], wf[x] = 0.9, 0.1
	bf[o], wf[o] = -0.2, -0.7
	bf[e], wf[e] = 0.5, 0.1
	m := Ownership{BlackFirst: bf, WhiteFirst: wf}.Merged(b)
	require.Len(t, m, b.Len)
	assert.Equal(t, 0.1, m[x], "Black's stone: White moved first")
	assert.Equal(t, -0.2, m[o], "White's stone: Black moved first")
	assert.InDelta(t, 0.3, m[e], 1e-12)
}
