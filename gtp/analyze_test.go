package gtp

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// infoMove is one candidate of an analysis line, as a GUI reads it.
type infoMove struct {
	move                 string
	visits, order        int
	winrate, prior, lcb  float64 // 0..1 whatever the format prints
	scoreMean, scoreLead float64
	hasScore             bool
	pv                   []string
	pvVisits             []int
}

// analysisLine is one parsed line of a stream.
type analysisLine struct {
	moves     []infoMove
	rootInfo  map[string]float64
	ownership []float64
}

// The number syntax of each dialect: Leela Zero's integers, KataGo's
// C++-style floats (a bare integer allowed), Sabaki's floats that always
// carry a decimal point.
var (
	intRE      = regexp.MustCompile(`^[0-9]+$`)
	kataRE     = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)
	sabakiRE   = regexp.MustCompile(`^-?[0-9]+\.[0-9]+$`)
	pvVertexRE = regexp.MustCompile(`^([A-HJ-T]([1-9]|1[0-9])|pass)$`)
)

// lineParser reads the tokens of one line in one dialect, failing the test
// at the first token out of place.
type lineParser struct {
	t    *testing.T
	f    analyzeFormat
	toks []string
	i    int
	line string
}

func (p *lineParser) next(what string) string {
	p.t.Helper()
	require.Less(p.t, p.i, len(p.toks), "line ended where %s was expected: %q", what, p.line)
	tok := p.toks[p.i]
	p.i++
	return tok
}

func (p *lineParser) key(want string) {
	p.t.Helper()
	require.Equal(p.t, want, p.next(want), "token %d of %q", p.i-1, p.line)
}

func (p *lineParser) integer(what string) int {
	p.t.Helper()
	tok := p.next(what)
	require.Regexp(p.t, intRE, tok, "%s in %q", what, p.line)
	n, err := strconv.Atoi(tok)
	require.NoError(p.t, err)
	return n
}

// float reads a value of the dialect: lz integers are scaled back to 0..1.
func (p *lineParser) float(what string) float64 {
	p.t.Helper()
	tok := p.next(what)
	switch p.f {
	case formatLZ:
		require.Regexp(p.t, intRE, tok, "%s in %q", what, p.line)
		n, err := strconv.Atoi(tok)
		require.NoError(p.t, err)
		return float64(n) / 10000
	case formatKata:
		require.Regexp(p.t, kataRE, tok, "%s in %q", what, p.line)
	default:
		require.Regexp(p.t, sabakiRE, tok, "%s in %q", what, p.line)
	}
	v, err := strconv.ParseFloat(tok, 64)
	require.NoError(p.t, err)
	return v
}

// realFloat reads a float that is a float in every dialect (ownership).
func (p *lineParser) realFloat(what string) float64 {
	p.t.Helper()
	tok := p.next(what)
	re := kataRE
	if p.f == formatSabaki {
		re = sabakiRE
	}
	require.Regexp(p.t, re, tok, "%s in %q", what, p.line)
	v, err := strconv.ParseFloat(tok, 64)
	require.NoError(p.t, err)
	return v
}

func (p *lineParser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return ""
}

// parseAnalysis parses a stream line strictly: every field in its place,
// pv after the statistics (only pvVisits may follow it), then optional
// rootInfo and ownership.
func parseAnalysis(t *testing.T, f analyzeFormat, line string, size int) analysisLine {
	t.Helper()
	require.True(t, strings.HasPrefix(line, "info move "), "stream line %q", line)
	require.Equal(t, strings.Join(strings.Fields(line), " "), line, "single spaces only")
	p := &lineParser{t: t, f: f, toks: strings.Fields(line), line: line}
	var out analysisLine
	for p.peek() == "info" {
		p.i++
		var m infoMove
		p.key("move")
		m.move = p.next("move")
		require.Regexp(t, pvVertexRE, m.move)
		p.key("visits")
		m.visits = p.integer("visits")
		p.key("winrate")
		m.winrate = p.float("winrate")
		if f != formatLZ {
			p.key("scoreMean")
			m.scoreMean = p.float("scoreMean")
			p.key("scoreLead")
			m.scoreLead = p.float("scoreLead")
			m.hasScore = true
		}
		p.key("prior")
		m.prior = p.float("prior")
		p.key("lcb")
		m.lcb = p.float("lcb")
		p.key("order")
		m.order = p.integer("order")
		p.key("pv")
		for pvVertexRE.MatchString(p.peek()) {
			m.pv = append(m.pv, p.next("pv"))
		}
		require.NotEmpty(t, m.pv, "empty pv in %q", line)
		if p.peek() == "pvVisits" {
			p.i++
			for intRE.MatchString(p.peek()) {
				m.pvVisits = append(m.pvVisits, p.integer("pvVisits"))
			}
		}
		out.moves = append(out.moves, m)
	}
	if p.peek() == "rootInfo" {
		p.i++
		out.rootInfo = map[string]float64{}
		for _, k := range []string{"visits", "winrate", "scoreMean", "scoreLead"} {
			p.key(k)
			if k == "visits" {
				out.rootInfo[k] = float64(p.integer(k))
			} else {
				out.rootInfo[k] = p.float(k)
			}
		}
	}
	if p.peek() == "ownership" {
		p.i++
		for p.i < len(p.toks) {
			out.ownership = append(out.ownership, p.realFloat("ownership"))
		}
		require.Len(t, out.ownership, size*size, "ownership values")
	}
	require.Equal(t, len(p.toks), p.i, "unexpected %q in %q", p.peek(), line)
	return out
}

// checkAnalysis checks what every analysis line must satisfy.
func checkAnalysis(t *testing.T, f analyzeFormat, a analysisLine, pvVisits bool) {
	t.Helper()
	require.NotEmpty(t, a.moves)
	for i, m := range a.moves {
		assert.Equal(t, i, m.order, "order")
		assert.Equal(t, m.move, m.pv[0], "the pv starts with the move")
		assert.GreaterOrEqual(t, m.visits, 0)
		for _, v := range []float64{m.winrate, m.prior, m.lcb} {
			assert.True(t, v >= 0 && v <= 1, "value %v out of 0..1 in %+v", v, m)
		}
		assert.LessOrEqual(t, m.lcb, m.winrate, "lcb <= winrate")
		if m.hasScore {
			assert.Equal(t, m.scoreMean, m.scoreLead)
			assert.Less(t, mathAbs(m.scoreLead), 400.0)
		}
		if f == formatSabaki {
			assert.NotEqual(t, "pass", m.move, "Sabaki gets no pass candidate")
		}
		if i > 0 && m.visits > 0 {
			assert.LessOrEqual(t, m.visits, a.moves[i-1].visits, "most visited first")
		}
		if pvVisits {
			require.Len(t, m.pvVisits, len(m.pv), "one pvVisits per pv move")
			assert.Equal(t, m.visits, m.pvVisits[0])
			for j := 1; j < len(m.pvVisits); j++ {
				assert.LessOrEqual(t, m.pvVisits[j], m.pvVisits[j-1])
			}
		} else {
			assert.Nil(t, m.pvVisits)
		}
	}
	for _, v := range a.ownership {
		assert.True(t, v >= -1 && v <= 1, "ownership %v", v)
	}
}

func mathAbs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// restOfResponse reads the lines of a response up to its empty line.
func restOfResponse(t *testing.T, ss *session) []string {
	t.Helper()
	resp := ss.response()
	if resp == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(resp, "\n"), "\n")
}

// readLine reads one line of a stream in progress.
func readLine(t *testing.T, ss *session) string {
	t.Helper()
	line, err := ss.out.ReadString('\n')
	require.NoError(t, err)
	return strings.TrimSuffix(line, "\n")
}

// openingSession is a 9x9 game a few moves in, Black to move.
func openingSession(t *testing.T, p engine.Params) (*Server, *session) {
	t.Helper()
	s, err := New(engine.New(p), DefaultConfig())
	require.NoError(t, err)
	ss := startSession(t, s)
	for _, cmd := range []string{"boardsize 9", "komi 6.5", "play b E5", "play w C4", "play b G4", "play w C6"} {
		require.Equal(t, "= ", ss.ask(cmd), cmd)
	}
	return s, ss
}

// Every dialect, with and without its optional fields: the header, lines
// that parse field by field, the stream stopped by the next command, which
// is then answered normally, and a position left as it was.
func TestAnalyzeFormats(t *testing.T) {
	tests := []struct {
		cmd      string
		f        analyzeFormat
		pvVisits bool
		rootInfo bool
		owner    bool
	}{
		{cmd: "lz-analyze b 5", f: formatLZ},
		{cmd: "lz-analyze 5 pvVisits true", f: formatLZ, pvVisits: true},
		{cmd: "lz-analyze black interval 5 minmoves 3 maxmoves 30", f: formatLZ},
		{cmd: "kata-analyze b 5", f: formatKata},
		{cmd: "kata-analyze B interval 5 ownership true rootInfo true pvVisits true", f: formatKata,
			pvVisits: true, rootInfo: true, owner: true},
		{cmd: "analyze B 5", f: formatSabaki},
		{cmd: "analyze 5 ownership true rootInfo true pvVisits true", f: formatSabaki,
			pvVisits: true, rootInfo: true, owner: true},
	}
	s, ss := openingSession(t, testParams())
	before := ss.ask("showboard")
	for i, tc := range tests {
		t.Run(tc.cmd, func(t *testing.T) {
			id := 100 + i
			ss.send(fmt.Sprintf("%d %s", id, tc.cmd))
			require.Equal(t, fmt.Sprintf("=%d", id), readLine(t, ss), "header")
			var lines []string
			for len(lines) < 3 {
				lines = append(lines, readLine(t, ss))
			}
			ss.send(fmt.Sprintf("%d name", id+50))
			lines = append(lines, restOfResponse(t, ss)...)
			assert.Equal(t, fmt.Sprintf("=%d gtpgo\n", id+50), ss.response(), "the stopping command is answered")
			for _, l := range lines {
				a := parseAnalysis(t, tc.f, l, 9)
				checkAnalysis(t, tc.f, a, tc.pvVisits)
				assert.Equal(t, tc.rootInfo, a.rootInfo != nil, "rootInfo")
				assert.Equal(t, tc.owner, a.ownership != nil, "ownership")
				if a.rootInfo != nil {
					assert.GreaterOrEqual(t, int(a.rootInfo["visits"]), a.moves[0].visits)
					assert.True(t, a.rootInfo["winrate"] >= 0 && a.rootInfo["winrate"] <= 1)
				}
			}
			assert.Equal(t, before, ss.ask("showboard"), "analysis changes nothing")
		})
	}
	assert.Equal(t, 4, s.Game().MoveNumber())
}

// Lines come once per interval: over a second at 10 cs, no more than the
// elapsed time allows, and (loosely: the machine is shared) a few at least.
func TestAnalyzeInterval(t *testing.T) {
	_, ss := openingSession(t, testParams())
	start := time.Now()
	ss.send("7 kata-analyze b interval 10")
	require.Equal(t, "=7", readLine(t, ss))
	// read as a GUI does, while the stream runs (the test's pipe has no
	// buffer: a line not read holds the printer up)
	got := make(chan []string, 1)
	go func() {
		var lines []string
		for {
			line, err := ss.out.ReadString('\n')
			if err != nil || line == "\n" {
				got <- lines
				return
			}
			lines = append(lines, strings.TrimSuffix(line, "\n"))
		}
	}()
	time.Sleep(time.Second)
	ss.send("")
	lines := <-got
	elapsed := time.Since(start)
	for _, l := range lines {
		checkAnalysis(t, formatKata, parseAnalysis(t, formatKata, l, 9), false)
	}
	t.Logf("%d lines in %v", len(lines), elapsed)
	assert.LessOrEqual(t, len(lines), int(elapsed/(100*time.Millisecond))+1, "at most one line per interval")
	assert.GreaterOrEqual(t, len(lines), 2, "about ten lines in a second")
}

// Without an interval a stream prints nothing, and still ends on the next
// line, even an empty one; an empty line is not answered.
func TestAnalyzeWithoutInterval(t *testing.T) {
	_, ss := openingSession(t, testParams())
	for _, cmd := range []string{"lz-analyze", "kata-analyze b", "analyze white minmoves 5"} {
		ss.send("3 " + cmd)
		require.Equal(t, "=3", readLine(t, ss))
		time.Sleep(200 * time.Millisecond)
		ss.send("")
		assert.Empty(t, restOfResponse(t, ss), cmd)
	}
	assert.Equal(t, "=4 gtpgo", ss.ask("4 name"), "the empty lines got no answer")
}

// An empty line stops a stream; so does a command already queued behind it
// (at once), and the end of the input.
func TestAnalyzeStops(t *testing.T) {
	s, ss := openingSession(t, testParams())
	ss.send("1 analyze b 2")
	require.Equal(t, "=1", readLine(t, ss))
	checkAnalysis(t, formatSabaki, parseAnalysis(t, formatSabaki, readLine(t, ss), 9), false)
	ss.send("")
	for _, l := range restOfResponse(t, ss) {
		parseAnalysis(t, formatSabaki, l, 9)
	}

	ss.send("2 lz-analyze b", "3 play b D7")
	assert.Equal(t, "=2\n", ss.response(), "a queued command stops the stream")
	assert.Equal(t, "=3 \n", ss.response())
	assert.Equal(t, 5, s.Game().MoveNumber())

	ss.send("4 kata-analyze w 2")
	require.Equal(t, "=4", readLine(t, ss))
	readLine(t, ss)
	require.NoError(t, ss.in.Close())
	for {
		line, err := ss.out.ReadString('\n')
		require.NoError(t, err, "the stream ends with an empty line")
		if line == "\n" {
			break
		}
		parseAnalysis(t, formatKata, strings.TrimSuffix(line, "\n"), 9)
	}
	require.NoError(t, <-ss.done, "the server ends with its input")
	ss.done <- nil // for the cleanup
}

// The genmove variants stream while they think, end with "play <move>",
// and the move is in the game afterwards.
func TestGenmoveAnalyze(t *testing.T) {
	p := testParams()
	p.MaxPlayouts = 0
	p.MoveTime = 0.5
	s, ss := openingSession(t, p)
	tests := []struct {
		cmd   string
		f     analyzeFormat
		color rules.Color
	}{
		{"lz-genmove_analyze b 5", formatLZ, rules.Black},
		{"kata-genmove_analyze w interval 5 pvVisits true", formatKata, rules.White},
		{"genmove_analyze B 5", formatSabaki, rules.Black},
		{"genmove_analyze", formatSabaki, rules.White},
	}
	for i, tc := range tests {
		ss.send(fmt.Sprintf("%d %s", 20+i, tc.cmd))
		lines := restOfResponse(t, ss)
		require.Equal(t, fmt.Sprintf("=%d", 20+i), lines[0])
		last := lines[len(lines)-1]
		m := regexp.MustCompile(`^play ([A-HJ][1-9])$`).FindStringSubmatch(last)
		require.NotNil(t, m, "%s ended with %q", tc.cmd, last)
		if strings.Contains(tc.cmd, " 5") {
			assert.Greater(t, len(lines), 2, "%s streamed while thinking", tc.cmd)
		} else {
			assert.Len(t, lines, 2, "no interval, no info lines")
		}
		for _, l := range lines[1 : len(lines)-1] {
			checkAnalysis(t, tc.f, parseAnalysis(t, tc.f, l, 9), strings.Contains(tc.cmd, "pvVisits"))
		}
		moves := s.Game().Moves()
		require.Len(t, moves, 5+i)
		p, err := s.Game().Board().ParseVertex(m[1])
		require.NoError(t, err)
		assert.Equal(t, rules.Move{Color: tc.color, Point: p}, moves[len(moves)-1])
		assert.Equal(t, "? illegal move", ss.ask("play b "+m[1]), "the point is taken")
	}
}

// A hopeless position: genmove_analyze answers "play resign" and plays
// nothing.
func TestGenmoveAnalyzeResigns(t *testing.T) {
	p := testParams()
	p.MaxPlayouts = 6000
	p.ResignMinMoves = 0
	p.ResignThreshold = 0.3
	s, err := New(engine.New(p), DefaultConfig())
	require.NoError(t, err)
	ss := startSession(t, s)
	// on 2x2 the few candidates soon have the visits resigning asks for
	for _, cmd := range []string{"boardsize 2", "komi 150"} {
		require.Equal(t, "= ", ss.ask(cmd))
	}
	ss.send("5 genmove_analyze b 1")
	lines := restOfResponse(t, ss)
	assert.Equal(t, "=5", lines[0])
	assert.Equal(t, "play resign", lines[len(lines)-1])
	assert.Equal(t, 0, s.Game().MoveNumber())
	assert.Equal(t, "= ", ss.ask("play b A1"), "the board is still empty")
}

// avoid and allow keep moves out of the search and the lines, in every
// dialect and in genmove_analyze.
func TestAnalyzeAvoidAllow(t *testing.T) {
	_, ss := openingSession(t, testParams())
	collect := func(cmd string, f analyzeFormat) []analysisLine {
		ss.send("9 " + cmd)
		require.Equal(t, "=9", readLine(t, ss))
		var out []analysisLine
		for len(out) < 4 {
			out = append(out, parseAnalysis(t, f, readLine(t, ss), 9))
		}
		ss.send("")
		for _, l := range restOfResponse(t, ss) {
			out = append(out, parseAnalysis(t, f, l, 9))
		}
		return out
	}
	avoided := map[string]bool{"E6": true, "D3": true, "E3": true, "F3": true, "D4": true, "E4": true, "F4": true}
	for _, f := range []analyzeFormat{formatLZ, formatKata, formatSabaki} {
		name := map[analyzeFormat]string{formatLZ: "lz-analyze", formatKata: "kata-analyze", formatSabaki: "analyze"}[f]
		seen := 0
		for _, a := range collect(name+" b 3 avoid b E6,D3:F4 1 avoid w A1 1", f) {
			checkAnalysis(t, f, a, false)
			for _, m := range a.moves {
				assert.False(t, avoided[m.move], "%s shows avoided %s", name, m.move)
				seen++
			}
		}
		assert.Positive(t, seen, "other moves are shown")
		for _, a := range collect(name+" b 3 allow b C7,G6 2", f) {
			for _, m := range a.moves {
				assert.Contains(t, []string{"C7", "G6"}, m.move, "%s shows disallowed %s", name, m.move)
			}
		}
	}
	lines := strings.Split(strings.TrimSuffix(ss.ask("genmove_analyze b 3 allow b C7,G6 1"), "\n"), "\n")
	assert.Contains(t, []string{"play C7", "play G6"}, lines[len(lines)-1])
}

// Bad arguments are refused with LZ's message (and what is wrong), before
// any stream starts; nothing changes and the session goes on.
func TestAnalyzeBadTags(t *testing.T) {
	s, ss := openingSession(t, testParams())
	before := ss.ask("showboard")
	for _, cmd := range []string{
		"lz-analyze b 10 foo 1", "kata-analyze interval", "kata-analyze b interval soon", "analyze b -5",
		"analyze avoid b D4", "analyze avoid x D4 1", "analyze avoid b Z99 1", "analyze avoid b D4 0",
		"analyze avoid b D4 soon", "analyze avoid b A1:Z9 1", "analyze allow b D4 1 allow b E5 1",
		"analyze avoid b D4 1 allow b E5 1", "analyze allow w D4 1 avoid w E5 1", "lz-analyze ownership true",
		"lz-analyze rootInfo true", "kata-analyze ownership maybe", "analyze minmoves -1", "analyze maxmoves x",
		"analyze b 10 w", "genmove_analyze b 10 bogus 1", "lz-genmove_analyze b 10 avoid b 1",
		"kata-genmove_analyze w movesOwnership true",
	} {
		ss.send("8 " + cmd)
		resp := ss.response()
		assert.Regexp(t, `^\?8 cannot parse analyze tags: [^\n]+\n$`, resp, cmd)
	}
	assert.Equal(t, before, ss.ask("showboard"))
	assert.Equal(t, 4, s.Game().MoveNumber())
}

// Ownership is KataGo's layout: row by row from A9 (top left) to J1
// (bottom right), +1 for the player the analysis is for.
func TestAnalyzeOwnershipLayout(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	require.Equal(t, "= ", ss.ask("gogui-setup "+setupArgs(walledOff9)))
	for _, tc := range []struct {
		color string
		sign  float64
	}{{"b", 1}, {"w", -1}} {
		ss.send("kata-analyze " + tc.color + " 20 ownership true")
		require.Equal(t, "=", readLine(t, ss))
		var a analysisLine
		for i := 0; i < 3; i++ { // later lines rest on more playouts
			a = parseAnalysis(t, formatKata, readLine(t, ss), 9)
		}
		ss.send("")
		restOfResponse(t, ss)
		for i := 0; i < 9; i++ {
			assert.Greater(t, tc.sign*a.ownership[i], 0.8, "%s: top row, index %d", tc.color, i)
			assert.Less(t, tc.sign*a.ownership[72+i], -0.8, "%s: bottom row, index %d", tc.color, 72+i)
		}
	}
}
