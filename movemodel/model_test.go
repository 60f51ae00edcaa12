package movemodel

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// syntheticModel is a small model with made-up gammas: the shapes and
// patterns of a random position, every gamma different.
func syntheticModel(t *testing.T) *Model {
	b := randomBoard(t, 9, 40, 3)
	shapes := map[Shape]bool{}
	patterns := map[uint64]Pattern{}
	for _, p := range b.Points() {
		if b.Color(p) != rules.Empty {
			continue
		}
		shapes[ShapeAt(b, p, rules.Black).Canonical()] = true
		all := SpatialPatterns(b, p, rules.Black)
		for _, pt := range all[2:4] {
			canon, h := pt.Canonical()
			patterns[h] = canon
		}
	}
	m := Model{Provenance: "synthetic"}
	var sl []Shape
	for s := range shapes {
		sl = append(sl, s)
	}
	var pl []Pattern
	for _, pt := range patterns {
		pl = append(pl, pt)
	}
	m.Dictionary = NewDictionary(sl, pl)
	for g := range m.Gammas {
		n := FixedLevels[g]
		switch g {
		case GroupShape:
			n = len(sl)
		case GroupSpatial:
			n = len(pl)
		}
		m.Gammas[g] = make([]float32, n)
		for i := range m.Gammas[g] {
			m.Gammas[g][i] = float32(0.1 + 0.37*float64((g*31+i*7)%23))
		}
	}
	return &m
}

func TestModelFileRoundTrip(t *testing.T) {
	m := syntheticModel(t)
	back, err := DecodeModel(m.Encode())
	require.NoError(t, err)
	assert.Equal(t, m.Gammas, back.Gammas)
	assert.Equal(t, "synthetic", back.Provenance)
	assert.Equal(t, m.Shapes, back.Shapes)
	require.Equal(t, len(m.Patterns), len(back.Patterns))
	for i := range m.Patterns {
		assert.Equal(t, m.Patterns[i], back.Patterns[i])
	}
	assert.Equal(t, m.Encode(), back.Encode(), "writing is repeatable")

	for _, bad := range [][]byte{nil, []byte("not gzip"), m.Encode()[:40]} {
		_, err := DecodeModel(bad)
		assert.Error(t, err)
	}
}

// The probabilities of a position's candidates sum to one, whatever the
// position, and a move's probability follows its strength.
func TestRateSumsToOne(t *testing.T) {
	m := syntheticModel(t)
	r := m.NewRater()
	for _, size := range []int{2, 9, 19} {
		for seed := uint64(1); seed <= 4; seed++ {
			b := randomBoard(t, size, int(seed)*size*size/5, seed)
			for _, c := range []rules.Color{rules.Black, rules.White} {
				moves := LegalMoves(b, c, nil)
				probs := make([]float32, len(moves))
				r.Rate(b, c, moves, probs)
				sum := 0.0
				for i, p := range probs {
					require.False(t, math.IsNaN(float64(p)) || p < 0, "%s", b.Vertex(moves[i]))
					sum += float64(p)
				}
				assert.InDelta(t, 1, sum, 1e-4, "size %d seed %d %s", size, seed, c)
				f0, f1 := r.Features(b, moves[0], c), r.Features(b, moves[len(moves)-1], c)
				r.Rate(b, c, moves, probs)
				assert.InDelta(t, m.Strength(&f0)/m.Strength(&f1), float64(probs[0]/probs[len(moves)-1]), 1e-3)
			}
		}
	}
}
