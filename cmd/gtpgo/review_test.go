package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/review"
	"github.com/gtpgo/gtpgo/rules"
)

// copyGame puts the 9x9 test game into a fresh directory.
func copyGame(t *testing.T) (dir, game string) {
	t.Helper()
	data, err := os.ReadFile("../../testdata/review/blunder-9x9.sgf")
	require.NoError(t, err)
	dir = t.TempDir()
	game = filepath.Join(dir, "game.sgf")
	require.NoError(t, os.WriteFile(game, data, 0o644))
	return dir, game
}

func TestReviewCommand(t *testing.T) {
	dir, game := copyGame(t)
	plot := filepath.Join(dir, "graph.png")
	var stdout, stderr bytes.Buffer
	code := run([]string{"review", "-playouts", "100", "-threads", "1", "-seed", "1", "-plot", plot, game}, nil, &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())

	out := filepath.Join(dir, "game-review.sgf")
	assert.Contains(t, stdout.String(), "gtpgo review: Black (gtpgo) against White (gtpgo), 9x9")
	assert.Contains(t, stdout.String(), "Wrote "+out+" and "+plot+".")
	// not a terminal: a line per move, the last one complete
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	require.Len(t, lines, 40)
	assert.Contains(t, lines[16], "review [#########---------------] 17/41  41%")
	assert.Contains(t, lines[16], "move 17 B J9: blunder (")
	assert.Contains(t, lines[39], "41/41 100%  0s left  move 40 W B3: ")

	data, err := os.ReadFile(out)
	require.NoError(t, err)
	games, err := rules.ParseSGF(data)
	require.NoError(t, err)
	assert.Len(t, games[0].Nodes, 40)
	assert.Contains(t, games[0].Info["C"], "Mistakes by size:")

	f, err := os.Open(plot)
	require.NoError(t, err)
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	require.NoError(t, err)
	assert.Equal(t, review.PlotWidth, cfg.Width)
	assert.Equal(t, review.PlotHeight, cfg.Height)

	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 3, "the game, the review and the plot: no temporary file left")
}

// A record that does not parse or replay gets a clear error, and nothing
// is written.
func TestReviewCommandBrokenGame(t *testing.T) {
	for _, tc := range []struct{ name, sgf, err string }{
		{"truncated", "(;FF[4]SZ[9];B[ee];W[cc];B[", "sgf: game 1, node 3, byte 26: unclosed '[' (file truncated?)"},
		{"not sgf", "GM[1] hello", "sgf: byte 0: unexpected 'G' before the first '('"},
		{"illegal move", "(;SZ[9];B[ee];W[ee])", "sgf: move 2 (node 2) W E5: "},
		{"board too large", "(;SZ[30];B[aa])", "board size SZ[30] is not supported"},
		{"no moves", "(;SZ[9]KM[6.5])", "the game has no moves to review"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			game := filepath.Join(dir, "broken.sgf")
			require.NoError(t, os.WriteFile(game, []byte(tc.sgf), 0o644))
			var stdout, stderr bytes.Buffer
			code := run([]string{"review", "-playouts", "10", "-plot", filepath.Join(dir, "p.png"), game}, nil, &stdout, &stderr)
			assert.Equal(t, 1, code)
			assert.Contains(t, stderr.String(), "gtpgo review: ")
			assert.Contains(t, stderr.String(), tc.err)
			entries, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Len(t, entries, 1, "no review, no plot, no temporary file")
		})
	}
}

func TestReviewCommandUsage(t *testing.T) {
	dir, game := copyGame(t)
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"-playouts", "10", "-seconds", "1", game}, "give -playouts or -seconds, not both"},
		{[]string{"-playouts", "0", game}, "must be positive"},
		{[]string{"-o", game, game}, "would overwrite the game"},
		{[]string{"-rules", "chess", game}, "unknown rules"},
		{[]string{}, "Usage: gtpgo review"},
		{[]string{"-game", "2", game}, "no game 2 (the file has 1)"},
		{[]string{"-o", filepath.Join(dir, "missing", "out.sgf"), game}, "cannot write " + filepath.Join(dir, "missing", "out.sgf") + ": " + filepath.Join(dir, "missing") + " is not a directory"},
		{[]string{"-plot", filepath.Join(game, "p.png"), game}, "is not a directory"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"review"}, tc.args...), nil, &stdout, &stderr)
		assert.NotEqual(t, 0, code, tc.args)
		assert.Contains(t, stderr.String(), tc.err, tc.args)
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1)
}

func TestReviewName(t *testing.T) {
	assert.Equal(t, "games/a-review.sgf", reviewName("games/a.sgf", 1))
	assert.Equal(t, "kgs-2006-78-review.sgf", reviewName("kgs-2006.sgf.gz", 78))
	assert.Equal(t, "x-review.sgf", reviewName("x", 1))
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.sgf")
	require.NoError(t, os.WriteFile(path, []byte("old"), 0o600))
	require.NoError(t, writeFileAtomic(path, []byte("new")))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "new", string(data))
	st, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm())
	assert.Error(t, writeFileAtomic(filepath.Join(dir, "missing", "out.sgf"), []byte("x")))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left")
}
