package main

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFitPlayoutRecoversRatings(t *testing.T) {
	truth := []float64{0.02, 0.3, 1, 4, 12, 1} // the last: the rare codes'
	rng := rand.New(rand.NewPCG(5, 6))
	data := make([]playoutPosition, 20000)
	for j := range data {
		var pos playoutPosition
		total := 0.0
		for k := range truth {
			if n := rng.IntN(6); n > 0 {
				pos.codes = append(pos.codes, codeCount{uint32(k), int32(n)})
				total += float64(n) * truth[k]
			}
		}
		if len(pos.codes) == 0 {
			pos.codes = append(pos.codes, codeCount{0, 1})
			total = truth[0]
		}
		x := rng.Float64() * total
		for _, cc := range pos.codes {
			pos.played = cc.code
			if x -= float64(cc.count) * truth[cc.code]; x <= 0 {
				break
			}
		}
		data[j] = pos
	}
	g := fitPlayout(data, len(truth), 50)
	assert.Equal(t, 1.0, g[len(g)-1], "scaled to the rare codes' rating")
	for k := range truth {
		assert.InEpsilon(t, truth[k], g[k], 0.15, "code %d", k)
	}
	uniform, rated, _ := playoutMeasure(data, g)
	assert.Greater(t, rated, uniform, "the fitted ratings predict the played moves better than a uniform draw")
}

// The embedded ratings are what the command in their first line makes
// from the games now (a few seconds).
func TestEmbeddedPlayoutShapesAreReproduced(t *testing.T) {
	if testing.Short() {
		t.Skip("reads all the games")
	}
	embedded, err := os.ReadFile("../../movemodel/playoutshapes.txt")
	require.NoError(t, err)
	cfg := playoutConfig{gameEvery: 4, every: 4, iterations: 30, minSeen: 200, testGames: 200, workers: 2}
	train, test, err := loadGames(gamesDir)
	require.NoError(t, err)
	assert.Equal(t, string(embedded), trainPlayoutShapes(&cfg, train, test))
}
