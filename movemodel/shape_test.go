package movemodel

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gtpgo/gtpgo/rules"
)

// The MoGo 3x3 shapes the playouts answer with, on the candidate point.
func TestMoGoShapes(t *testing.T) {
	const empty = ". . . . . . .\n"
	tests := []struct {
		name    string
		diagram string
		at      string
		match   bool
	}{
		{"hane", empty + empty + ". . X O X . .\n" + empty + empty + empty + empty, "D4", true},
		{"cut", empty + empty + ". . X O . . .\n. . O . . . .\n" + empty + empty + empty, "D4", true},
		{"edge: block the side connection", empty + empty + empty + empty + empty + ". . . X . . .\n. . . . O . .\n", "D1", true},
		{"edge: empty first line", empty + empty + empty + empty + empty + empty + empty, "D1", false},
		{"lone stone below", empty + empty + empty + empty + ". . . X . . .\n" + empty + empty, "D4", false},
		{"empty", empty + empty + empty + empty + empty + empty + empty, "D4", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := rules.MustDiagram(tc.diagram)
			assert.Equal(t, tc.match, MatchesMoGo(b, at(t, b, tc.at)[0]))
		})
	}
}
