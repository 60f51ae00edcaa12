package judge

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// testJudge is the default judgement.
var testJudge = DefaultParams()

// The judgement's thresholds, on given ownership: the final status calls a
// chain dead unless its colour owns it at least FinalDeadOwnership (GenMove's
// Judge only below 0), except a lone stone in atari, which only a clear
// verdict (below 0) kills.
func TestJudgeThresholds(t *testing.T) {
	// the black group has a way out at D4: no reading of a walled-in
	// group's eye space decides it, the ownership does
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . O O O . . . .
		. . O X X O . . .
		. . O X . O . . .
		. . . . O . . . .
		. . . . . . . . .
		. . . . . . . O .
		. . . . . . O X .
	`)
	group := b.At(3, 5)     // D6, the black group of three
	loneStone := b.At(7, 0) // H1, a black stone in atari on the edge
	require.Equal(t, 1, b.Liberties(loneStone))
	tests := []struct {
		name           string
		groupOwn       float64 // Black's ownership of the group's stones
		stoneOwn       float64
		final, genMove [2]rules.Status // group, lone stone
	}{
		{"clearly alive", 0.9, 0.9, [2]rules.Status{rules.Alive, rules.Alive}, [2]rules.Status{rules.Alive, rules.Alive}},
		{"alive more often than not", 0.2, 0.2, [2]rules.Status{rules.Dead, rules.Alive}, [2]rules.Status{rules.Alive, rules.Alive}},
		{"just over the final threshold", 0.3, 0.3, [2]rules.Status{rules.Alive, rules.Alive}, [2]rules.Status{rules.Alive, rules.Alive}},
		{"dead more often than not", -0.1, -0.1, [2]rules.Status{rules.Dead, rules.Dead}, [2]rules.Status{rules.Dead, rules.Dead}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			own := make([]float64, b.Len)
			for _, p := range b.Points() {
				switch b.Color(p) {
				case rules.White:
					own[p] = -1
				case rules.Black:
					own[p] = tc.groupOwn
				}
			}
			own[loneStone] = tc.stoneOwn
			final, genMove := testJudge.FinalJudge(b, own), testJudge.Judge(b, own)
			assert.Equal(t, tc.final, [2]rules.Status{final.At(group), final.At(loneStone)}, "final status")
			assert.Equal(t, tc.genMove, [2]rules.Status{genMove.At(group), genMove.At(loneStone)}, "GenMove's judgement")
		})
	}
}

func TestReviveConnected(t *testing.T) {
	// White's D4 is in atari, but its liberty D5 is White's: Black taking it
	// starts a ko, White connecting at D5 saves it. White's B2, deep in
	// Black's area, touches no white point.
	b := rules.MustDiagram(`
		. O . . . O .
		O O O O O O O
		O O O . O O O
		X X X O X X X
		X X X X X X X
		. O . . . . .
		. . . . . . .`)
	status := deadAt(t, b, "D4", "B2")
	reviveConnected(b, status, rules.PassAlive(b))
	d4, _ := b.ParseVertex("D4")
	b2, _ := b.ParseVertex("B2")
	assert.Equal(t, rules.Alive, status.At(d4), "the ko stone White can connect")
	assert.Equal(t, rules.Dead, status.At(b2), "a stone inside Black's area")
}
