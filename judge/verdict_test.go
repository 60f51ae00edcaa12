package judge

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// ownershipOf gives every stone its colour's ownership and every empty
// point the ownership of the colour whose stones it touches (neither:
// 0), then applies the changes (+1 Black .. -1 White).
func ownershipOf(b *rules.Board, changes map[string]float64) []float64 {
	own := make([]float64, b.Len)
	for _, p := range b.Points() {
		switch b.Color(p) {
		case rules.Black:
			own[p] = 1
		case rules.White:
			own[p] = -1
		default:
			black, white := false, false
			for _, d := range b.Neighbors() {
				switch b.Color(p + rules.Point(d)) {
				case rules.Black:
					black = true
				case rules.White:
					white = true
				}
			}
			switch {
			case black && !white:
				own[p] = 1
			case white && !black:
				own[p] = -1
			}
		}
	}
	for v, o := range changes {
		p, err := b.ParseVertex(v)
		if err != nil {
			panic(err)
		}
		if c := b.Color(p); c == rules.Black || c == rules.White {
			var stones []rules.Point
			for _, s := range b.ChainStones(p, stones) {
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
	// Black's F3 sits inside White's area with one liberty, F2; White's
	// wall has no other eye, so Benson's test leaves it to the playouts
	const walls = `
		. X . X O O O
		X X X X O O O
		X X X X O O O
		X X X X O O O
		X X X X O X O
		X X X X O . O
		. X . X O O O`
	dead := map[string]float64{"F3": -1, "F2": -1}
	tests := []struct {
		name                   string
		diagram                string
		blackFirst, whiteFirst map[string]float64
		open, contested        []string // nil: settled
	}{
		{name: "settled: F3 dead whoever moves first", diagram: walls, blackFirst: dead, whiteFirst: dead},
		{
			name:       "a stone whose fate depends on who moves first",
			diagram:    walls,
			blackFirst: map[string]float64{"F3": 0.8},
			whiteFirst: dead,
			open:       []string{"F2"},
			contested:  []string{"F3"},
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
			blackFirst: dead,
			whiteFirst: map[string]float64{"F3": -1, "F2": -1, "A7": 0.3},
			open:       []string{"A7"},
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
