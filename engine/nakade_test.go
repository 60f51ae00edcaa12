package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// The playouts' vital points, on White groups walled in on the edge: the
// last move is White's (at "last"), Black is to move, and "want" is the
// vital point Black takes, or "" where the space has none that kills.
func TestPlayoutNakade(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		last    string
		want    string
	}{
		{"straight three", `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			X X X X X X .
			O O O O O X .
			. . . O O X .`, "D1", "B1"},
		{"bent three", `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			X X X X X X .
			O O O O O X .
			O O . O O X .
			O . . O O X .`, "D1", "C1"},
		{"pyramid four", `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			X X X X X X .
			O O O O O X .
			O . O O O X .
			. . . O O X .`, "D1", "B1"},
		{"crossed five", `
			. . . . . . .
			. . . . . . .
			X X X X X X .
			O O O O O X .
			O O . O O X .
			O . . . O X .
			O O . O O X .`, "D1", "C2"},
		{"bulky five", `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			X X X X X X .
			O O O O O X .
			O . . O O X .
			. . . O O X .`, "D1", "B1"},
		{"rabbity six", `
			. . . . . . .
			. . . . . . .
			X X X X X X .
			O O O O O X .
			O O . O O X .
			O . . . O X .
			O O . . O X .`, "E1", "C2"},
		{"squared four: dead already, no point", `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			X X X X X X .
			O O O O O X .
			. . O O O X .`, "C1", ""},
		{"straight four: alive, no point", `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			X X X X X X .
			O O O O O X .
			. . . . O X .`, "E1", ""},
		{"a black stone inside: the search's business", `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			X X X X X X .
			O O O O O X .
			X . . O O X .`, "D1", ""},
		{"a space touching Black's wall is still open", `
			. . . . . . .
			. . . . . . .
			. . . . . . .
			. . . . . . .
			X X X X X X .
			O . O O O X .
			. . . O O X .`, "D1", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			last, err := b.ParseVertex(tc.last)
			require.NoError(t, err)
			require.Equal(t, rules.White, b.Color(last))
			pl := newPolicy()
			pl.configure(playoutConfig{heavy: true, nakadeRate: 1}, b.Len)
			want := rules.NoPoint
			if tc.want != "" {
				want, err = b.ParseVertex(tc.want)
				require.NoError(t, err)
			}
			got := pl.nakade(b, rules.Black, last)
			assert.Equal(t, b.Vertex(want), b.Vertex(got))
		})
	}
}
