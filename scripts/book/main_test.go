package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/opening"
	"github.com/gtpgo/gtpgo/rules"
)

// games are tiny records, each with what the book should take from it.
// (SGF "pd" is Q16, "dp" D4, "pp" Q4, "dd" D16, "qd" R16.)
var games = []string{
	"(;SZ[19]KM[6.5];B[pd];W[dp];B[pp];W[dd])", // even: four moves
	"(;SZ[19]KM[6.5];B[dp];W[pd];B[dd];W[pp])", // the same, turned half round
	"(;SZ[19]HA[1]KM[0.5];B[qd];W[dp])",        // HA[1] is an even game
	"(;SZ[19];B[pd];W[];B[dp])",                // stops at the pass: one move
	"(;SZ[19];B[pd];W[pd];B[dp])",              // stops at the occupied point: one move
	"(;SZ[19];B[pd];AW[aa]W[dp];B[pp])",        // stops at the setup node: one move
	"(;SZ[19]HA[2]AB[dd][pp];W[pd];B[dp])",     // handicap: not read
	"(;SZ[19]AB[pd];W[dp])",                    // setup stones: not read
	"(;SZ[9];B[ee];W[cc])",                     // 9x9: not read
}

// writeGames writes the games as two gzip'd collections.
func writeGames(t *testing.T) string {
	dir := t.TempDir()
	for i, part := range [][]string{games[:4], games[4:]} {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		_, err := zw.Write([]byte(strings.Join(part, "\n")))
		require.NoError(t, err)
		require.NoError(t, zw.Close())
		require.NoError(t, os.WriteFile(filepath.Join(dir, "games-"+strconv.Itoa(i)+".sgf.gz"), buf.Bytes(), 0o644))
	}
	return dir
}

// board plays the moves (GTP vertices, alternating from Black) on an empty
// 19x19 board.
func board(t *testing.T, moves string) *rules.Board {
	t.Helper()
	b, err := rules.NewBoard(19)
	require.NoError(t, err)
	for _, v := range strings.Fields(moves) {
		p, err := b.ParseVertex(v)
		require.NoError(t, err)
		require.NoError(t, b.Play(p, b.ToMove()), v)
	}
	return b
}

func describe(b *rules.Board, entries []opening.Entry) string {
	var parts []string
	for _, e := range entries {
		parts = append(parts, b.Vertex(e.Move)+":"+strconv.Itoa(e.Count))
	}
	return strings.Join(parts, " ")
}

// The book of the tiny games under different flags: the empty board is
// seen in the six even games (Q16 five times: D4 is the same move turned;
// R16 once, named Q17), Q16 in two (after D4, turned), Q16 D4 in two.
func TestBuild(t *testing.T) {
	dir := writeGames(t)
	read, even, err := loadGames(dir)
	require.NoError(t, err)
	assert.Equal(t, len(games), read)
	assert.Len(t, even, 6)

	positions := []string{"", "Q16", "Q16 D4", "Q16 D4 Q4", "R16"}
	tests := []struct {
		cfg  config
		want []string // the entries of the positions, in order
	}{
		{config{moves: 30, minPosition: 1, minMove: 1}, []string{"Q16:5 Q17:1", "D4:2", "D16:2", "D16:2", "D4:1"}},
		{config{moves: 2, minPosition: 1, minMove: 1}, []string{"Q16:5 Q17:1", "D4:2", "", "", "D4:1"}},
		{config{moves: 1, minPosition: 1, minMove: 1}, []string{"Q16:5 Q17:1", "", "", "", ""}},
		{config{moves: 30, minPosition: 1, minMove: 2}, []string{"Q16:5", "D4:2", "D16:2", "D16:2", ""}},
		{config{moves: 30, minPosition: 2, minMove: 1}, []string{"Q16:5 Q17:1", "D4:2", "D16:2", "D16:2", ""}},
		{config{moves: 30, minPosition: 3, minMove: 1}, []string{"Q16:5 Q17:1", "", "", "", ""}},
		{config{moves: 30, minPosition: 1, minMove: 1, holdout: 2}, []string{"Q16:3", "D4:1", "D16:1", "D16:1", ""}},
	}
	for _, tt := range tests {
		t.Run(tt.cfg.command(), func(t *testing.T) {
			train, test := split(even, tt.cfg.holdout)
			bk := build(&tt.cfg, train, read)
			var got []string
			for _, moves := range positions {
				b := board(t, moves)
				got = append(got, describe(b, bk.Lookup(b, b.ToMove())))
			}
			assert.Equal(t, tt.want, got)
			line, rest, _ := strings.Cut(bk.Provenance, "\n")
			assert.Equal(t, tt.cfg.command(), line)
			assert.Contains(t, rest, "9 games read, "+strconv.Itoa(len(train))+" even 19x19 games in the book")
			back, err := parseCommand(line)
			require.NoError(t, err)
			assert.Equal(t, tt.cfg, back, "the recorded command gives the flags back")

			// repeatable, and independent of the order of the games
			reversed := slices.Clone(train)
			slices.Reverse(reversed)
			assert.Equal(t, bk.Encode(), build(&tt.cfg, train, read).Encode())
			assert.Equal(t, bk.Encode(), build(&tt.cfg, reversed, read).Encode())
			assert.NotEmpty(t, report(bk, train, test, tt.cfg.moves))
		})
	}
}

// How deep the book reaches in the tiny games: its positions by move
// number, and each game's deepest book position.
func TestMeasureDepth(t *testing.T) {
	read, even, err := loadGames(writeGames(t))
	require.NoError(t, err)
	cfg := config{moves: 30, minPosition: 1, minMove: 1}
	bk := build(&cfg, even, read)
	d := measureDepth(bk, even, nil, cfg.moves)
	// the empty board; Q16 and R16; Q16 D4; Q16 D4 Q4
	assert.Equal(t, []int{0, 1, 2, 1, 1}, d.positions[:5])
	assert.Equal(t, bk.Positions(), sum(d.positions))
	// three games stop after move 1, the R16 game has two moves, the
	// first two all four
	assert.Equal(t, []int{0, 3, 1, 0, 2}, d.deepest[:5])
	assert.Equal(t, 6, d.games)
	assert.Contains(t, report(bk, even, nil, cfg.moves), "mean 2.2, median 1")
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

func TestParseCommand(t *testing.T) {
	tests := []struct {
		line string
		want config
		err  bool
	}{
		{"book -moves 30 -min-position 10 -min-move 3 -holdout 0", config{30, 10, 3, 0}, false},
		{"book -moves 12", config{12, 10, 3, 0}, false}, // the others at their defaults
		{"trainmm -every 4", config{}, true},
		{"book -bogus 1", config{}, true},
	}
	for _, tt := range tests {
		got, err := parseCommand(tt.line)
		if tt.err {
			assert.Error(t, err, tt.line)
			continue
		}
		require.NoError(t, err, tt.line)
		assert.Equal(t, tt.want, got, tt.line)
	}
}
