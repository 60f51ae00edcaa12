package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// The heavy policy's answers to the last move, checked move by move.
func TestPolicyTacticalReplies(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		last    string // Black's move just played
		want    []string
	}{
		{
			name: "a big chain in atari escapes by taking a neighbour",
			// D3 leaves White's 13 stones one liberty, G1; extending there
			// gains nothing, but it captures F1 and the chain lives on
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . . . . .
				X X X . X X X
				O O O O O O O
				O O O O O X .`,
			last: "D3",
			want: []string{"G1"},
		},
		{
			name: "a stone in atari extends to three liberties",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . X . . .
				. . X O . . .
				. . . . . . .
				. . . . . . .`,
			last: "D2",
			want: []string{"E3"},
		},
		{
			name: "no escape: extending stays in atari",
			diagram: `
				. . . . . . .
				. . . . . . .
				. . . . . . .
				. . . X X . .
				. . X O . X .
				. . . . X . .
				. . . . . . .`,
			last: "D2",
			want: nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := rules.FromDiagram(tt.diagram)
			require.NoError(t, err)
			last, err := b.ParseVertex(tt.last)
			require.NoError(t, err)
			require.NoError(t, b.Play(last, rules.Black))
			pl := newPolicy(true)
			r := rules.NewRand(1)
			got := map[string]bool{}
			for i := 0; i < 50; i++ {
				if p := pl.tactical(b, rules.White, last, r); p != rules.NoPoint {
					got[b.Vertex(p)] = true
				}
			}
			var moves []string
			for v := range got {
				moves = append(moves, v)
			}
			assert.ElementsMatch(t, tt.want, moves)
		})
	}
}
