package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

const gnugoPath = "/usr/games/gnugo"

// TestGnuGoMatch plays GNU Go against itself on 7x7 (two games, colours
// alternating, GNU Go as referee) and checks the SGF files and the table.
func TestGnuGoMatch(t *testing.T) {
	if _, err := os.Stat(gnugoPath); err != nil {
		t.Skip("GNU Go is not installed at " + gnugoPath)
	}
	gnugo := gnugoPath + " --mode gtp --level 1"
	referee := gnugoPath + " --mode gtp --chinese-rules"
	dir := t.TempDir()
	out, stderr, err := runMatch(t, dir,
		"-engine1", gnugo, "-engine2", gnugo, "-referee", referee,
		"-games", "2", "-size", "7", "-komi", "7.5", "-parallel", "2")
	require.NoError(t, err, stderr)

	d := readResults(t, dir)
	require.Len(t, d.Rows, 2)
	for _, key := range []string{"Black", "White", "Referee"} {
		v, _ := d.prop(key)
		assert.Equal(t, "GNU Go", v, key)
	}
	size, _ := d.prop("Size")
	assert.Equal(t, "7", size)

	for i, row := range d.Rows {
		assert.Equal(t, i, row.Game)
		assert.Equal(t, i == 1, row.Alt)
		assert.False(t, row.Err, row.ErrMsg)
		nodes := readGame(t, dir, i)
		root := nodes.Info
		assert.Equal(t, "7", root["SZ"])
		assert.Equal(t, "7.5", root["KM"])
		black, white := "GNU Go[1]", "GNU Go[2]"
		if row.Alt {
			black, white = white, black
		}
		assert.Equal(t, black, root["PB"])
		assert.Equal(t, white, root["PW"])

		// The referee decides, and the table holds its score from engine
		// 1's side.
		re := root["RE"]
		assert.Equal(t, normResult(re), re)
		assert.NotEqual(t, "?", re)
		want := re
		if row.Alt {
			want = invertResult(re)
		}
		assert.Equal(t, want, row.ResR)

		// The moves replay legally and end with two passes.
		moves := moveList(nodes)
		require.Equal(t, row.Len, len(moves))
		g := replayMoves(t, 7, moves)
		assert.True(t, g.Ended(), "game %d ends with two passes", i)

		// GNU Go itself reads the file.
		e, err := startEngine(context.Background(), gnugoPath+" --mode gtp", 10*time.Second)
		require.NoError(t, err)
		resp, err := e.send("loadsgf "+filepath.Join(dir, fmt.Sprintf("game-%03d.sgf", i)), 10*time.Second)
		e.close()
		require.NoError(t, err)
		// loadsgf answers the side to move after the last move.
		last, _ := rules.ParseColor(moves[len(moves)-1][:1])
		assert.Equal(t, last.Opponent().String(), resp)
	}
	assert.Contains(t, out, "GNU Go[1] vs GNU Go[2]: 2 games, 7x7")
	assert.Contains(t, stderr, "[2/2]")
}

// TestGtpgoAgainstGnuGo builds the gtpgo binary and plays a full 9x9 game
// against GNU Go through the match runner, GNU Go refereeing: the game ends
// with a recorded result and a valid SGF.
func TestGtpgoAgainstGnuGo(t *testing.T) {
	if _, err := os.Stat(gnugoPath); err != nil {
		t.Skip("GNU Go is not installed at " + gnugoPath)
	}
	bin := filepath.Join(t.TempDir(), "gtpgo")
	build := exec.Command("go", "build", "-o", bin, "../../cmd/gtpgo")
	outBuild, err := build.CombinedOutput()
	require.NoError(t, err, string(outBuild))

	dir := t.TempDir()
	_, stderr, err := runMatch(t, dir,
		"-engine1", bin+" -playouts 400 -threads 1 -log quiet",
		"-engine2", gnugoPath+" --mode gtp --level 1",
		"-referee", gnugoPath+" --mode gtp --chinese-rules",
		"-games", "1", "-size", "9", "-komi", "7.5", "-rules", "chinese")
	require.NoError(t, err, stderr)

	d := readResults(t, dir)
	require.Len(t, d.Rows, 1)
	row := d.Rows[0]
	require.False(t, row.Err, row.ErrMsg)
	nodes := readGame(t, dir, 0)
	re := nodes.Info["RE"]
	assert.NotEqual(t, "?", re)
	assert.Equal(t, "gtpgo", nodes.Info["PB"])

	moves := moveList(nodes)
	require.Equal(t, row.Len, len(moves))
	g := replayMoves(t, 9, moves)
	if !strings.HasSuffix(re, "+R") {
		assert.True(t, g.Ended(), "a game not resigned ends with two passes")
		assert.Equal(t, re, row.ResR, "the referee's score is the result")
		assert.NotEmpty(t, row.ResB, "gtpgo answered final_score")
	}
}

// replayMoves plays a match record's moves (as moveList gives them, e.g.
// "B[cd]") on an empty board under Chinese rules: every one must be legal.
func replayMoves(t *testing.T, size int, moves []string) *rules.Game {
	t.Helper()
	g, err := rules.NewGame(size, rules.Chinese, 7.5)
	require.NoError(t, err)
	geo, _ := rules.NewGeometry(size)
	for n, m := range moves {
		c, _ := rules.ParseColor(m[:1])
		p := rules.Pass
		if v := m[2 : len(m)-1]; v != "" {
			p = geo.At(int(v[0]-'a'), size-1-int(v[1]-'a'))
		}
		require.NoError(t, g.Play(p, c), "move %d: %s", n+1, m)
	}
	return g
}
