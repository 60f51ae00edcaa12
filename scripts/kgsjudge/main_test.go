package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

func testGames(t *testing.T, n int) []*rules.SGFGame {
	data, err := os.ReadFile("../../testdata/endgame/kgs-counted.sgf")
	require.NoError(t, err)
	games, err := rules.ParseSGF(data)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(games), n)
	return games[:n]
}

// A cache of real games, scored again, gives the counts of the final
// positions; the tally follows the recorded results.
func TestCacheThenScore(t *testing.T) {
	games := testGames(t, 3)
	var buf bytes.Buffer
	require.NoError(t, cache(games, &buf, engine.DefaultParams(), 2, 7))
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	require.Len(t, lines, 3)
	for i, l := range lines {
		var c cached
		require.NoError(t, json.Unmarshal([]byte(l), &c))
		assert.Equal(t, games[i].Info["GN"], c.Name, "cache keeps the games' order")
		g, _, err := games[i].NewGame(rules.Japanese, true)
		require.NoError(t, err)
		assert.Len(t, c.Ownership, g.Board().Len)
	}

	var out bytes.Buffer
	tl, err := score(games, strings.NewReader(buf.String()), engine.DefaultParams().JudgeParams, games[0].Info["GN"], 2, &out)
	require.NoError(t, err)
	assert.Equal(t, 3, tl.games)
	misses := strings.Count(out.String(), ": recorded ")
	assert.Equal(t, tl.games-tl.exact, misses, "one line per miss")
	assert.Equal(t, misses, tl.bySize[0]+tl.bySize[1]+tl.bySize[2]+tl.bySize[3])
	assert.Contains(t, out.String(), "3 games: exact")
	assert.Contains(t, out.String(), " judged ", "the shown game's board")
}

// Ownership that gives every stone to its colour leaves only the chains that
// the judgement's own reading kills (Benson's test, the enclosed areas, the
// eye shapes) dead: a game where the players removed other stones is then a
// miss, and the tally counts exactly the games where it is not.
func TestScoreWithAllStonesAlive(t *testing.T) {
	games := testGames(t, 20)
	var cacheText strings.Builder
	wantExact := 0
	jp := engine.DefaultParams().JudgeParams
	for _, sg := range games {
		g, _, err := sg.NewGame(rules.Japanese, true)
		require.NoError(t, err)
		b := g.Board()
		own := make([]float64, b.Len)
		for _, p := range b.Points() {
			switch b.Color(p) {
			case rules.Black:
				own[p] = 1
			case rules.White:
				own[p] = -1
			}
		}
		line, err := json.Marshal(cached{sg.Info["GN"], own})
		require.NoError(t, err)
		cacheText.Write(append(line, '\n'))
		want, ok := rules.MarginOf(sg.Result)
		require.True(t, ok, sg.Result)
		if math.Abs(g.Score(jp.FinalJudge(b, own)).Margin()-want) < 0.01 {
			wantExact++
		}
	}
	var out bytes.Buffer
	tl, err := score(games, strings.NewReader(cacheText.String()), jp, "", 2, &out)
	require.NoError(t, err)
	assert.Equal(t, 20, tl.games)
	assert.Equal(t, wantExact, tl.exact)
	assert.Less(t, tl.exact, 20, "some players removed dead stones")
	assert.Equal(t, 20-tl.exact, strings.Count(out.String(), ": recorded "))
}

func TestScoreRejectsForeignCache(t *testing.T) {
	games := testGames(t, 1)
	line, err := json.Marshal(cached{games[0].Info["GN"], make([]float64, 10)})
	require.NoError(t, err)
	_, err = score(games, bytes.NewReader(line), engine.DefaultParams().JudgeParams, "", 1, &bytes.Buffer{})
	assert.ErrorContains(t, err, "another board")
	_, err = score(games, strings.NewReader(""), engine.DefaultParams().JudgeParams, "", 1, &bytes.Buffer{})
	assert.ErrorContains(t, err, "no game")
}
