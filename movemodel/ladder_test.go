package movemodel

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

func TestLadder(t *testing.T) {
	// White D4 has two liberties (E4, D3) and Black to move: atari at E4,
	// White runs D3, C3, C2... along the diagonal to the edge
	tests := []struct {
		name    string
		diagram string
		caught  bool
	}{
		{
			name: "working ladder",
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
			caught: true,
		},
		{
			// the ladder could run down-left or up-right: a White stone on
			// each diagonal breaks it
			name: "broken by White stones on the diagonals",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . O . .
				. . . . . . . . .
				. . . X . . . . .
				. . X O . . . . .
				. . . . X . . . .
				. O . . . . . . .
				. . . . . . . . .`,
			caught: false,
		},
		{
			name: "three liberties: no ladder",
			diagram: `
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . . . . . . . .
				. . X O . . . . .
				. . . . X . . . .
				. . . . . . . . .
				. . . . . . . . .`,
			caught: false,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			s, err := b.ParseVertex("D4")
			require.NoError(t, err)
			var lb LadderReader
			require.Equal(t, tc.caught, lb.Captured(b, s, rules.White))
		})
	}
}
