package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

func TestShapeFileRoundTrip(t *testing.T) {
	values := map[uint32]uint8{0: 128, 5: 1, 1<<24 - 1: 255, 77777: 200}
	table, err := decodeShapes(EncodeShapes(values))
	require.NoError(t, err)
	for code, v := range values {
		assert.Equal(t, v, table[code])
	}
	assert.Zero(t, table[6])
	_, err = decodeShapes([]byte("not gzip"))
	assert.Error(t, err)
}

// A shape and its rotations and reflections share one code.
func TestShapeCodeIsSymmetric(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . .
		. . . . . . .
		. . X O . . .
		. . . . X . .
		. . . . . . .
		. . . . . . .
		. . . . . . .`)
	code := ShapeCode(b, b.At(3, 3), rules.Black)
	// the same shape mirrored left-right
	turned := rules.MustDiagram(`
		. . . . . . .
		. . . . . . .
		. . . O X . .
		. . X . . . .
		. . . . . . .
		. . . . . . .
		. . . . . . .`)
	assert.Equal(t, code, ShapeCode(turned, turned.At(3, 3), rules.Black))
	// and turned a quarter clockwise
	rotated := rules.MustDiagram(`
		. . . . . . .
		. . . . . . .
		. . . . X . .
		. . . . O . .
		. . . X . . .
		. . . . . . .
		. . . . . . .`)
	assert.Equal(t, code, ShapeCode(rotated, rotated.At(3, 3), rules.Black))
	// seen from White the colours swap: a different shape
	assert.NotEqual(t, code, ShapeCode(b, b.At(3, 3), rules.White))
}

// The learned table knows what every player knows: capturing a stone in
// atari is chosen far more often than an average move, and an empty
// first-line point far less.
func TestLearnedShapes(t *testing.T) {
	b := rules.MustDiagram(`
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . X . . . .
		. . . X O X . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`)
	capture := ShapeValue(b, b.At(4, 3), rules.Black)
	edge := ShapeValue(b, b.At(0, 4), rules.Black)
	require.NotZero(t, capture)
	require.NotZero(t, edge)
	assert.Greater(t, int(capture), 128+16, "capturing is chosen at least twice as often as an average move")
	assert.Less(t, int(edge), 128, "an empty edge point is chosen less often than an average move")
}

// Looking a shape up by its raw code (as the priors do) gives the value of
// its canonical code, on every point of random positions.
func TestRawShapeLookupMatchesCanonical(t *testing.T) {
	rng := rules.NewRand(3)
	for n := 0; n < 20; n++ {
		b, err := rules.NewBoard(9 + 2*(n%6))
		require.NoError(t, err)
		for m := 0; m < 20+7*n && b.Passes() < 2; m++ {
			b.RandomMove(b.ToMove(), rng)
		}
		for _, p := range b.Points() {
			if b.Color(p) != rules.Empty {
				continue
			}
			for _, c := range []rules.Color{rules.Black, rules.White} {
				require.Equal(t, shapeValue[ShapeCode(b, p, c)], ShapeValue(b, p, c))
			}
		}
	}
}
