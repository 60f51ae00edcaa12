package gtp

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sabakiSummary is what scripts/sabaki/sabaki-client.js reports.
type sabakiSummary struct {
	Name, Version, ProtocolVersion  string
	AnalyzeCommand, GenmoveCommand  string
	KnowsUndo, KnowsSetFreeHandicap bool
	Occupied                        []string
	StopResponse                    string
	AnalysisLines, CandidateCount   int
	Candidates                      []struct {
		Move      string
		Visits    int
		Winrate   float64
		ScoreLead *float64
		PV        []string
	}
	BestMove       string
	GeneratedMove  string
	GeneratedLines int
	History        []string
	FinalHistory   []string
	Showboard      string
}

// The built binary driven by @sabaki/gtp, the library Sabaki talks GTP
// with: its state tracker syncs a handicap game, the analysis Sabaki would
// start streams candidates its parser reads, the next command stops it, and
// genmove_analyze's move lands in the tracker's history and on the board.
func TestSabakiClient(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed: the Sabaki client test needs Node.js 20 or newer")
	}
	dir, err := filepath.Abs("../scripts/sabaki")
	require.NoError(t, err)
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@sabaki", "gtp")); err != nil {
		t.Skip("@sabaki/gtp is not installed: run `npm ci` in scripts/sabaki (scripts/test does)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "sabaki-client.js", gtpgoBinary(t),
		"-threads", "1", "-memory", "64", "-move_time", "1", "-log", "error")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "sabaki-client.js failed:\n%s", stderr.String())

	var sum sabakiSummary
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &sum), "summary %q", stdout.String())
	assert.Equal(t, "gtpgo", sum.Name)
	assert.Equal(t, "2", sum.ProtocolVersion)
	assert.Equal(t, "analyze", sum.AnalyzeCommand, "Sabaki's first choice")
	assert.Equal(t, "genmove_analyze", sum.GenmoveCommand)
	assert.True(t, sum.KnowsUndo)
	assert.True(t, sum.KnowsSetFreeHandicap)
	assert.Equal(t, "2", sum.StopResponse, "the command that stopped the analysis is answered")

	// 3 s at 50 cs: about five lines, fewer while the move model loads
	// (loose bounds)
	assert.GreaterOrEqual(t, sum.AnalysisLines, 1)
	assert.LessOrEqual(t, sum.AnalysisLines, 7)
	require.NotEmpty(t, sum.Candidates)
	assert.GreaterOrEqual(t, sum.CandidateCount, len(sum.Candidates))
	occupied := map[string]bool{}
	for _, v := range sum.Occupied {
		occupied[v] = true
	}
	for i, c := range sum.Candidates {
		assert.Regexp(t, `^[A-HJ][1-9]$`, c.Move, "a vertex, never pass")
		assert.False(t, occupied[c.Move], "%s is occupied", c.Move)
		assert.Greater(t, c.Visits, 0)
		assert.True(t, c.Winrate >= 0 && c.Winrate <= 100, "win rate %v%% (Sabaki read a float)", c.Winrate)
		require.NotNil(t, c.ScoreLead, "analyze has score leads")
		assert.Less(t, mathAbs(*c.ScoreLead), 100.0)
		require.NotEmpty(t, c.PV)
		assert.Equal(t, c.Move, c.PV[0])
		if i > 0 {
			assert.LessOrEqual(t, c.Visits, sum.Candidates[i-1].Visits)
		}
	}
	assert.Equal(t, sum.Candidates[0].Move, sum.BestMove)

	require.Regexp(t, `^([A-HJ][1-9]|PASS)$`, sum.GeneratedMove)
	assert.False(t, occupied[sum.GeneratedMove])
	want := []string{"set_free_handicap C3 G7", "play W E5", "play B C6", "play W G3", "play B " + sum.GeneratedMove}
	assert.Equal(t, want, sum.History, "the tracker read the move from the play line")
	assert.Equal(t, want, sum.FinalHistory, "a move synced and undone")
	assert.Contains(t, sum.Showboard, "Komi 0.5, japanese rules, handicap 2, move 4, white to move")
	if sum.GeneratedMove != "PASS" {
		assert.Contains(t, sum.Showboard, "(X)", "the generated move is the last move on the board")
	}
	t.Logf("%d analysis lines, %d candidates, best %s; genmove_analyze %s after %d lines",
		sum.AnalysisLines, sum.CandidateCount, sum.BestMove, sum.GeneratedMove, sum.GeneratedLines)
}
