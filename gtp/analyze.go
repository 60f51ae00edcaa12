package gtp

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// Analysis streams for GUIs (docs/gtp.md §2.3-2.6): Leela Zero's
// lz-analyze, KataGo's kata-analyze and Sabaki's analyze, each with its
// genmove variant.
//
// The stream is "=id" on a line of its own, then one line per interval
// holding every candidate as "info move V visits N ... pv V V ...", until
// any input line arrives (or the input ends); then the empty line. A stream
// without an interval prints no line. Win rates, score leads and ownership
// are from the point of view of the player the analysis is for (KataGo's
// default, SIDETOMOVE); ownership lists size*size values row by row from
// the top-left point (A19 on 19x19) to the bottom-right one, +1 meaning
// that player owns the point. The engine's search filters root moves
// only, so avoid/allow lists apply to the analysed player's next move
// whatever their depth, and lists for the other player are accepted and
// have no effect.

// analyzeFormat is one of the three dialects.
type analyzeFormat int

const (
	formatLZ     analyzeFormat = iota // lz-analyze: winrate, prior and lcb as integers x10000
	formatKata                        // kata-analyze: floats, score leads
	formatSabaki                      // analyze: as kata, every float with a decimal point, no pass candidate
)

// analysisCommands maps the stream commands to their dialect.
var analysisCommands = map[string]analyzeFormat{
	"lz-analyze": formatLZ, "kata-analyze": formatKata, "analyze": formatSabaki,
}

// genmoveAnalysisCommands maps the move-generating streams to their dialect.
var genmoveAnalysisCommands = map[string]analyzeFormat{
	"lz-genmove_analyze": formatLZ, "kata-genmove_analyze": formatKata, "genmove_analyze": formatSabaki,
}

func (s *Server) registerAnalysis() {
	for name, f := range analysisCommands {
		s.Register(name, s.analyzeHandler(f))
	}
	for name, f := range genmoveAnalysisCommands {
		s.Register(name, s.genmoveAnalyzeHandler(f))
	}
}

// analyzeArgs are the parsed arguments of an analysis command.
type analyzeArgs struct {
	color     rules.Color
	interval  time.Duration // 0: no lines
	minMoves  int
	maxMoves  int // < 0: no limit
	avoid     map[rules.Color]map[rules.Point]bool
	allow     map[rules.Color]map[rules.Point]bool // a colour's list, if any, is all it may play
	ownership bool
	rootInfo  bool
	pvVisits  bool
}

// errAnalyzeTags starts every argument error, as in Leela Zero and KataGo.
var errAnalyzeTags = errors.New("cannot parse analyze tags")

func tagError(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errAnalyzeTags, fmt.Sprintf(format, args...))
}

// maxInterval bounds the interval (centiseconds): a year is plenty.
const maxInterval = 365 * 24 * 3600 * 100

// parseInterval reads an interval in centiseconds (fractions allowed).
func parseInterval(s string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > maxInterval || strings.ContainsAny(s, "xXpP_") {
		return 0, false
	}
	return time.Duration(f * float64(10*time.Millisecond)), true
}

// parseAnalyzeArgs reads KataGo's argument forms (a superset of Leela
// Zero's): [color] [interval] then key-value pairs: interval N, minmoves N,
// maxmoves N, avoid|allow color vertices until_move, and for kata-analyze
// and analyze ownership, rootInfo; pvVisits for all three.
func (s *Server) parseAnalyzeArgs(args []string, f analyzeFormat) (analyzeArgs, error) {
	a := analyzeArgs{color: s.game.ToMove(), maxMoves: -1,
		avoid: map[rules.Color]map[rules.Point]bool{}, allow: map[rules.Color]map[rules.Point]bool{}}
	i := 0
	if i < len(args) {
		if col, err := rules.ParseColor(args[i]); err == nil {
			a.color = col
			i++
		}
	}
	if i < len(args) {
		if d, ok := parseInterval(args[i]); ok {
			a.interval = d
			i++
		}
	}
	for i < len(args) {
		key := args[i]
		if i+1 >= len(args) {
			return a, tagError("%s has no value", quote(key))
		}
		val := args[i+1]
		i += 2
		switch lower := strings.ToLower(key); lower {
		case "interval":
			d, ok := parseInterval(val)
			if !ok {
				return a, tagError("bad interval %s", quote(val))
			}
			a.interval = d
		case "minmoves", "maxmoves":
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 || !isDigits(val) {
				return a, tagError("bad %s %s", lower, quote(val))
			}
			if lower == "minmoves" {
				a.minMoves = n
			} else {
				a.maxMoves = n
			}
		case "avoid", "allow":
			if i+1 >= len(args) {
				return a, tagError("usage: %s color vertex,vertex,... until_move", lower)
			}
			if err := s.parseMoveList(&a, lower, val, args[i], args[i+1]); err != nil {
				return a, err
			}
			i += 2
		case "ownership", "rootinfo", "pvvisits":
			if f == formatLZ && lower != "pvvisits" {
				return a, tagError("%s is not part of lz-analyze's output (use kata-analyze)", quote(key))
			}
			b, ok := parseBool(val)
			if !ok {
				return a, tagError("%s wants true or false, not %s", quote(key), quote(val))
			}
			switch lower {
			case "ownership":
				a.ownership = b
			case "rootinfo":
				a.rootInfo = b
			default:
				a.pvVisits = b
			}
		default:
			return a, tagError("unknown key %s", quote(key))
		}
	}
	return a, nil
}

func parseBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "true", "1":
		return true, true
	case "false", "0":
		return false, true
	}
	return false, false
}

// parseMoveList reads "avoid|allow color v1,v2,... until_move"; vertices may
// be rectangles such as A1:C3 (Leela Zero). As in KataGo, one colour takes
// either avoid lists or a single allow list.
func (s *Server) parseMoveList(a *analyzeArgs, kind, color, list, until string) error {
	col, err := rules.ParseColor(color)
	if err != nil {
		return tagError("%s: bad color %s", kind, quote(color))
	}
	if n, err := strconv.Atoi(until); err != nil || n < 1 || !isDigits(until) {
		return tagError("%s: bad until_move %s (want an integer >= 1)", kind, quote(until))
	}
	switch {
	case kind == "allow" && a.allow[col] != nil:
		return tagError("only one allow list per color")
	case kind == "allow" && a.avoid[col] != nil, kind == "avoid" && a.allow[col] != nil:
		return tagError("avoid and allow cannot be combined for one color")
	}
	set := map[rules.Point]bool{}
	if kind == "avoid" && a.avoid[col] != nil {
		set = a.avoid[col]
	}
	b := s.game.Board()
	for _, v := range strings.Split(list, ",") {
		if v == "" {
			continue
		}
		from, to, isRect := strings.Cut(v, ":")
		p, err := b.ParseVertex(from)
		if err != nil {
			return tagError("%s: bad vertex %s", kind, quote(from))
		}
		if !isRect {
			set[p] = true
			continue
		}
		q, err := b.ParseVertex(to)
		if err != nil || p == rules.Pass || q == rules.Pass {
			return tagError("%s: bad rectangle %s", kind, quote(v))
		}
		x0, y0 := b.XY(p)
		x1, y1 := b.XY(q)
		for y := min(y0, y1); y <= max(y0, y1); y++ {
			for x := min(x0, x1); x <= max(x0, x1); x++ {
				set[b.At(x, y)] = true
			}
		}
	}
	if kind == "avoid" {
		a.avoid[col] = set
	} else {
		a.allow[col] = set
	}
	return nil
}

// allowed tells whether the analysed player's move p may be searched and
// shown.
func (a *analyzeArgs) allowed(p rules.Point) bool {
	if a.avoid[a.color][p] {
		return false
	}
	allow := a.allow[a.color]
	return allow == nil || allow[p]
}

// rootFilter is the search's root filter, nil when every move is allowed.
func (a *analyzeArgs) rootFilter() func(rules.Point) bool {
	if a.avoid[a.color] == nil && a.allow[a.color] == nil {
		return nil
	}
	return a.allowed
}

// analyzeHandler serves lz-analyze, kata-analyze and analyze.
func (s *Server) analyzeHandler(f analyzeFormat) Handler {
	return func(c *Call) (string, error) {
		a, err := s.parseAnalyzeArgs(c.Args, f)
		if err != nil {
			return "", err
		}
		ctx := c.StopOnInput()
		if err := c.BeginStream(); err != nil {
			return "", err
		}
		p := s.newAnalysisPrinter(c, f, a)
		lim := engine.Limits{RootFilter: a.rootFilter()}
		if a.interval > 0 {
			lim.Report, lim.ReportEvery = s.eng.AnalysisReport(p.offer), a.interval
		}
		// no limits: the search runs until the controller sends anything
		s.eng.Search(ctx, s.game, a.color, lim)
		<-ctx.Done() // a position without a choice ends the search at once
		p.close(false)
		return "", nil
	}
}

// genmoveAnalyzeHandler serves lz-genmove_analyze, kata-genmove_analyze and
// genmove_analyze: genmove under the usual budget, streaming analysis
// lines while it thinks, ending with "play <move>" (or "play resign"), the
// move being played in the game. Like genmove, and like KataGo, it is not
// stopped by the commands queued behind it (GoGui's interrupt stops it).
func (s *Server) genmoveAnalyzeHandler(f analyzeFormat) Handler {
	return func(c *Call) (string, error) {
		a, err := s.parseAnalyzeArgs(c.Args, f)
		if err != nil {
			return "", err
		}
		if err := c.BeginStream(); err != nil {
			return "", err
		}
		p := s.newAnalysisPrinter(c, f, a)
		opt := thinkOptions{filter: a.rootFilter()}
		if a.interval > 0 {
			opt.report, opt.every = s.eng.AnalysisReport(p.offer), a.interval
		}
		move := s.genmove(c.Context(), a.color, opt)
		p.close(true)
		return "play " + move, nil
	}
}

// Per-candidate score leads (kata-analyze, analyze) come from playouts of
// their own (engine.ScoreSampler): each printed line gives the most visited
// candidates a few more, and the estimate is shrunk towards the search's
// overall one until a move has had enough.
const (
	scoredCandidates = 10 // candidates sampled per line
	scorePriorWeight = 8  // playouts the overall estimate counts as
)

// samplesPerLine is how many playouts each sampled candidate gets per line:
// 4 on 19x19 (some 15 ms of one core per line), more on smaller boards,
// where playouts are shorter.
func samplesPerLine(size int) int {
	return min(32, max(4, 4*19*19/(size*size)))
}

// analysisPrinter writes a stream's lines from its own goroutine: the
// search's report hands over the latest analysis without waiting, so a
// slow reader (or the score sampling) never holds up the search, and an
// analysis not yet printed when a newer one comes is dropped.
type analysisPrinter struct {
	c       *Call
	f       analyzeFormat
	a       analyzeArgs
	sampler *engine.ScoreSampler
	latest  chan engine.Analysis
	stop    chan struct{}
	done    chan struct{}
	once    sync.Once
	flush   bool // print the analysis still waiting when stopped
}

func (s *Server) newAnalysisPrinter(c *Call, f analyzeFormat, a analyzeArgs) *analysisPrinter {
	p := &analysisPrinter{c: c, f: f, a: a, latest: make(chan engine.Analysis, 1),
		stop: make(chan struct{}), done: make(chan struct{})}
	if f != formatLZ {
		p.sampler = engine.NewScoreSampler(s.game, a.color, s.eng.Params())
	}
	go p.run()
	return p
}

// offer hands an analysis to the printer, replacing one still waiting. It
// is called by one goroutine at a time (the search's monitor).
func (p *analysisPrinter) offer(an engine.Analysis) {
	for {
		select {
		case p.latest <- an:
			return
		default:
		}
		select {
		case <-p.latest:
		default:
		}
	}
}

func (p *analysisPrinter) run() {
	defer close(p.done)
	emit := func(an engine.Analysis) bool {
		if line := p.line(an); line != "" {
			return p.c.WriteLine(line) == nil // false: stdout is gone; the server reports it
		}
		return true
	}
	for {
		select {
		case <-p.stop:
			if p.flush {
				select {
				case an := <-p.latest:
					emit(an)
				default:
				}
			}
			return
		case an := <-p.latest:
			if !emit(an) {
				return
			}
		}
	}
}

// close stops the printer and waits until it has written its last line:
// nothing may follow the stream's empty line. With flush, the analysis still
// waiting is printed first (a move's last picture before its "play" line);
// a stopped stream drops it.
func (p *analysisPrinter) close(flush bool) {
	p.once.Do(func() {
		p.flush = flush
		close(p.stop)
	})
	<-p.done
}

// shown selects and orders the candidates of a line: the search's visited
// moves (most visited first), topped up with unvisited ones to minmoves,
// cut to maxmoves; never a move the lists exclude, and no pass for Sabaki
// (it cannot draw one).
func (p *analysisPrinter) shown(an engine.Analysis) (cands []engine.Candidate, pvVisits [][]int) {
	ok := func(m rules.Point) bool {
		return p.a.allowed(m) && !(p.f == formatSabaki && m == rules.Pass)
	}
	for i, c := range an.Candidates {
		if ok(c.Move) {
			cands = append(cands, c)
			pvVisits = append(pvVisits, an.PVVisits[i])
		}
	}
	for _, c := range an.Unvisited {
		if len(cands) >= p.a.minMoves {
			break
		}
		if ok(c.Move) {
			cands = append(cands, c)
			pvVisits = append(pvVisits, []int{0})
		}
	}
	if p.a.maxMoves >= 0 && len(cands) > p.a.maxMoves {
		cands, pvVisits = cands[:p.a.maxMoves], pvVisits[:p.a.maxMoves]
	}
	return cands, pvVisits
}

// line formats one analysis line in the printer's dialect; "" when there
// is no candidate to show yet.
func (p *analysisPrinter) line(an engine.Analysis) string {
	cands, pvVisits := p.shown(an)
	if len(cands) == 0 {
		return ""
	}
	g := an.Geometry
	var b strings.Builder
	for i, c := range cands {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "info move %s visits %d", g.Vertex(c.Move), c.Visits)
		lcb := math.Max(0, math.Min(c.LCB, c.WinRate))
		if p.f == formatLZ {
			// Leela Zero truncates: (int)(value * 10000)
			fmt.Fprintf(&b, " winrate %d prior %d lcb %d", int(c.WinRate*10000), int(c.Prior*10000), int(lcb*10000))
		} else {
			lead := an.ScoreLead
			if i < scoredCandidates && c.Visits > 0 {
				p.sampler.Sample(c.Move, samplesPerLine(g.Size))
				lead = p.sampler.Lead(c.Move, an.ScoreLead, scorePriorWeight)
			}
			fmt.Fprintf(&b, " winrate %s scoreMean %s scoreLead %s prior %s lcb %s",
				p.float(c.WinRate), p.float(lead), p.float(lead), p.float(c.Prior), p.float(lcb))
		}
		fmt.Fprintf(&b, " order %d pv", i)
		for _, m := range c.PV {
			b.WriteString(" " + g.Vertex(m))
		}
		if p.a.pvVisits {
			b.WriteString(" pvVisits")
			for _, v := range pvVisits[i] {
				b.WriteString(" " + strconv.Itoa(v))
			}
		}
	}
	if p.a.rootInfo {
		fmt.Fprintf(&b, " rootInfo visits %d winrate %s scoreMean %s scoreLead %s",
			an.RootVisits, p.float(an.WinRate), p.float(an.ScoreLead), p.float(an.ScoreLead))
	}
	if p.a.ownership {
		b.WriteString(" ownership")
		for _, v := range ownershipRows(g, an.Ownership, p.a.color) {
			b.WriteString(" " + p.float(v))
		}
	}
	return b.String()
}

// ownershipRows lays ownership out as KataGo does: row by row from the top
// left to the bottom right, from color's point of view (+1: color owns).
func ownershipRows(g rules.Geometry, own []float64, color rules.Color) []float64 {
	out := make([]float64, 0, g.Size*g.Size)
	for y := g.Size - 1; y >= 0; y-- {
		for x := 0; x < g.Size; x++ {
			v := own[g.At(x, y)]
			if color == rules.White {
				v = -v
			}
			out = append(out, v)
		}
	}
	return out
}

// float formats a value for kata-analyze (as C++ streams do: no trailing
// zeros) or analyze (always with a decimal point, which is how Sabaki tells
// a float win rate from an integer one).
func (p *analysisPrinter) float(v float64) string {
	s := strconv.FormatFloat(v, 'f', 6, 64)
	if strings.Trim(s, "-0.") == "" {
		s = "0.000000" // no "-0"
	}
	if p.f == formatSabaki {
		return s
	}
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}
