package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/movemodel"
)

// gamesDir is the KGS collections beside the repository.
const gamesDir = "../../../shared/data/games"

// Training is repeatable: the same games and flags give the same file, and
// the file says how it was made. (On a few games and iterations: the real
// model takes half an hour; `trainmm -verify` checks that one.)
func TestTrainingIsRepeatable(t *testing.T) {
	train, test, err := loadGames(gamesDir)
	require.NoError(t, err)
	require.Greater(t, len(train), 20000, "the 19x19 games of the four collections")
	require.Greater(t, len(test), 600, "every 10th game of 2006 without handicap")
	for _, g := range test {
		assert.True(t, g.Size == 19 && g.Handicap < 2 && len(g.Setup) == 0)
	}
	cfg := config{every: 8, patternEvery: 2, iterations: 2, minShape: 5, minPattern: 2, workers: 2, limit: 40}
	train, test = train[:cfg.limit], test[:20]
	a := trainModel(&cfg, train, test, time.Now())
	b := trainModel(&cfg, train, test, time.Now())
	require.True(t, bytes.Equal(a, b), "same data, same flags: same file")
	m, err := movemodel.DecodeModel(a)
	require.NoError(t, err)
	line, rest, _ := strings.Cut(m.Provenance, "\n")
	assert.Equal(t, cfg.command(), line)
	assert.Contains(t, rest, "40 training games")
	assert.Contains(t, rest, "held-out positions: ")
	assert.NotEmpty(t, m.Patterns)
	assert.NotEmpty(t, m.Shapes)

	// the model learns something even from 40 games: the played move is
	// in its first 10 well above chance (about 4% for 250 legal moves)
	tl := measure(m, test, 2)
	assert.Greater(t, float64(tl.all.top10)/float64(tl.all.n), 0.4)
}

// The embedded model is a full training run's: its provenance names the
// command, and it predicts the moves of the held-out games.
func TestEmbeddedModel(t *testing.T) {
	m, err := movemodel.Default()
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(m.Provenance, "trainmm -every "), m.Provenance)
	assert.Contains(t, m.Provenance, "held-out positions: ")
	_, test, err := loadGames(gamesDir)
	require.NoError(t, err)
	tl := measure(m, test[:30], 2)
	// 39-40% top-1 over all 673 games; 30 games vary around that
	assert.Greater(t, float64(tl.all.top1)/float64(tl.all.n), 0.33, "%v", tl)
}
