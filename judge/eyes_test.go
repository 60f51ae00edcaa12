package judge

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gtpgo/gtpgo/rules"
)

// Eye shapes: a black group walled in by White, whose only eye space is the
// shape, read with White (who would kill it) and with Black (who would make
// it live) moving first. The ownership says every stone is its colour's (the
// playouts' mistake the reading corrects), but where a white stone sits
// inside the eye space, which they call dead.
func TestEyeShapes(t *testing.T) {
	tests := []struct {
		name                   string
		diagram                string
		deadStones             []string // stones the ownership calls dead
		group                  string   // a stone of the black group
		whiteFirst, blackFirst rules.Status
		// the black stones' ownership when not 1: the shapes too big to
		// read in the node budget are judged by their shape, for groups
		// the playouts leave in doubt (ShapeDeathOwnership)
		blackOwnership float64
	}{
		{
			name: "straight three: the middle point decides",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				O O O O O . .
				X X X X O . .
				. . . X O . .`,
			group: "A2", whiteFirst: rules.Dead, blackFirst: rules.Alive,
		},
		{
			name: "bent three in the corner: the corner point decides",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				O O O . . . .
				X X O O . . .
				. X X O . . .
				. . X O . . .`,
			group: "B2", whiteFirst: rules.Dead, blackFirst: rules.Alive,
		},
		{
			name: "squared four is dead whoever moves",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				O O O O . . .
				X X X O . . .
				. . X O . . .
				. . X O . . .`,
			group: "A3", whiteFirst: rules.Dead, blackFirst: rules.Dead,
		},
		{
			name: "squared four with a white stone inside",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				O O O O . . .
				X X X O . . .
				. . X O . . .
				O . X O . . .`,
			deadStones: []string{"A1"},
			group:      "A3", whiteFirst: rules.Dead, blackFirst: rules.Dead,
		},
		{
			name: "bulky five: the point in the middle decides",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				O O O O O . .
				X X X X O . .
				. . X X O . .
				. . . X O . .`,
			group: "A3", whiteFirst: rules.Dead, blackFirst: rules.Alive,
		},
		{
			name: "rabbity six: the point in the middle decides",
			diagram: `
				. . . . . . .
				. . . . . . .
				O O O O O O .
				X X X X X O .
				X X . . X O .
				X . . . X O .
				X X . X X O .`,
			group: "A4", whiteFirst: rules.Dead, blackFirst: rules.Alive, blackOwnership: 0.5,
		},
		{
			name: "straight four lives whoever moves",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				O O O O O O .
				X X X X X O .
				. . . . X O .`,
			group: "A2", whiteFirst: rules.Alive, blackFirst: rules.Alive,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			blackOwnership := tc.blackOwnership
			if blackOwnership == 0 {
				blackOwnership = 1
			}
			own := make([]float64, b.Len)
			for _, p := range b.Points() {
				switch b.Color(p) {
				case rules.Black:
					own[p] = blackOwnership
				case rules.White:
					own[p] = -1
				}
			}
			for _, v := range tc.deadStones {
				p, _ := b.ParseVertex(v)
				own[p] = -own[p]
			}
			g, _ := b.ParseVertex(tc.group)
			assert.Equal(t, tc.whiteFirst, testJudge.finalJudge(b, own, rules.White, rules.PassAlive(b), budget()).At(g), "White first")
			assert.Equal(t, tc.blackFirst, testJudge.finalJudge(b, own, rules.Black, rules.PassAlive(b), budget()).At(g), "Black first")
			assert.Equal(t, tc.whiteFirst, testJudge.FinalJudge(b, own).At(g), "at the end of the game, the killer first")
			for _, v := range tc.deadStones {
				p, _ := b.ParseVertex(v)
				if tc.whiteFirst == rules.Dead {
					assert.Equal(t, rules.Alive, testJudge.FinalJudge(b, own).At(p), "%s lives in the dead eye space", v)
				}
			}
		})
	}
}

// A walled-in group whose reading runs out of nodes (here: a budget of one)
// is judged by its eye shape, but only when the playouts left its life in
// doubt: a straight three they never kill has a reason to live that the
// shape does not show (on KGS, walls short of liberties that the group
// captures).
func TestEyeShapeOnlyOverrulesDoubtfulPlayouts(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .
		O O O O O . .
		X X X X O . .
		. . . X O . .`)
	jp := testJudge
	jp.EnclosedNodeBudget = 1
	group, _ := b.ParseVertex("A2")
	for _, tc := range []struct {
		blackOwnership float64
		want           rules.Status
	}{
		{1, rules.Alive},
		{jp.ShapeDeathOwnership + 0.01, rules.Alive},
		{jp.ShapeDeathOwnership - 0.01, rules.Dead},
		{0.5, rules.Dead},
	} {
		own := make([]float64, b.Len)
		for _, p := range b.Points() {
			switch b.Color(p) {
			case rules.Black:
				own[p] = tc.blackOwnership
			case rules.White:
				own[p] = -1
			}
		}
		assert.Equal(t, tc.want, jp.FinalJudge(b, own).At(group), "black ownership %.2f", tc.blackOwnership)
	}
}
