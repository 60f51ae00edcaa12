package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each diagram's empty points are the eye space.
func TestClassifyEyeSpace(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		shape   EyeShape
		vital   string // for killable shapes
	}{
		{"two points", `
			X X X X X
			X . . X X
			X X X X X
			X X X X X
			X X X X X`, EyeSpaceDead, ""},
		{"bent three", `
			X X X X X
			X . . X X
			X . X X X
			X X X X X
			X X X X X`, EyeSpaceKillable, "B4"},
		{"squared four", `
			X X X X X
			X . . X X
			X . . X X
			X X X X X
			X X X X X`, EyeSpaceDead, ""},
		{"bent four", `
			X X X X X
			X . . . X
			X . X X X
			X X X X X
			X X X X X`, EyeSpaceLives, ""},
		{"pyramid four", `
			X X X X X
			X . . . X
			X X . X X
			X X X X X
			X X X X X`, EyeSpaceKillable, "C4"},
		{"bulky five", `
			X X X X X
			X . . . X
			X . . X X
			X X X X X
			X X X X X`, EyeSpaceKillable, "C4"},
		{"rabbity six", `
			X X X X X
			X X . . X
			X . . . X
			X X . X X
			X X X X X`, EyeSpaceKillable, "C3"},
		{"two by three", `
			X X X X X
			X . . . X
			X . . . X
			X X X X X
			X X X X X`, EyeSpaceLives, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := MustDiagram(tc.diagram)
			var space []Point
			for _, p := range b.Points() {
				if b.Color(p) == Empty {
					space = append(space, p)
				}
			}
			shape, vital := ClassifyEyeSpace(b, space)
			assert.Equal(t, tc.shape, shape)
			if tc.vital != "" {
				assert.Equal(t, tc.vital, b.Vertex(vital))
			}
		})
	}
}
