package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDatWriteLayout(t *testing.T) {
	d := &datFile{
		Props: []datProp{{"Black", "GNU Go"}, {"White", "gtpgo"}, {"Referee", "-"}, {"Size", "9"}, {"Komi", "7.5"}},
		Rows: []datRow{
			{Game: 1, ResB: "W+R", ResW: "W+R", ResR: "W+R", Alt: true, Dup: "-", Len: 41, TimeB: 3.04, TimeW: 1.96, CPUB: 2.5, CPUW: 1.25},
			{Game: 0, ResB: "B+2.5", ResW: "B+3.5", ResR: "?", Dup: "-", Len: 80, TimeB: 10, TimeW: 12.34},
			{Game: 2, ResB: "B+F", ResW: "B+F", ResR: "B+F", Dup: "-", Len: 3, Err: true,
				ErrMsg: "crash by engine2 x (White): exited\tbadly\nstderr: boom"},
		},
	}
	var buf bytes.Buffer
	require.NoError(t, d.write(&buf))
	want := "# Black: GNU Go\n# White: gtpgo\n# Referee: -\n# Size: 9\n# Komi: 7.5\n#\n" +
		"#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG\n" +
		"0\tB+2.5\tB+3.5\t?\t0\t-\t80\t10.0\t12.3\t0.0\t0.0\t0\t\n" +
		"1\tW+R\tW+R\tW+R\t1\t-\t41\t3.0\t2.0\t2.5\t1.2\t0\t\n" +
		"2\tB+F\tB+F\tB+F\t0\t-\t3\t0.0\t0.0\t0.0\t0.0\t1\tcrash by engine2 x (White): exited badly stderr: boom\n"
	assert.Equal(t, want, buf.String())
}

func TestDatRoundTrip(t *testing.T) {
	d := &datFile{
		Props: []datProp{{"Black", "A"}, {"BlackCommand", "a --x 'y z'"}, {"Date", "2025-01-02 03:04:05"}},
		Rows: []datRow{
			{Game: 0, ResB: "B+2.5", ResW: "B+2.5", ResR: "B+3.5", Dup: "-", Len: 50, TimeB: 1.5, TimeW: 2.5, CPUB: 1, CPUW: 2},
			{Game: 3, ResB: "W+T", ResW: "W+T", ResR: "W+T", Alt: true, Dup: "0", Len: 7, Err: true, ErrMsg: "time-out by engine1 A (White): late"},
		},
	}
	path := filepath.Join(t.TempDir(), "results.dat")
	require.NoError(t, writeDatFile(path, d))
	got, err := readDatFile(path)
	require.NoError(t, err)
	assert.Equal(t, d, got)
	assert.True(t, got.hasGame(3))
	assert.False(t, got.hasGame(1))
	v, ok := got.prop("BlackCommand")
	assert.True(t, ok)
	assert.Equal(t, "a --x 'y z'", v)

	missing, err := readDatFile(filepath.Join(t.TempDir(), "none.dat"))
	require.NoError(t, err)
	assert.Nil(t, missing)
}

// TestReadTwogtpDat reads a table as gogui-twogtp writes it: properties in
// hash order, a trailing empty ERR_MSG dropped, extra whitespace.
func TestReadTwogtpDat(t *testing.T) {
	in := strings.Join([]string{
		"# Xml: 0",
		"# White: Fuego",
		"# Komi: 6.5",
		"# Black: GNU Go",
		"# Size: 9",
		"#",
		"#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG",
		"0\tW+4.5\tW+4.5\t?\t0\t-\t83\t35.6\t38.2\t35.1\t37.9\t0",
		"",
		"1\tB+R\tB+R\tB+R\t1\t0\t120\t60\t61\t59.2\t60.3\t1\tGNU Go played invalid move",
		"",
	}, "\n")
	d, err := readDat(strings.NewReader(in))
	require.NoError(t, err)
	require.Len(t, d.Rows, 2)
	assert.Equal(t, datRow{Game: 0, ResB: "W+4.5", ResW: "W+4.5", ResR: "?", Dup: "-", Len: 83,
		TimeB: 35.6, TimeW: 38.2, CPUB: 35.1, CPUW: 37.9}, d.Rows[0])
	assert.Equal(t, datRow{Game: 1, ResB: "B+R", ResW: "B+R", ResR: "B+R", Alt: true, Dup: "0", Len: 120,
		TimeB: 60, TimeW: 61, CPUB: 59.2, CPUW: 60.3, Err: true, ErrMsg: "GNU Go played invalid move"}, d.Rows[1])
	size, _ := d.prop("Size")
	assert.Equal(t, "9", size)
	assert.Len(t, d.Props, 5)
}

func TestReadDatErrors(t *testing.T) {
	header := "# Size: 9\n#\n#GAME\tRES_B\tRES_W\tRES_R\tALT\tDUP\tLEN\tTIME_B\tTIME_W\tCPU_B\tCPU_W\tERR\tERR_MSG\n"
	tests := []struct {
		name, in, want string
	}{
		{"no titles", "# Size: 9\n", "no column titles"},
		{"row before titles", "# Size: 9\n0\tB+R\n", "before the column titles"},
		{"bad game index", header + "x\tB+R\tB+R\tB+R\t0\t-\t1\t0\t0\t0\t0\t0\t\n", "GAME"},
		{"negative game index", header + "-1\tB+R\tB+R\tB+R\t0\t-\t1\t0\t0\t0\t0\t0\t\n", "negative"},
		{"bad time", header + "0\tB+R\tB+R\tB+R\t0\t-\t1\tslow\t0\t0\t0\t0\t\n", "TIME_B"},
		{"too many cells", header + "0\tB+R\tB+R\tB+R\t0\t-\t1\t0\t0\t0\t0\t0\tmsg\textra\n", "cells"},
		{"game twice", header + "0\tB+R\tB+R\tB+R\t0\t-\t1\t0\t0\t0\t0\t0\t\n0\tB+R\tB+R\tB+R\t0\t-\t1\t0\t0\t0\t0\t0\t\n", "twice"},
		{"header without colon", "# nonsense\n", "without ':'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readDat(strings.NewReader(tt.in))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}

// TestTallyRows checks the summary counts read back from a table: results
// from engine 1's side, colour wins through ALT, faults from ERR_MSG.
func TestTallyRows(t *testing.T) {
	rows := []datRow{
		{Game: 0, ResB: "B+2.5", ResW: "B+2.5", ResR: "?", Len: 10},                // engines agree: engine 1 wins as Black
		{Game: 1, ResB: "B+1.0", ResW: "W+1.0", ResR: "W+3.5", Alt: true, Len: 20}, // referee: engine 2 wins as Black
		{Game: 2, ResB: "B+1.0", ResW: "W+1.0", ResR: "?"},                         // unknown
		{Game: 3, ResB: "0", ResW: "0", ResR: "0"},                                 // draw
		{Game: 4, ResB: "W+T", ResW: "W+T", ResR: "W+T", Err: true, ErrMsg: "time-out by engine1 A (Black): late"},
		{Game: 5, ResB: "B+F", ResW: "B+F", ResR: "B+F", Alt: true, Err: true, ErrMsg: "illegal move by engine2 B (Black): B A1: point is occupied"},
		{Game: 6, ResB: "B+F", ResW: "B+F", ResR: "B+F", Err: true, ErrMsg: "crash by engine2 B (White): exited"},
		{Game: 7, ResB: "W+0.5", ResW: "W+0.5", ResR: "?", ErrMsg: "move limit 243 reached", Dup: "0"},
	}
	tl := tallyRows(rows)
	assert.Equal(t, 8, tl.games)
	assert.Equal(t, [2]int{3, 3}, tl.wins)
	assert.Equal(t, 1, tl.draws)
	assert.Equal(t, 1, tl.unknown)
	// By colour: games 0, 1 and 6 went to Black; 4, 5 (engine 1 as White) and 7 to White.
	assert.Equal(t, 3, tl.colorWins[1], "Black wins")
	assert.Equal(t, 3, tl.colorWins[2], "White wins")
	assert.Equal(t, [2]int{1, 0}, tl.faults[faultTimeout])
	assert.Equal(t, [2]int{0, 1}, tl.faults[faultIllegal])
	assert.Equal(t, [2]int{0, 1}, tl.faults[faultCrash])
	assert.Equal(t, 1, tl.moveLimit)
	assert.Equal(t, 1, tl.duplicates)
	assert.Equal(t, 30, tl.moves)
}

// TestTallyScoring checks the comparison of each engine's final_score with
// the referee's count: only games the referee scored count, a winner must
// match in sign, and a margin is close when within one point.
func TestTallyScoring(t *testing.T) {
	rows := []datRow{
		{ResB: "B+2.5", ResW: "B+12.5", ResR: "B+3.5"}, // both right, engine 1 within one point
		{ResB: "W+0.5", ResW: "B+1.0", ResR: "B+0.5"},  // engine 1 names the other winner, yet within one point
		{ResB: "0", ResW: "?", ResR: "0"},              // a draw counted as one; engine 2 gave no score
		{ResB: "B+R", ResW: "B+R", ResR: "B+R"},        // a resignation: not counted
		{ResB: "B+F", ResW: "B+F", ResR: "B+F", Err: true, ErrMsg: "crash by engine2 B (White): exited"},
		{ResB: "B+1.5", ResW: "B+1.5", ResR: "?"}, // no referee count
	}
	tl := tallyRows(rows)
	assert.Equal(t, 3, tl.counted)
	assert.Equal(t, [2]int{2, 2}, tl.sameWinner)
	assert.Equal(t, [2]int{3, 1}, tl.withinOne)
	assert.Equal(t, [2]int{3, 2}, tl.scoreAnswers)
}

func TestWriteDatFileIsReadable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.dat")
	require.NoError(t, writeDatFile(path, &datFile{Props: []datProp{{"Size", "9"}}}))
	st, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o644), st.Mode().Perm())
}
