package judge

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// cornerSekiDiagram: White's E1 and F2 sit in Black's corner, whose chain
// has one eye (E4) besides. Black E2 is self-atari (White E4 takes the whole
// chain), Black F1 is suicide: a seki.
const cornerSekiDiagram = `
	. O O O O O
	O O O X X X
	O O O X . X
	O O O X X X
	O O O X . O
	. O O X O .`

// falseSekiDiagram: White's eight stones in the lower left and Black's B1
// share A1 and C1, a seki to the playouts; but the two-point eye Black A1
// leaves White after it takes two stones at C1 is one eye.
const falseSekiDiagram = `
	. . . X X X O O .
	. . X X . X X O .
	. . X X X X O O .
	. . . X O X O . .
	. . . X O O . O .
	X X X X X O O . .
	O X O X X X O . .
	O O O O O X O . .
	. X . O X X O . .`

// deadAt marks the chains at the given vertices dead, as the playouts might.
func deadAt(t *testing.T, b *rules.Board, vertices ...string) rules.StatusMap {
	t.Helper()
	status := rules.NewStatusMap(b)
	for _, v := range vertices {
		p, err := b.ParseVertex(v)
		require.NoError(t, err)
		status.SetChain(b, p, rules.Dead)
	}
	return status
}

func TestSpareUncapturable(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		dead    []string // as the playouts judged them
		want    rules.Status
	}{
		{
			name:    "corner seki on the 1-2 and 2-1 points",
			diagram: cornerSekiDiagram,
			dead:    []string{"E1", "F2"},
			want:    rules.Seki,
		},
		{
			// the same corner with the stone on the 1-1 point alone: Black
			// takes it (E1, then E2 or F2)
			name: "a stone Black can take",
			diagram: `
				. O O O O O
				O O O X X X
				O O O X . X
				O O O X X X
				O O O X . .
				. O O X . O`,
			dead: []string{"F1"},
			want: rules.Dead,
		},
		{
			// the seki's corner with a second eye (E6) for Black's chain:
			// Black E2 no longer is self-atari and takes both stones
			name: "the same stones beside a two-eyed chain",
			diagram: `
				. O O X . X
				O O O X X X
				O O O X . X
				O O O X X X
				O O O X . O
				. O O X O .`,
			dead: []string{"E1", "F2"},
			want: rules.Dead,
		},
		{
			// Black C2 and E2 take White's three stones, but leave Black a
			// straight three (White D1 kills it) and two outside
			// liberties (A1, G1) White can fill: Black cannot take them and
			// live, White cannot approach (C2 is self-atari)
			name: "a capture that leaves the wall one eye",
			diagram: `
				O O O O O O O
				O . O . O O O
				O O O O O O O
				O O O O O O O
				O X X X X X O
				O X . X . X O
				. X O O O X .`,
			dead: []string{"C1"},
			want: rules.Seki,
		},
		{
			// the same with G2 Black's, which makes G1 an eye: after the
			// capture Black has two
			name: "the same capture beside a second eye",
			diagram: `
				O O O O O O O
				O . O . O O O
				O O O O O O O
				O O O O O O O
				O X X X X X O
				O X . X . X X
				. X O O O X .`,
			dead: []string{"C1"},
			want: rules.Dead,
		},
		{
			// Black D1 takes White's stone but leaves the chain one eye,
			// and White fills F1 and F2 either way: the chain dies with
			// or without the stone, so the stone does not make a seki
			// (the reading, which sees no move of Black's outside, leaves
			// such a wall to the playouts)
			name: "a wall that dies either way",
			diagram: `
				O O O O O O O
				O . O O . O O
				O O O O O O O
				O O O O O O O
				O O O O O O O
				O X X X X . O
				O X O . X . O`,
			dead: []string{"C1"},
			want: rules.Dead,
		},
		{
			// Black's chain A3-C1 has two liberties, B2 and D1, shared with
			// White's stones in the corner and with those around D2: it
			// cannot take either group, they cannot take it. Each area
			// read alone, with the other's stones taken off, would give
			// the chain their points as liberties
			name: "two areas that share a wall chain",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				O O O O . X X X X
				. O . O O X . X .
				. O O O X X X X X
				O O X X O O X X X
				X X X X O O O X .
				O . X O . O X X X
				. O X . O O X . .`,
			dead: []string{"A2", "B1", "D2", "E1"},
			want: rules.Seki,
		},
		{
			// kgs-2003 #4187, counted with Black's stones in the lower left
			// dead: a wall chain (B1) joins the corner (A2) to the area of
			// D1. White F2 and C1 take the big group, then White takes the
			// corner; Black's stones replayed on the first group's points
			// do not undo its capture
			name: "two groups captured one after the other",
			diagram: `
				. O . . . . X X O X O . O O O O X X O
				. X O . . X X O O X O O O . O X X O O
				O X O . . X O O X X X O X O O X X O O
				X . X X X X O . O X X X X X X X . O .
				. X O X O O O . O O O X . X . X X O O
				X X . X . O X O . . O X X X X O O . .
				. . . . X . X O . . O O X O X . O . O
				. . . X . X X X O . O X X O X X O O .
				. X . . X O . X O O O X O O . X O O O
				X . X X O O . X X X O O O O X X X X O
				X X O O O . X . X O O . X O O O X . X
				X O O . O O X . . X . X X O X X X X X
				X X O X X O O X . X X X O O O . . X O
				X X X X O O O X . X . X X O . O O O O
				O X X O O X O O X X O X O X X X O X X
				O O X X O X O O O X O O O X . X X X X
				. O O O X X O X O O O . O X . . . O .
				X X O O X . O X O . . O X X X . . . .
				. O . X X X O . . . . O O X . . . . .`,
			dead: []string{"A2", "D1", "H2"},
			want: rules.Dead,
		},
		{
			// a false seki (calibration/9/L4-L5/game-001.sgf): Black
			// cannot take White's eight stones and keep B1, but gives it
			// up: Black A1, White C1 takes two stones, and the two-point
			// eye that leaves is one
			name:    "a capture after a sacrifice",
			diagram: falseSekiDiagram,
			dead:    []string{"A3"},
			want:    rules.Dead,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			status := deadAt(t, b, tc.dead...)
			testJudge.spareUncapturable(b, status, budget())
			for _, v := range tc.dead {
				p, _ := b.ParseVertex(v)
				assert.Equal(t, tc.want, status.At(p), v)
			}
		})
	}
}

// Under Japanese rules the corner seki leaves Black nothing: E2 and F1 are
// shared, and the eye E4 is teire (once E2 is filled the chain's last
// liberty).
func TestCornerSekiScore(t *testing.T) {
	b := rules.MustDiagram(cornerSekiDiagram)
	status := deadAt(t, b, "E1", "F2")
	testJudge.spareUncapturable(b, status, budget())
	black, white := rules.TerritoryScore(b, status)
	assert.Equal(t, [2]int{0, 2}, [2]int{black, white}, "White's eyes A1 and A6 only")
}

func TestKillSekiWalls(t *testing.T) {
	tests := []struct {
		name       string
		diagram    string
		seki       []string // as the playouts judged them
		judgedDead []string // the same
		dead, live []string // after the reading
	}{
		{
			// White's chain and Black's A1-C1 share A2 and C2, the seki
			// the playouts see; but Black A2 makes White take four stones
			// (C2), leaving White a bent four in the corner, dead under
			// Japanese rules: the players and GNU Go count it so
			name: "bent four in the corner",
			diagram: `
				. X . X O . .
				X X X X O . .
				X O O X O . .
				X X O X X O .
				O O O O X O .
				. O . O X O .
				X X X O X O .`,
			seki: []string{"B5", "A1"},
			dead: []string{"B5"},
			live: []string{"A1"},
		},
		{
			// White B3 (or B1) is a sacrifice Black must take, and the six
			// points it leaves Black die to White C2
			name: "a sacrifice that leaves a dead eye space",
			diagram: `
				. O . O O O .
				O O O O O O O
				O O O O O O O
				X X X X O O O
				X . O X X X O
				X O O O X O O
				X . O X X X O`,
			seki: []string{"A1", "C1"},
			dead: []string{"A1"},
			live: []string{"C1"},
		},
		{
			// the false seki seen from B1: White cannot keep its wall
			// against Black A1 (White C1 takes two stones, Black B1,
			// White A1, Black B1 again takes the wall)
			name:    "a two-point eye after a sacrifice",
			diagram: falseSekiDiagram,
			seki:    []string{"A3", "B1"},
			dead:    []string{"A3", "D1"},
			live:    []string{"B1", "B3"},
		},
		{
			// in the corner seki White's stones can do nothing: Black's
			// wall holds whoever moves first
			name:    "a corner seki",
			diagram: cornerSekiDiagram,
			seki:    []string{"E1", "F2", "D1"},
		},
		{
			// White's eye holds a dead black stone, E2, which Black
			// cannot keep; but it is no wall to defend: the seki between
			// White's chain and Black's G2 stands
			name: "a dead stone in a seki's eye",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . O O O
				. X X X X X O O O
				. X X X X X O O O
				. X O O O O X O O
				. X O . X O X X X
				. X O O O O . X .`,
			seki:       []string{"C1", "G2"},
			judgedDead: []string{"E2"},
			dead:       []string{"E2"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			status := rules.NewStatusMap(b)
			for _, v := range tc.seki {
				p, err := b.ParseVertex(v)
				require.NoError(t, err)
				status.SetChain(b, p, rules.Seki)
			}
			for _, v := range tc.judgedDead {
				p, err := b.ParseVertex(v)
				require.NoError(t, err)
				status.SetChain(b, p, rules.Dead)
			}
			testJudge.killSekiWalls(b, status, budget())
			want := map[string]rules.Status{}
			for _, v := range tc.seki {
				want[v] = rules.Seki
			}
			for _, v := range tc.dead {
				want[v] = rules.Dead
			}
			for _, v := range tc.live {
				want[v] = rules.Alive
			}
			for v, st := range want {
				p, _ := b.ParseVertex(v)
				assert.Equal(t, st, status.At(p), v)
			}
		})
	}
}

// budget is a fresh node budget for one reading step.
func budget() *int {
	left := testJudge.EnclosedBoardBudget
	return &left
}
