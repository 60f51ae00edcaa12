package gtp

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// registerGoGui installs GoGui's extensions and gtpgo's own commands that
// GoGui's analyze menu shows.
func (s *Server) registerGoGui() {
	for name, h := range map[string]Handler{
		// The command only announces that `# interrupt` is honoured.
		"gogui-interrupt":        constant(""),
		"gogui-play_sequence":    s.cmdPlaySequence,
		"gogui-setup":            s.cmdSetup,
		"gogui-setup_player":     s.cmdSetupPlayer,
		"gogui-analyze_commands": s.cmdAnalyzeCommands,
		"gtpgo-param":            s.cmdParam,
		"gtpgo-legal_moves":      s.cmdLegalMoves,
		"gtpgo-liberties":        s.cmdLiberties,
		"gtpgo-ownership":        s.cmdOwnership,
		"gtpgo-territory":        s.cmdTerritory,
		"gtpgo-visits":           s.cmdCandidateLabels,
		"gtpgo-winrates":         s.cmdCandidateLabels,
		"gtpgo-pv":               s.cmdPV,
		"gtpgo-summary":          s.cmdSummary,
		"gtpgo-policy":           s.cmdPolicy,
		"gtpgo-policy_gfx":       s.cmdPolicyGfx,
	} {
		s.Register(name, h)
	}
}

// analyzeCommands is GoGui's analyze menu: type/label/command lines.
var analyzeCommands = []string{
	"param/Parameters: Engine/gtpgo-param engine",
	"param/Parameters: Time/gtpgo-param time",
	"param/Parameters: Search/gtpgo-param search",
	"param/Parameters: Playouts/gtpgo-param playout",
	"param/Parameters: Judgement/gtpgo-param judge",
	"gfx/Ownership/gtpgo-ownership %m",
	"gfx/Territory and Dead Stones/gtpgo-territory",
	"gfx/Candidates: Visits/gtpgo-visits %m",
	"gfx/Candidates: Win Rates/gtpgo-winrates %m",
	"gfx/Principal Variation/gtpgo-pv %m",
	"string/Search Summary/gtpgo-summary %m",
	"gfx/Move Model/gtpgo-policy_gfx %m",
	"plist/Legal Moves/gtpgo-legal_moves %c",
	"sboard/Liberties/gtpgo-liberties",
	"plist/Dead Stones/final_status_list dead",
	"string/Final Score/final_score",
	"varc/Reg GenMove/reg_genmove %c",
	"string/Show Board/showboard",
	"none/Save SGF/printsgf %w",
}

func (s *Server) cmdAnalyzeCommands(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	var lines []string
	for _, l := range analyzeCommands {
		name := strings.Fields(strings.SplitN(l, "/", 3)[2])[0]
		if s.commands[name] != nil {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n"), nil
}

// parseMoves reads "color vertex color vertex ..." argument pairs.
func (s *Server) parseMoves(args []string, allowPass bool) ([]rules.Move, error) {
	if len(args)%2 != 0 {
		return nil, errors.New("odd number of arguments: expected color vertex pairs")
	}
	moves := make([]rules.Move, 0, len(args)/2)
	for i := 0; i < len(args); i += 2 {
		m, err := s.parseMove(args[i], args[i+1])
		if err != nil {
			return nil, err
		}
		if m.Point == rules.Pass && !allowPass {
			return nil, fmt.Errorf("invalid coordinate %s", quote(args[i+1]))
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// cmdPlaySequence plays many moves in one command (GoGui's fast
// navigation): all of them, or none when one is refused.
func (s *Server) cmdPlaySequence(c *Call) (string, error) {
	moves, err := s.parseMoves(c.Args, true)
	if err != nil {
		return "", err
	}
	g := s.game.Clone()
	for i, m := range moves {
		if err := g.Play(m.Point, m.Color); err != nil {
			return "", fmt.Errorf("illegal move %s %s (move %d of the sequence)",
				m.Color.Letter(), g.Board().Vertex(m.Point), i+1)
		}
	}
	s.game = g
	return "", nil
}

// cmdSetup places setup stones on an empty board before any move (GoGui's
// setup.xml): all of them, or none when the position is impossible.
func (s *Server) cmdSetup(c *Call) (string, error) {
	moves, err := s.parseMoves(c.Args, false)
	if err != nil {
		return "", err
	}
	if !s.freshEmpty() || s.game.Handicap() != 0 {
		return "", errBoardNotEmpty
	}
	seen := map[rules.Point]bool{}
	for _, m := range moves {
		if seen[m.Point] {
			return "", fmt.Errorf("repeated vertex %s", s.game.Board().Vertex(m.Point))
		}
		seen[m.Point] = true
	}
	if err := s.game.SetupStart(moves); err != nil {
		return "", fmt.Errorf("invalid setup: %v", err)
	}
	s.eng.ClearTree()
	return "", nil
}

func (s *Server) cmdSetupPlayer(c *Call) (string, error) {
	col, err := s.colorArg(c)
	if err != nil {
		return "", err
	}
	s.game.SetToMove(col)
	return "", nil
}

// cmdParam is GoGui's param dialog for the engine parameters, one dialog per
// group (GoGui appends "name value" to the command of the dialog): without
// arguments it lists every parameter as "[type] name value" lines, with a
// group name those of the group, and with "[group] name value" it sets one.
func (s *Server) cmdParam(c *Call) (string, error) {
	if err := c.arity(0, 3, "[group] [name value]"); err != nil {
		return "", err
	}
	args := c.Args
	group := ""
	if len(args) > 0 && slices.Contains(engine.ParamGroups, args[0]) {
		group, args = args[0], args[1:]
	}
	p := s.eng.Params()
	switch len(args) {
	case 0:
		var lines []string
		for _, info := range p.List() {
			if group != "" && info.Group != group {
				continue
			}
			typ, value := "[string]", info.Value
			switch {
			case info.Kind == "bool":
				typ = "[bool]"
				if info.Value == "true" {
					value = "1"
				} else {
					value = "0"
				}
			case info.Kind == "string":
				typ = "[list/" + info.Range + "]"
				typ = strings.ReplaceAll(typ, "|", "/")
			}
			lines = append(lines, typ+" "+info.Name+" "+value)
		}
		return strings.Join(lines, "\n"), nil
	case 1:
		return "", fmt.Errorf("missing value for %s", quote(args[0]))
	case 3:
		return "", fmt.Errorf("unknown parameter group %s", quote(c.Args[0]))
	}
	if group != "" && !slices.ContainsFunc(p.List(), func(info engine.ParamInfo) bool {
		return info.Name == args[0] && info.Group == group
	}) {
		return "", fmt.Errorf("no parameter %s in group %s", quote(args[0]), group)
	}
	if err := p.Set(args[0], args[1]); err != nil {
		return "", err
	}
	if err := s.eng.SetParams(p); err != nil {
		return "", err
	}
	return "", nil
}

// cmdLegalMoves lists the points where a colour (default: the player to
// move) may play, for GoGui's plist display.
func (s *Server) cmdLegalMoves(c *Call) (string, error) {
	if err := c.arity(0, 1, "[color]"); err != nil {
		return "", err
	}
	col := s.game.ToMove()
	if len(c.Args) == 1 {
		var err error
		if col, err = parseColor(c.Args[0]); err != nil {
			return "", err
		}
	}
	b := s.game.Board()
	var out []string
	for y := b.Size - 1; y >= 0; y-- {
		for x := 0; x < b.Size; x++ {
			if p := b.At(x, y); s.game.Check(p, col) == nil {
				out = append(out, b.Vertex(p))
			}
		}
	}
	return strings.Join(out, " "), nil
}

// cmdLiberties is an sboard of each stone's liberty count.
func (s *Server) cmdLiberties(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	b := s.game.Board()
	var lines []string
	for y := b.Size - 1; y >= 0; y-- {
		row := make([]string, b.Size)
		for x := 0; x < b.Size; x++ {
			row[x] = `""`
			if n := b.Liberties(b.At(x, y)); n > 0 {
				row[x] = strconv.Itoa(n)
			}
		}
		lines = append(lines, strings.Join(row, " "))
	}
	return strings.Join(lines, "\n"), nil
}

// GoGui's analysis displays. They share one search of the position (the
// move budget, interruptible by GoGui), kept until the position, the player
// or the parameters change, so that switching from visits to win rates to
// the variation does not search again.

// analysisKey identifies what a cached analysis depends on.
type analysisKey struct {
	statusKey
	color  rules.Color
	params engine.Params
}

type analysisCache struct {
	key   analysisKey
	res   engine.Result
	valid bool
}

// optionalColor reads an optional colour argument (GoGui's %m), the player
// to move by default.
func (s *Server) optionalColor(c *Call) (rules.Color, error) {
	if err := c.arity(0, 1, "[color]"); err != nil {
		return rules.Empty, err
	}
	if len(c.Args) == 0 {
		return s.game.ToMove(), nil
	}
	return parseColor(c.Args[0])
}

// analyzed returns the search of the position for color, searching unless
// the last one still holds. An interrupted search is shown but not kept.
func (s *Server) analyzed(c *Call, color rules.Color) engine.Result {
	key := analysisKey{statusKey: s.statusKey(), color: color, params: s.eng.Params()}
	if s.analysis.valid && s.analysis.key == key {
		return s.analysis.res
	}
	res := s.eng.Search(c.Context(), s.game, color, s.limits(color))
	s.analysis = analysisCache{key: key, res: res, valid: c.Context().Err() == nil}
	return res
}

func (s *Server) cmdOwnership(c *Call) (string, error) {
	col, err := s.optionalColor(c)
	if err != nil {
		return "", err
	}
	res := s.analyzed(c, col)
	b := s.game.Board()
	var sb strings.Builder
	sb.WriteString("INFLUENCE")
	for y := b.Size - 1; y >= 0; y-- {
		for x := 0; x < b.Size; x++ {
			p := b.At(x, y)
			// +1 Black, -1 White: GoGui's influence convention
			fmt.Fprintf(&sb, " %s %.2f", b.Vertex(p), res.Ownership[p])
		}
	}
	return sb.String(), nil
}

// cmdTerritory draws the end-of-game judgement final_score counts with:
// each side's territory (with the dead stones' points) and an X on every
// dead stone. Stones whose fate depends on who moves next (a fight still
// open in the middle of a game) are not called dead: they get a triangle,
// and the area around them counts for nobody.
func (s *Server) cmdTerritory(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	status := s.finalStatus(c.Context())
	b := s.game.Board()
	var undecided []string
	if !s.game.Rules.StonesAsTheyStand {
		v := s.eng.Verdict(c.Context(), s.game) // kept: finalStatus judged it
		status = slices.Clone(status)
		for _, p := range v.Contested {
			status[p] = rules.Alive
			undecided = append(undecided, b.Vertex(p))
		}
	}
	owner := rules.Owners(b, status, s.game.Rules.Scoring)
	var black, white, dead []string
	for y := b.Size - 1; y >= 0; y-- {
		for x := 0; x < b.Size; x++ {
			p := b.At(x, y)
			col, own := b.Color(p), owner[p]
			if col != rules.Empty && status.At(p) == rules.Dead {
				dead = append(dead, b.Vertex(p))
			} else if col != rules.Empty {
				continue // a live stone is not territory
			}
			switch own {
			case rules.Black:
				black = append(black, b.Vertex(p))
			case rules.White:
				white = append(white, b.Vertex(p))
			}
		}
	}
	var lines []string
	for _, l := range []struct {
		cmd    string
		points []string
	}{{"BLACK", black}, {"WHITE", white}, {"MARK", dead}, {"TRIANGLE", undecided}} {
		if len(l.points) > 0 {
			lines = append(lines, l.cmd+" "+strings.Join(l.points, " "))
		}
	}
	return strings.Join(lines, "\n"), nil
}

// cmdPolicy answers the move model's probability of every legal move of a
// colour, most likely first, on one line: "Q16 0.213 D4 0.180 ...".
func (s *Server) cmdPolicy(c *Call) (string, error) {
	col, err := s.colorArg(c)
	if err != nil {
		return "", err
	}
	g := s.game.Board().Geometry
	var parts []string
	for _, mp := range s.eng.MovePolicy(s.game, col) {
		parts = append(parts, g.Vertex(mp.Move)+" "+strconv.FormatFloat(mp.Probability, 'f', 3, 64))
	}
	return strings.Join(parts, " "), nil
}

// labelledPolicy is how many of the move model's likeliest moves the heat
// map labels.
const labelledPolicy = 10

// cmdPolicyGfx shows the move model's probabilities as a heat map (GoGui's
// INFLUENCE, scaled so the likeliest move is 1) with the likeliest moves
// labelled with their probability in percent.
func (s *Server) cmdPolicyGfx(c *Call) (string, error) {
	col, err := s.optionalColor(c)
	if err != nil {
		return "", err
	}
	policy := s.eng.MovePolicy(s.game, col)
	g := s.game.Board().Geometry
	var influence, labels strings.Builder
	influence.WriteString("INFLUENCE")
	labels.WriteString("LABEL")
	top := 0.0
	for _, mp := range policy {
		top = max(top, mp.Probability)
	}
	shown := 0
	for _, mp := range policy {
		if mp.Move == rules.Pass || top <= 0 {
			continue
		}
		fmt.Fprintf(&influence, " %s %.2f", g.Vertex(mp.Move), mp.Probability/top)
		if shown < labelledPolicy {
			fmt.Fprintf(&labels, " %s %d", g.Vertex(mp.Move), int(math.Round(mp.Probability*100)))
			shown++
		}
	}
	text := fmt.Sprintf("TEXT move model for %s: %d legal moves", col, len(policy))
	return influence.String() + "\n" + labels.String() + "\n" + text, nil
}

// labelledCandidates is how many candidates the LABEL displays show.
const labelledCandidates = 20

// cmdCandidateLabels labels the most visited candidates with their visits
// (gtpgo-visits) or their win rate in percent (gtpgo-winrates).
func (s *Server) cmdCandidateLabels(c *Call) (string, error) {
	col, err := s.optionalColor(c)
	if err != nil {
		return "", err
	}
	res := s.analyzed(c, col)
	return candidateLabels(res.Snapshot, c.Name == "gtpgo-winrates", labelledCandidates), nil
}

func candidateLabels(snap engine.Snapshot, winRates bool, n int) string {
	var sb strings.Builder
	sb.WriteString("LABEL")
	for i, cand := range snap.Candidates {
		if i == n {
			break
		}
		if cand.Move == rules.Pass {
			continue
		}
		label := strconv.Itoa(cand.Visits)
		if winRates {
			label = strconv.Itoa(int(math.Round(cand.WinRate * 100)))
		}
		sb.WriteString(" " + snap.Geometry.Vertex(cand.Move) + " " + label)
	}
	return sb.String()
}

// cmdPV draws the principal variation as numbered stones.
func (s *Server) cmdPV(c *Call) (string, error) {
	col, err := s.optionalColor(c)
	if err != nil {
		return "", err
	}
	return variation(s.analyzed(c, col).Snapshot), nil
}

// variation is the gfx VAR line of the best candidate's variation; "" when
// the search has none.
func variation(snap engine.Snapshot) string {
	if len(snap.Candidates) == 0 {
		return ""
	}
	var sb strings.Builder
	sb.WriteString("VAR")
	col := snap.Color
	for _, m := range snap.Candidates[0].PV {
		sb.WriteString(" " + strings.ToLower(col.Letter()) + " " + snap.Geometry.Vertex(m))
		col = col.Opponent()
	}
	return sb.String()
}

// cmdSummary describes the search in a few lines of text.
func (s *Server) cmdSummary(c *Call) (string, error) {
	col, err := s.optionalColor(c)
	if err != nil {
		return "", err
	}
	return summary(s.analyzed(c, col).Snapshot), nil
}

// summary: win rate, score estimate, best move and speed of a search.
func summary(snap engine.Snapshot) string {
	lines := []string{fmt.Sprintf("%s to move: win rate %.1f%%, score estimate %s",
		snap.Color, 100*snap.WinRate, scoreText(snap.Color, snap.ScoreLead))}
	if len(snap.Candidates) > 0 {
		best := snap.Candidates[0]
		var pv []string
		for _, m := range best.PV {
			pv = append(pv, snap.Geometry.Vertex(m))
		}
		lines = append(lines, fmt.Sprintf("best %s (%d visits, win rate %.1f%%), variation %s",
			snap.Geometry.Vertex(best.Move), best.Visits, 100*best.WinRate, strings.Join(pv, " ")))
	}
	lines = append(lines, fmt.Sprintf("%d playouts in %.1f s (%.0f playouts/s), %d visits in the tree",
		snap.Playouts, snap.Elapsed.Seconds(), playoutRate(snap), snap.RootVisits))
	return strings.Join(lines, "\n")
}

func playoutRate(snap engine.Snapshot) float64 {
	if snap.Elapsed <= 0 {
		return 0
	}
	return float64(snap.Playouts) / snap.Elapsed.Seconds()
}

// scoreText writes a score lead for color as a result: B+3.5, W+0.5, 0.
func scoreText(color rules.Color, lead float64) string {
	if color == rules.White {
		lead = -lead
	}
	return rules.Result{Black: lead}.String()
}

// Live graphics (GoGui's live-gfx.xml): while genmove thinks, gogui-gfx
// blocks on stderr show the search's variation, the visits of the other
// candidates and a status line; GoGui redraws at each block.

// liveGfxEvery is how often the live graphics are refreshed.
const liveGfxEvery = 250 * time.Millisecond

// liveGfxCandidates is how many candidates carry a visits label.
const liveGfxCandidates = 8

// liveGfxClearWait bounds how long the final CLEAR may hold up the move's
// response (stderr and stdout are separate pipes: GoGui may see them in
// either order anyway).
const liveGfxClearWait = 100 * time.Millisecond

// LiveGfx writes GoGui live-graphics blocks without ever blocking the
// engine: blocks go to a writer goroutine, and one not yet written when the
// next comes is replaced (a GUI that does not drain stderr loses pictures,
// not time).
type LiveGfx struct {
	w       io.Writer
	pending chan gfxBlock
	stop    chan struct{}
	done    chan struct{}
	once    sync.Once
}

type gfxBlock struct {
	text    string
	written chan struct{} // closed once written or dropped; nil if nobody waits
}

// NewLiveGfx starts live graphics on w, normally stderr shared with the
// logger through a SyncWriter (a log line must not split a block).
func NewLiveGfx(w io.Writer) *LiveGfx {
	l := &LiveGfx{w: w, pending: make(chan gfxBlock, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go l.run()
	return l
}

func (l *LiveGfx) run() {
	defer close(l.done)
	for {
		select {
		case <-l.stop:
			return
		case b := <-l.pending:
			// best effort: a failing stderr only loses pictures
			_, _ = io.WriteString(l.w, b.text)
			if b.written != nil {
				close(b.written)
			}
		}
	}
}

// Close stops the writer goroutine, waiting a moment at most: a write stuck
// on a stderr nobody reads must not keep the process alive.
func (l *LiveGfx) Close() {
	l.once.Do(func() { close(l.stop) })
	select {
	case <-l.done:
	case <-time.After(time.Second):
	}
}

// send queues a block, replacing one still waiting.
func (l *LiveGfx) send(b gfxBlock) {
	for {
		select {
		case l.pending <- b:
			return
		default:
		}
		select {
		case old := <-l.pending:
			if old.written != nil {
				close(old.written)
			}
		default:
		}
	}
}

// show draws a search snapshot (a Limits.Report).
func (l *LiveGfx) show(snap engine.Snapshot) {
	if len(snap.Candidates) == 0 {
		return
	}
	lines := []string{"gogui-gfx:"}
	if v := variation(snap); v != "" {
		lines = append(lines, v)
	}
	// the variation's stones carry their move numbers (the best move's is
	// 1): label the other candidates, but none on a point of the variation,
	// where the label would hide the number
	if len(snap.Candidates) > 1 {
		others := snap
		others.Candidates = nil
		for _, c := range snap.Candidates[1:] {
			if !slices.Contains(snap.Candidates[0].PV, c.Move) {
				others.Candidates = append(others.Candidates, c)
			}
		}
		lines = append(lines, candidateLabels(others, false, liveGfxCandidates-1))
	}
	best := snap.Candidates[0]
	lines = append(lines, fmt.Sprintf("TEXT %s %s %.1f%% (%d visits), score %s, %d playouts, %.0f/s",
		snap.Color, snap.Geometry.Vertex(best.Move), 100*best.WinRate, best.Visits,
		scoreText(snap.Color, snap.ScoreLead), snap.Playouts, playoutRate(snap)))
	l.send(gfxBlock{text: strings.Join(lines, "\n") + "\n\n"})
}

// Clear erases the live graphics and waits (briefly) until that is written.
func (l *LiveGfx) Clear() {
	b := gfxBlock{text: "gogui-gfx:\nCLEAR\n\n", written: make(chan struct{})}
	l.send(b)
	select {
	case <-b.written:
	case <-l.done:
	case <-time.After(liveGfxClearWait):
	}
}

// SyncWriter serialises writes to an io.Writer: the logger and the live
// graphics share stderr, and each of their writes must reach it whole.
type SyncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// NewSyncWriter wraps w.
func NewSyncWriter(w io.Writer) *SyncWriter { return &SyncWriter{w: w} }

// Write writes p in one piece with respect to other writes through s.
func (s *SyncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// periodicReport is one consumer of a search's progress reports.
type periodicReport struct {
	fn    func(engine.Snapshot)
	every time.Duration
	last  time.Time
}

// combineReports makes one Limits.Report out of several, each called at its
// own interval (the search reports at the shortest).
func combineReports(rs []periodicReport) (func(engine.Snapshot), time.Duration) {
	switch len(rs) {
	case 0:
		return nil, 0
	case 1:
		return rs[0].fn, rs[0].every
	}
	every := rs[0].every
	for _, r := range rs[1:] {
		every = min(every, r.every)
	}
	start := time.Now()
	for i := range rs {
		rs[i].last = start
	}
	return func(snap engine.Snapshot) {
		now := time.Now()
		for i := range rs {
			// a little slack: the monitor ticks every few milliseconds
			if now.Sub(rs[i].last) >= rs[i].every-every/4 {
				rs[i].last = now
				rs[i].fn(snap)
			}
		}
	}, every
}
