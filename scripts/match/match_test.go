package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// runMatch runs the program with args plus -out dir and returns what it
// printed.
func runMatch(t *testing.T, dir string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var o, e bytes.Buffer
	err = run(context.Background(), append(args, "-out", dir), &o, &e)
	return o.String(), e.String(), err
}

// readGame reads a game's SGF from the output directory.
func readGame(t *testing.T, dir string, index int) *rules.SGFGame {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%03d.sgf", index)))
	require.NoError(t, err)
	games, err := rules.ParseSGF(data)
	require.NoError(t, err)
	require.Len(t, games, 1)
	return games[0]
}

func readResults(t *testing.T, dir string) *datFile {
	t.Helper()
	d, err := readDatFile(filepath.Join(dir, "results.dat"))
	require.NoError(t, err)
	require.NotNil(t, d)
	return d
}

// lastComment is the comment of the last node (the end-of-game note).
func lastComment(g *rules.SGFGame) string {
	if len(g.Nodes) == 0 {
		return g.Info["C"]
	}
	return g.Nodes[len(g.Nodes)-1].Comment
}

// sgfPoint is p as an SGF coordinate pair ("" for a pass).
func sgfPoint(size int, p rules.Point) string {
	if p == rules.Pass {
		return ""
	}
	geo, _ := rules.NewGeometry(size)
	x, y := geo.XY(p)
	return string([]byte{byte('a' + x), byte('a' + size - 1 - y)})
}

// moveList is the main line's moves as "B[aa]" strings.
func moveList(g *rules.SGFGame) []string {
	var out []string
	for _, n := range g.Nodes {
		if n.Move != nil {
			out = append(out, n.Move.Color.Letter()+"["+sgfPoint(g.Size, n.Move.Point)+"]")
		}
	}
	return out
}

// setupPoints are the root's setup stones as SGF coordinates.
func setupPoints(g *rules.SGFGame) []string {
	var out []string
	for _, m := range g.Setup {
		out = append(out, sgfPoint(g.Size, m.Point))
	}
	return out
}

// TestGameEndings plays one 5x5 game per case between fake engines and
// checks the recorded result, the table row and the SGF.
func TestGameEndings(t *testing.T) {
	type want struct {
		re         string // SGF RE, real colours
		resB, resW string // table RES_B, RES_W
		resR       string
		err        bool
		errMsg     []string // substrings of ERR_MSG
		moves      []string // SGF moves
		endNote    string   // substring of the last node's comment
		summary    string   // substring of the match summary
	}
	// The fakes play A1, C1, E1, A3... (even columns and rows of 5x5).
	tests := []struct {
		name         string
		black, white []string
		flags        []string
		want         want
	}{
		{
			name:  "illegal move loses",
			black: []string{"illegal=2"},
			want: want{re: "W+F", resB: "W+F", resW: "W+F", resR: "W+F", err: true,
				errMsg:  []string{"illegal move by engine1 Fake[1] (Black)", "B A1", "occupied"},
				moves:   []string{"B[ae]", "W[ce]"},
				endNote: "loses by illegal move"},
		},
		{
			name:  "off-board move loses",
			white: []string{"say=1:F6"},
			want: want{re: "B+F", resB: "B+F", resW: "B+F", resR: "B+F", err: true,
				errMsg: []string{"illegal move by engine2 Fake[2] (White)", `genmove answered "F6"`},
				moves:  []string{"B[ae]"}},
		},
		{
			name:  "crash loses",
			white: []string{"crash=2"},
			want: want{re: "B+F", resB: "B+F", resW: "B+F", resR: "B+F", err: true,
				errMsg: []string{"crash by engine2 Fake[2] (White)", "exited while answering \"genmove white\"", "exit status 3", "boom"},
				moves:  []string{"B[ae]", "W[ce]", "B[ee]"}},
		},
		{
			name:  "time-out loses",
			black: []string{"hang=2"},
			flags: []string{"-time", "1", "-timeout-margin", "1"},
			want: want{re: "W+T", resB: "W+T", resW: "W+T", resR: "W+T", err: true,
				errMsg: []string{"time-out by engine1 Fake[1] (Black)", "no move within 2.0s"},
				moves:  []string{"B[ae]", "W[ce]"}},
		},
		{
			name:  "hung engine without a clock hits the hard time-out",
			white: []string{"hang=1"},
			flags: []string{"-hard-timeout", "1.5"},
			want: want{re: "B+T", resB: "B+T", resW: "B+T", resR: "B+T", err: true,
				errMsg: []string{"time-out by engine2 Fake[2] (White)", `no answer to "genmove white" within 1.5s`},
				moves:  []string{"B[ae]"}},
		},
		{
			name:  "handicap stones, White moves first",
			black: []string{"score=B+0.5"},
			white: []string{"score=B+0.5"},
			flags: []string{"-handicap", "2"},
			want: want{re: "B+0.5", resB: "B+0.5", resW: "B+0.5", resR: "?",
				moves: []string{"W[ae]", "B[ce]", "W[ee]", "B[ac]", "W[]", "B[]"}},
		},
		{
			name:  "handicap stones that differ lose for White",
			white: []string{"handicap=B2 D3"},
			flags: []string{"-handicap", "2"},
			want: want{re: "B+F", resB: "B+F", resW: "B+F", resR: "B+F", err: true,
				errMsg: []string{"malformed response by engine2", "placed other stones"},
				moves:  []string{}},
		},
		{
			name:  "malformed response loses",
			white: []string{"garbage=1"},
			want: want{re: "B+F", resB: "B+F", resW: "B+F", resR: "B+F", err: true,
				errMsg: []string{"malformed response by engine2", `starts with "thinking hard`},
				moves:  []string{"B[ae]"}},
		},
		{
			name:  "wrong id is malformed",
			black: []string{"badid=1"},
			want: want{re: "W+F", resB: "W+F", resW: "W+F", resR: "W+F", err: true,
				errMsg: []string{"malformed response by engine1", "has id"}},
		},
		{
			name:  "refusing a legal move loses",
			white: []string{"refuse=play"},
			want: want{re: "B+F", resB: "B+F", resW: "B+F", resR: "B+F", err: true,
				errMsg: []string{"refused command by engine2", `"play black A1" answered: refused`},
				moves:  []string{"B[ae]"}},
		},
		{
			name:  "resignation",
			white: []string{"resign=2"},
			want: want{re: "B+R", resB: "B+R", resW: "B+R", resR: "B+R",
				moves: []string{"B[ae]", "W[ce]", "B[ee]"}},
		},
		{
			name:  "two passes, engines agree",
			black: []string{"score=W+2.5"},
			white: []string{"score=W+2.5"},
			want: want{re: "W+2.5", resB: "W+2.5", resW: "W+2.5", resR: "?",
				moves: []string{"B[ae]", "W[ce]", "B[ee]", "W[ac]", "B[]", "W[]"}},
		},
		{
			name:  "two passes, engines disagree",
			black: []string{"score=B+1"},
			white: []string{"score=W+0.5"},
			want: want{re: "?", resB: "B+1.0", resW: "W+0.5", resR: "?",
				moves:   []string{"B[ae]", "W[ce]", "B[ee]", "W[ac]", "B[]", "W[]"},
				endNote: "Black's engine says B+1.0, White's engine says W+0.5"},
		},
		{
			name:  "referee decides",
			black: []string{"score=B+1"},
			white: []string{"score=W+0.5"},
			flags: []string{"-referee", "REFEREE score=W+9.5"},
			want: want{re: "W+9.5", resB: "B+1.0", resW: "W+0.5", resR: "W+9.5",
				moves:   []string{"B[ae]", "W[ce]", "B[ee]", "W[ac]", "B[]", "W[]"},
				summary: "games the referee counted: 1; final_score with the referee's winner/within one point of its count: Fake[1] 0/0 of 1, Fake[2] 1/0 of 1"},
		},
		{
			name:  "move limit scores the position",
			black: []string{"pass=0", "score=B+3.5"},
			white: []string{"pass=0", "score=B+3.5"},
			flags: []string{"-maxmoves", "3"},
			want: want{re: "B+3.5", resB: "B+3.5", resW: "B+3.5", resR: "?",
				errMsg:  []string{"move limit 3 reached"},
				moves:   []string{"B[ae]", "W[ce]", "B[ee]"},
				endNote: "Move limit of 3 moves reached"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			flags := []string{
				"-black", fakeCommand(t, tt.black...), "-white", fakeCommand(t, tt.white...),
				"-games", "1", "-size", "5", "-komi", "0.5",
			}
			for i, f := range tt.flags {
				if strings.HasPrefix(f, "REFEREE") {
					tt.flags[i] = fakeCommand(t, strings.Fields(strings.TrimPrefix(f, "REFEREE"))...)
				}
			}
			out, _, err := runMatch(t, dir, append(flags, tt.flags...)...)
			require.NoError(t, err)
			d := readResults(t, dir)
			require.Len(t, d.Rows, 1)
			row := d.Rows[0]
			assert.Equal(t, 0, row.Game)
			assert.Equal(t, tt.want.resB, row.ResB, "RES_B")
			assert.Equal(t, tt.want.resW, row.ResW, "RES_W")
			assert.Equal(t, tt.want.resR, row.ResR, "RES_R")
			assert.Equal(t, tt.want.err, row.Err, "ERR")
			for _, s := range tt.want.errMsg {
				assert.Contains(t, row.ErrMsg, s)
			}
			if len(tt.want.errMsg) == 0 {
				assert.Empty(t, row.ErrMsg)
			}
			nodes := readGame(t, dir, 0)
			assert.Equal(t, tt.want.re, nodes.Info["RE"])
			assert.Equal(t, "Fake[1]", nodes.Info["PB"])
			assert.Equal(t, "Fake[2]", nodes.Info["PW"])
			assert.Equal(t, "5", nodes.Info["SZ"])
			assert.Equal(t, "0.5", nodes.Info["KM"])
			if tt.want.moves != nil {
				assert.Equal(t, tt.want.moves, append([]string{}, moveList(nodes)...))
			}
			if slices.Contains(tt.flags, "-handicap") {
				assert.Equal(t, "2", nodes.Info["HA"])
				assert.ElementsMatch(t, []string{"bd", "db"}, setupPoints(nodes))
			}
			assert.Equal(t, len(moveList(nodes)), row.Len, "LEN counts the moves in the SGF")
			if tt.want.endNote != "" {
				assert.Contains(t, lastComment(nodes), tt.want.endNote)
			}
			if tt.want.err {
				assert.Contains(t, lastComment(nodes), "loses by")
			}
			assert.Contains(t, out, "Fake[1] vs Fake[2]: 1 game,")
			if tt.want.summary != "" {
				assert.Contains(t, out, tt.want.summary)
			}
		})
	}
}

// TestAlternationInvertsTableResults checks gogui-twogtp's convention: with
// colours exchanged every other game, the table's results are from engine
// 1's side (B = engine 1) while the SGF keeps the real colours.
func TestAlternationInvertsTableResults(t *testing.T) {
	dir := t.TempDir()
	out, _, err := runMatch(t, dir,
		"-engine1", fakeCommand(t, "name=Quitter", "resign=1"),
		"-engine2", fakeCommand(t, "name=Stayer"),
		"-games", "2", "-size", "5")
	require.NoError(t, err)
	d := readResults(t, dir)
	require.Len(t, d.Rows, 2)
	// Game 0: Quitter is Black and resigns at once; game 1: Quitter is
	// White, Stayer's first move is played, then Quitter resigns.
	assert.Equal(t, "W+R", readGame(t, dir, 0).Info["RE"])
	assert.Equal(t, "Quitter", readGame(t, dir, 0).Info["PB"])
	assert.Equal(t, "B+R", readGame(t, dir, 1).Info["RE"])
	assert.Equal(t, "Stayer", readGame(t, dir, 1).Info["PB"])
	assert.Equal(t, datRow{Game: 0, ResB: "W+R", ResW: "W+R", ResR: "W+R", Dup: "-", Len: 0},
		zeroTimes(d.Rows[0]))
	assert.Equal(t, datRow{Game: 1, ResB: "W+R", ResW: "W+R", ResR: "W+R", Alt: true, Dup: "-", Len: 1},
		zeroTimes(d.Rows[1]))
	v, _ := d.prop("Black")
	assert.Equal(t, "Quitter", v, "header Black names engine 1")
	assert.Contains(t, out, "Quitter wins 0, Stayer wins 2")
	assert.Contains(t, out, "Black won 1, White won 1")
	assert.Contains(t, out, "Quitter win rate 0.0% (95% CI 0.0% .. 65.8%, Wilson)")
	assert.Contains(t, out, "Elo Quitter - Stayer: -inf (95% CI -inf .. +113)")
}

func zeroTimes(r datRow) datRow {
	r.TimeB, r.TimeW, r.CPUB, r.CPUW = 0, 0, 0, 0
	return r
}

// TestResume checks that a rerun keeps the recorded games and plays only the
// missing ones, and that a rerun with other settings is refused.
func TestResume(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(t.TempDir(), "starts.log")
	args := func(games string) []string {
		return []string{
			"-black", fakeCommand(t, "name=A", "log="+log, "score=B+1.5"),
			"-white", fakeCommand(t, "name=B", "log="+log, "score=B+1.5"),
			"-games", games, "-size", "5", "-alternate", "-parallel", "2",
		}
	}
	_, _, err := runMatch(t, dir, args("1")...)
	require.NoError(t, err)

	// Doctor the recorded game so that a replay would be visible.
	path := filepath.Join(dir, "results.dat")
	d := readResults(t, dir)
	require.Len(t, d.Rows, 1)
	d.Rows[0].ResR = "W+99.5"
	require.NoError(t, writeDatFile(path, d))

	_, stderr, err := runMatch(t, dir, args("3")...)
	require.NoError(t, err)
	assert.Contains(t, stderr, "resuming: 1 of 3 games already in")
	d = readResults(t, dir)
	require.Len(t, d.Rows, 3)
	assert.Equal(t, "W+99.5", d.Rows[0].ResR, "game 0 was kept, not replayed")
	assert.Equal(t, []int{0, 1, 2}, []int{d.Rows[0].Game, d.Rows[1].Game, d.Rows[2].Game})
	assert.True(t, d.Rows[1].Alt)
	assert.False(t, d.Rows[2].Alt)
	// Game 2 repeats game 0 move for move with the same colours.
	assert.Equal(t, "0", d.Rows[2].Dup)
	assert.Equal(t, "-", d.Rows[1].Dup)

	starts, err := os.ReadFile(log)
	require.NoError(t, err)
	// Each run probes both engines once; each game starts both engines.
	assert.Equal(t, 2*(1+1)+2*(1+2), strings.Count(string(starts), "start"))

	// All games recorded: nothing is played.
	_, _, err = runMatch(t, dir, args("3")...)
	require.NoError(t, err)
	starts, _ = os.ReadFile(log)
	assert.Equal(t, 2*(1+1)+2*(1+2)+2, strings.Count(string(starts), "start"))

	_, _, err = runMatch(t, dir, append(args("3"), "-komi", "6.5")...)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `Komi "7.5", this run has "6.5"`)
}

// TestProbeRejectsBadEngines checks that a match fails early, not with a
// forfeit per game, when an engine cannot start or refuses the settings.
func TestProbeRejectsBadEngines(t *testing.T) {
	tests := []struct {
		name   string
		black  string
		want   string
		extras []string
	}{
		{"missing binary", "/nonexistent/engine --gtp", `engine1 "/nonexistent/engine --gtp": crash: cannot start`, nil},
		{"refused board size", fakeCommand(t, "refuse=boardsize"), "boardsize 5: ? refused", nil},
		{"unterminated quote", `fake "engine`, "unterminated", nil},
		{"referee without final_score", fakeCommand(t), "cannot score: final_score is not in its list_commands",
			[]string{"-referee", fakeCommand(t, "hide=final_score")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			_, _, err := runMatch(t, dir, append([]string{"-black", tt.black, "-white", fakeCommand(t), "-size", "5"}, tt.extras...)...)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			_, statErr := os.Stat(filepath.Join(dir, "results.dat"))
			assert.True(t, os.IsNotExist(statErr), "no table for a match that never started")
		})
	}
}

// TestClock checks the time-control arithmetic: main time, Canadian
// periods, sudden death, and the margin.
func TestClock(t *testing.T) {
	tests := []struct {
		name   string
		tc     timeControl
		moves  []float64 // seconds per move
		margin float64
		ok     []bool    // within the time control after each move
		left   []float64 // clock.left() after each move
	}{
		{"per move", timeControl{byoyomi: 2, stones: 1}, []float64{1.5, 2.0, 2.4, 2.6}, 0.5,
			[]bool{true, true, true, false}, []float64{2, 2, 2, 0}},
		{"sudden death", timeControl{main: 5}, []float64{2, 2, 1.5}, 0.5,
			[]bool{true, true, true}, []float64{3, 1, 0}},
		{"sudden death over the margin", timeControl{main: 5}, []float64{4, 1.6}, 0.5,
			[]bool{true, false}, []float64{1, 0}},
		{"main then Canadian", timeControl{main: 3, byoyomi: 4, stones: 2}, []float64{2, 2, 3, 1, 3, 4.1}, 0,
			[]bool{true, true, true, true, true, false}, []float64{1 + 4, 3, 4, 3, 4, 0}},
		{"Canadian period overrun", timeControl{main: 0, byoyomi: 4, stones: 2}, []float64{3, 1.5}, 0.2,
			[]bool{true, false}, []float64{1, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClock(tt.tc)
			for i, m := range tt.moves {
				assert.Equal(t, tt.ok[i], c.use(m, tt.margin), "move %d", i)
				assert.InDelta(t, tt.left[i], c.left(), 1e-9, "left after move %d", i)
			}
		})
	}
	assert.Equal(t, "time_settings 0 2 1", timeControl{byoyomi: 1.5, stones: 1}.command())
	assert.Equal(t, "time_settings 300 0 0", timeControl{main: 300, stones: 1}.command())
	c := newClock(timeControl{main: 10, byoyomi: 5, stones: 3})
	assert.Equal(t, "time_left black 10 0", c.timeLeftCommand(rules.Black))
	c.use(12, 0)
	assert.Equal(t, "time_left white 3 2", c.timeLeftCommand(rules.White))
}

func TestNormResult(t *testing.T) {
	tests := []struct{ in, want string }{
		{"B+3.5", "B+3.5"}, {"w+7", "W+7.0"}, {" W+7.0 ", "W+7.0"}, {"B+R", "B+R"},
		{"W+Resign", "W+R"}, {"b+time", "B+T"}, {"W+F", "W+F"}, {"0", "0"}, {"Jigo", "0"},
		{"B+0", "0"}, {"", "?"}, {"?", "?"}, {"cannot score", "?"}, {"X+1", "?"}, {"B+-2", "?"}, {"B+abc", "?"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, normResult(tt.in), "normResult(%q)", tt.in)
	}
	assert.Equal(t, "W+R", invertResult("B+R"))
	assert.Equal(t, "B+2.5", invertResult("W+2.5"))
	assert.Equal(t, "0", invertResult("0"))
	assert.Equal(t, "?", invertResult("?"))
}

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  bool
	}{
		{"gnugo --mode gtp", []string{"gnugo", "--mode", "gtp"}, false},
		{"  a\tb  ", []string{"a", "b"}, false},
		{`engine --name 'My Bot' "x y" z\ w`, []string{"engine", "--name", "My Bot", "x y", "z w"}, false},
		{`a "q\"uote" ''`, []string{"a", `q"uote`, ""}, false},
		{`a 'open`, nil, true},
		{`a "open`, nil, true},
		{`a \`, nil, true},
		{"", nil, false},
	}
	for _, tt := range tests {
		got, err := splitCommand(tt.in)
		if tt.err {
			assert.Error(t, err, tt.in)
			continue
		}
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, got, tt.in)
	}
}

func TestEngineLabels(t *testing.T) {
	assert.Equal(t, [2]string{"A", "B"}, engineLabels([2]string{"A", "B"}, [2]string{"1", "1"}))
	assert.Equal(t, [2]string{"G:1", "G:2"}, engineLabels([2]string{"G", "G"}, [2]string{"1", "2"}))
	assert.Equal(t, [2]string{"G[1]", "G[2]"}, engineLabels([2]string{"G", "G"}, [2]string{"3.8", "3.8"}))
	assert.Equal(t, [2]string{"engine1", "engine2"}, engineLabels([2]string{"", " "}, [2]string{"", ""}))
}

func TestParseFlags(t *testing.T) {
	base := []string{"-black", "a", "-white", "b", "-out", "d"}
	tests := []struct {
		name  string
		args  []string
		want  string // error substring; "" for success
		check func(t *testing.T, c *config)
	}{
		{"defaults", base, "", func(t *testing.T, c *config) {
			assert.Equal(t, [2]string{"a", "b"}, c.engines)
			assert.False(t, c.alternate)
			assert.Equal(t, 19, c.size)
			assert.Equal(t, 3*19*19, c.maxMoves)
			assert.Equal(t, rules.Chinese, c.ruleset)
			assert.False(t, c.tc.enabled())
		}},
		{"engine1/engine2 alternate", []string{"-engine1", "a", "-engine2", "b", "-out", "d", "-size", "9"}, "", func(t *testing.T, c *config) {
			assert.True(t, c.alternate)
			assert.Equal(t, 243, c.maxMoves)
		}},
		{"per-move time", append(base, "-time", "5"), "", func(t *testing.T, c *config) {
			assert.Equal(t, timeControl{byoyomi: 5, stones: 1}, c.tc)
			assert.Equal(t, "time_settings 0 5 1", c.tc.command())
		}},
		{"main plus Canadian", append(base, "-main", "60", "-byoyomi", "10", "-stones", "5"), "", func(t *testing.T, c *config) {
			assert.Equal(t, "time_settings 60 10 5", c.tc.command())
			assert.Equal(t, "60s + 5 moves in 10s (Canadian)", c.tc.String())
		}},
		{"sudden death", append(base, "-main", "90", "-rules", "Japanese"), "", func(t *testing.T, c *config) {
			assert.Equal(t, "90s sudden death", c.tc.String())
			assert.Equal(t, rules.Japanese, c.ruleset)
		}},
		{"mixed engine flags", []string{"-black", "a", "-engine2", "b", "-out", "d"}, "either -black and -white", nil},
		{"no out", []string{"-black", "a", "-white", "b"}, "-out DIR is required", nil},
		{"one-stone handicap", append(base, "-handicap", "1"), "fixed handicap is 2..9", nil},
		{"bad size", append(base, "-size", "26"), "unsupported board size", nil},
		{"bad rules", append(base, "-rules", "ing"), "unknown rules", nil},
		{"time with stones", append(base, "-time", "5", "-stones", "3"), "one stone per period", nil},
		{"time and byoyomi", append(base, "-time", "5", "-byoyomi", "6"), "give one of them", nil},
		{"no games", append(base, "-games", "0"), "at least one game", nil},
		{"stray argument", append(base, "extra"), "unexpected arguments", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			c, err := parseFlags(tt.args, &stderr)
			if tt.want != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tt.want)
				return
			}
			require.NoError(t, err)
			tt.check(t, c)
		})
	}
}
