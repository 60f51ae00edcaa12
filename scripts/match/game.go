package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/gtpgo/gtpgo/rules"
)

// timeControl is a GTP time setting: main time, then Canadian byo-yomi
// periods of byoyomi seconds for stones moves. main only is sudden death;
// byoyomi with one stone and no main time is a fixed time per move.
type timeControl struct {
	main, byoyomi float64 // seconds
	stones        int
}

// enabled tells whether the game has a clock at all.
func (tc timeControl) enabled() bool { return tc.main > 0 || tc.byoyomi > 0 }

// command is the time_settings command; GTP takes whole seconds, so
// fractions are rounded up (the clock still enforces the exact values).
func (tc timeControl) command() string {
	stones := tc.stones
	if tc.byoyomi <= 0 {
		stones = 0
	}
	return fmt.Sprintf("time_settings %d %d %d", int(math.Ceil(tc.main)), int(math.Ceil(tc.byoyomi)), stones)
}

// String describes the time control for headers and summaries.
func (tc timeControl) String() string {
	if !tc.enabled() {
		return "none"
	}
	sec := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
	switch {
	case tc.byoyomi <= 0:
		return sec(tc.main) + "s sudden death"
	case tc.main <= 0 && tc.stones == 1:
		return sec(tc.byoyomi) + "s per move"
	case tc.stones == 1:
		return fmt.Sprintf("%ss + %ss per move", sec(tc.main), sec(tc.byoyomi))
	}
	return fmt.Sprintf("%ss + %d moves in %ss (Canadian)", sec(tc.main), tc.stones, sec(tc.byoyomi))
}

// clock is one player's clock under a time control.
type clock struct {
	tc     timeControl
	main   float64 // main time left
	period float64 // time left in the current byo-yomi period
	stones int     // moves still to play in the current period
	byo    bool    // main time is used up
}

func newClock(tc timeControl) *clock {
	c := &clock{tc: tc, main: tc.main}
	if tc.main <= 0 {
		c.enterByoyomi()
	}
	return c
}

func (c *clock) enterByoyomi() {
	c.byo = true
	c.period, c.stones = c.tc.byoyomi, c.tc.stones
}

// left is the longest the next move may take without losing on time
// (before the margin): what is left of main time plus a whole period.
func (c *clock) left() float64 {
	if !c.byo {
		return c.main + c.tc.byoyomi
	}
	return math.Max(0, c.period)
}

// use charges t seconds for one move and reports whether the player is
// still within the time control; margin is tolerated lag beyond it.
func (c *clock) use(t, margin float64) bool {
	if !c.byo {
		if t <= c.main {
			c.main -= t
			return true
		}
		t -= c.main
		c.main = 0
		if c.tc.byoyomi <= 0 {
			return t <= margin
		}
		c.enterByoyomi()
	}
	c.period -= t
	if c.period < -margin {
		return false
	}
	c.stones--
	if c.stones <= 0 {
		c.period, c.stones = c.tc.byoyomi, c.tc.stones
	}
	return true
}

// timeLeftCommand is the time_left command for the player's clock.
func (c *clock) timeLeftCommand(color rules.Color) string {
	if !c.byo {
		return fmt.Sprintf("time_left %s %d 0", color, int(c.main))
	}
	return fmt.Sprintf("time_left %s %d %d", color, int(math.Max(0, c.period)), c.stones)
}

// player is one side of a game.
type player struct {
	num   int // 0 for the first engine, 1 for the second
	color rules.Color
	label string
	cmd   string
	eng   *engine
	clock *clock
	wall  time.Duration // time spent in genmove
	cpu   time.Duration
	score string // its final_score answer, normalised; "?" if none
}

// desc names the player in messages: "engine2 GNU Go (White)".
func (p *player) desc() string {
	return fmt.Sprintf("engine%d %s (%s)", p.num+1, p.label, colorName(p.color))
}

func colorName(c rules.Color) string {
	if c == rules.White {
		return "White"
	}
	return "Black"
}

// gameRun plays one game and collects what the record needs.
type gameRun struct {
	cfg      *config
	index    int
	alt      bool // engine 1 plays White
	players  [3]*player
	geo      rules.Geometry
	game     *rules.Game
	handicap []rules.Point

	result   string // in real colours, normalised; "?" if unknown
	refScore string // the referee's final_score; "?" if none
	fault    *engineFault
	faultBy  *player
	notes    []string // why the game ended unusually
	errMsg   string
}

// gameRecord is a finished game: its table row and its SGF.
type gameRecord struct {
	row datRow
	sgf gameSGF
}

// playGame plays game number index (from 0) with fresh engine processes. It
// fails only when interrupted; engine failures are results.
func playGame(ctx context.Context, cfg *config, index int) (*gameRecord, error) {
	r := &gameRun{cfg: cfg, index: index, alt: cfg.alternate && index%2 == 1, result: "?", refScore: "?"}
	r.geo, _ = rules.NewGeometry(cfg.size)
	game, err := rules.NewGame(cfg.size, cfg.ruleset, cfg.komi)
	if err != nil {
		return nil, err
	}
	r.game = game
	for i := 0; i < 2; i++ {
		color := rules.Black
		if (i == 1) != r.alt {
			color = rules.White
		}
		p := &player{num: i, color: color, label: cfg.labels[i], cmd: cfg.engines[i], score: "?"}
		if cfg.tc.enabled() {
			p.clock = newClock(cfg.tc)
		}
		r.players[color] = p
	}
	err = r.run(ctx)
	for _, c := range []rules.Color{rules.Black, rules.White} {
		if p := r.players[c]; p.eng != nil {
			p.cpu = p.eng.close()
		}
	}
	if err != nil {
		return nil, err
	}
	return r.record(), nil
}

// run plays the game to its end; only an interruption is an error.
func (r *gameRun) run(ctx context.Context) error {
	cfg := r.cfg
	for _, c := range []rules.Color{rules.Black, rules.White} {
		p := r.players[c]
		eng, err := startEngine(ctx, p.cmd, cfg.hard)
		if err != nil {
			return r.forfeit(p, err)
		}
		p.eng = eng
	}
	for _, c := range []rules.Color{rules.Black, rules.White} {
		if err := r.setup(r.players[c]); err != nil {
			return r.forfeit(r.players[c], err)
		}
	}
	if cfg.handicap > 0 {
		if done, err := r.placeHandicap(); done {
			return err
		}
	}
	for r.game.MoveNumber() < cfg.maxMoves {
		c := r.game.ToMove()
		p, opp := r.players[c], r.players[c.Opponent()]
		move, done, err := r.genmove(p)
		if done {
			return err
		}
		if move == nil {
			r.result = opp.color.Letter() + "+R"
			return nil
		}
		if err := r.game.Play(move.Point, c); err != nil {
			return r.forfeit(p, &engineFault{faultIllegal, fmt.Sprintf("%s %s: %v", c.Letter(), r.geo.Vertex(move.Point), err)})
		}
		if _, err := opp.eng.send(fmt.Sprintf("play %s %s", c, r.geo.Vertex(move.Point)), cfg.hard); err != nil {
			return r.forfeit(opp, err)
		}
		if r.game.Ended() {
			return r.score(ctx)
		}
	}
	r.note(fmt.Sprintf("Move limit of %d moves reached; the position was scored as it stands.", cfg.maxMoves))
	r.errMsg = fmt.Sprintf("move limit %d reached", cfg.maxMoves)
	return r.score(ctx)
}

// setup sends the game settings to a player's engine.
func (r *gameRun) setup(p *player) error {
	cfg := r.cfg
	for _, cmd := range []string{
		fmt.Sprintf("boardsize %d", cfg.size),
		"clear_board",
		"komi " + formatKomi(cfg.komi),
	} {
		if _, err := p.eng.send(cmd, cfg.hard); err != nil {
			return err
		}
	}
	// Optional commands: sent only to engines that list them, and a refusal
	// is not held against the engine.
	if name := kgsRulesName(cfg.ruleset); name != "" && p.eng.known["kgs-rules"] {
		if _, err := p.eng.send("kgs-rules "+name, cfg.hard); err != nil && !isFailure(err) {
			return err
		}
	}
	if cfg.tc.enabled() && p.eng.known["time_settings"] {
		if _, err := p.eng.send(cfg.tc.command(), cfg.hard); err != nil && !isFailure(err) {
			return err
		}
	}
	return nil
}

// placeHandicap asks both engines for the fixed handicap stones; Black's
// answer is checked and applied, White's must name the same points. It
// reports done when the game ended (a forfeit) or was interrupted.
func (r *gameRun) placeHandicap() (done bool, err error) {
	cmd := fmt.Sprintf("fixed_handicap %d", r.cfg.handicap)
	var answers [3]map[rules.Point]bool
	for _, c := range []rules.Color{rules.Black, rules.White} {
		p := r.players[c]
		resp, err := p.eng.send(cmd, r.cfg.hard)
		if err != nil {
			return true, r.forfeit(p, err)
		}
		answers[c] = map[rules.Point]bool{}
		for _, v := range strings.Fields(resp) {
			pt, err := r.geo.ParseVertex(v)
			if err != nil || pt == rules.Pass || answers[c][pt] {
				return true, r.forfeit(p, &engineFault{faultMalformed, fmt.Sprintf("%s answered %q", cmd, resp)})
			}
			answers[c][pt] = true
			if c == rules.Black {
				r.handicap = append(r.handicap, pt)
			}
		}
		if len(answers[c]) != r.cfg.handicap {
			return true, r.forfeit(p, &engineFault{faultMalformed, fmt.Sprintf("%s answered %q", cmd, resp)})
		}
		if c == rules.Black {
			// Black's stones are the game's (and its record's) even if
			// White's engine then places others
			if err := r.game.SetHandicap(r.handicap); err != nil {
				return true, r.forfeit(p, &engineFault{faultIllegal, fmt.Sprintf("handicap stones: %v", err)})
			}
		}
	}
	for pt := range answers[rules.Black] {
		if !answers[rules.White][pt] {
			return true, r.forfeit(r.players[rules.White], &engineFault{faultMalformed,
				fmt.Sprintf("%s placed other stones than Black's engine", cmd)})
		}
	}
	return false, nil
}

// genmove asks p for a move, enforcing the clock. It returns the move (nil
// for a resignation), or done when the game ended by a forfeit or was
// interrupted.
func (r *gameRun) genmove(p *player) (move *rules.Move, done bool, err error) {
	cfg := r.cfg
	timeout := cfg.hard
	if p.clock != nil {
		if p.eng.known["time_left"] {
			if _, err := p.eng.send(p.clock.timeLeftCommand(p.color), cfg.hard); err != nil && !isFailure(err) {
				return nil, true, r.forfeit(p, err)
			}
		}
		timeout = time.Duration((p.clock.left() + cfg.margin.Seconds()) * float64(time.Second))
	}
	resp, elapsed, err := p.eng.timedSend("genmove "+p.color.String(), timeout)
	p.wall += elapsed
	if err != nil {
		var f *engineFault
		if errors.As(err, &f) && f.kind == faultTimeout && p.clock != nil {
			err = &engineFault{faultTimeout, fmt.Sprintf("no move within %.1fs (%.1fs left on the clock + %.1fs margin)",
				timeout.Seconds(), p.clock.left(), cfg.margin.Seconds())}
		}
		return nil, true, r.forfeit(p, err)
	}
	if p.clock != nil {
		left := p.clock.left()
		if !p.clock.use(elapsed.Seconds(), cfg.margin.Seconds()) {
			return nil, true, r.forfeit(p, &engineFault{faultTimeout, fmt.Sprintf("move took %.2fs with %.2fs left on the clock (+%.1fs margin)",
				elapsed.Seconds(), left, cfg.margin.Seconds())})
		}
	}
	if strings.EqualFold(resp, "resign") {
		return nil, false, nil
	}
	pt, perr := r.geo.ParseVertex(resp)
	if perr != nil || strings.ContainsAny(resp, " \n") {
		return nil, true, r.forfeit(p, &engineFault{faultIllegal, fmt.Sprintf("genmove answered %q", clip(resp, 40))})
	}
	return &rules.Move{Color: p.color, Point: pt}, false, nil
}

// forfeit ends the game as a loss for p because of err. An interruption is
// passed through instead.
func (r *gameRun) forfeit(p *player, err error) error {
	if errors.Is(err, errInterrupted) {
		return err
	}
	var f *engineFault
	var g *gtpFailure
	switch {
	case errors.As(err, &f):
	case errors.As(err, &g):
		f = &engineFault{faultRefused, fmt.Sprintf("%q answered: %s", g.command, g.msg)}
	default:
		f = &engineFault{faultCrash, err.Error()}
	}
	r.fault, r.faultBy = f, p
	reason := "F"
	if f.kind == faultTimeout {
		reason = "T"
	}
	r.result = p.color.Opponent().Letter() + "+" + reason
	r.errMsg = fmt.Sprintf("%s by %s: %s", f.kind, p.desc(), f.msg)
	r.note(fmt.Sprintf("%s loses by %s: %s", p.desc(), f.kind, f.msg))
	return nil
}

func (r *gameRun) note(s string) { r.notes = append(r.notes, s) }

// score asks both engines and the referee for the final score and decides
// the result: the referee's if there is one, else the engines' if they agree.
func (r *gameRun) score(ctx context.Context) error {
	for _, c := range []rules.Color{rules.Black, rules.White} {
		p := r.players[c]
		resp, err := p.eng.send("final_score", r.cfg.hard)
		if errors.Is(err, errInterrupted) {
			return err
		}
		if err != nil {
			r.note(fmt.Sprintf("final_score of %s failed: %v", p.desc(), err))
			continue
		}
		p.score = normResult(resp)
	}
	if r.cfg.referee != "" {
		s, err := r.refereeScore(ctx)
		if errors.Is(err, errInterrupted) {
			return err
		}
		if err != nil {
			r.note(fmt.Sprintf("Referee failed: %v", err))
		}
		r.refScore = s
	}
	b, w := r.players[rules.Black].score, r.players[rules.White].score
	switch {
	case r.refScore != "?":
		r.result = r.refScore
	case b == w && b != "?":
		r.result = b
	default:
		r.result = "?"
		r.note(fmt.Sprintf("Result unknown: Black's engine says %s, White's engine says %s.", b, w))
	}
	return nil
}

// refereeScore replays the game on a fresh referee engine and returns its
// final_score, normalised.
func (r *gameRun) refereeScore(ctx context.Context) (string, error) {
	cfg := r.cfg
	e, err := startEngine(ctx, cfg.referee, cfg.hard)
	if err != nil {
		return "?", err
	}
	defer e.close()
	cmds := []string{fmt.Sprintf("boardsize %d", cfg.size), "clear_board", "komi " + formatKomi(cfg.komi)}
	if cfg.handicap > 0 {
		cmds = append(cmds, fmt.Sprintf("fixed_handicap %d", cfg.handicap))
	}
	for _, m := range r.game.Moves() {
		cmds = append(cmds, fmt.Sprintf("play %s %s", m.Color, r.geo.Vertex(m.Point)))
	}
	for _, cmd := range cmds {
		if _, err := e.send(cmd, cfg.hard); err != nil {
			return "?", err
		}
	}
	resp, err := e.send("final_score", cfg.hard)
	if err != nil {
		return "?", err
	}
	return normResult(resp), nil
}

// record builds the table row and the SGF of the finished game.
func (r *gameRun) record() *gameRecord {
	cfg := r.cfg
	black, white := r.players[rules.Black], r.players[rules.White]
	e1, e2 := black, white
	if r.alt {
		e1, e2 = white, black
	}
	row := datRow{
		Game: r.index, Alt: r.alt, Dup: "-", Len: r.game.MoveNumber(),
		TimeB: e1.wall.Seconds(), TimeW: e2.wall.Seconds(),
		CPUB: e1.cpu.Seconds(), CPUW: e2.cpu.Seconds(),
		Err: r.fault != nil, ErrMsg: r.errMsg,
	}
	if r.fault != nil || strings.HasSuffix(r.result, "+R") {
		row.ResB, row.ResW, row.ResR = r.result, r.result, r.result
	} else {
		row.ResB, row.ResW, row.ResR = e1.score, e2.score, r.refScore
	}
	if r.alt {
		row.ResB, row.ResW, row.ResR = invertResult(row.ResB), invertResult(row.ResW), invertResult(row.ResR)
	}

	var c strings.Builder
	fmt.Fprintf(&c, "Game %d of %s vs %s\n", r.index, cfg.labels[0], cfg.labels[1])
	fmt.Fprintf(&c, "Black command: %s\nWhite command: %s\n", black.cmd, white.cmd)
	fmt.Fprintf(&c, "Black version: %s\nWhite version: %s\n", cfg.versions[black.num], cfg.versions[white.num])
	if r.fault == nil && !strings.HasSuffix(r.result, "+R") {
		fmt.Fprintf(&c, "Result[Black]: %s\nResult[White]: %s\n", black.score, white.score)
		if cfg.referee != "" {
			fmt.Fprintf(&c, "Referee: %s\nResult[Referee]: %s\n", cfg.referee, r.refScore)
		}
	}
	fmt.Fprintf(&c, "Time control: %s", cfg.tc)
	info := map[string]string{"PB": black.label, "PW": white.label,
		"DT": time.Now().Format("2006-01-02"), "GN": fmt.Sprintf("game-%03d", r.index)}
	if cfg.tc.enabled() {
		info["TM"] = strconv.FormatFloat(cfg.tc.main, 'f', -1, 64)
		if cfg.tc.byoyomi > 0 {
			info["OT"] = fmt.Sprintf("%d/%s Canadian", cfg.tc.stones, strconv.FormatFloat(cfg.tc.byoyomi, 'f', -1, 64))
		}
	}
	sgf := newGameSGF(r.game, info, r.result, c.String(), strings.Join(r.notes, "\n"))
	return &gameRecord{row: row, sgf: sgf}
}

// kgsRulesName is the kgs-rules argument for a rule set, or "" if KGS has no
// name for it.
func kgsRulesName(r rules.Ruleset) string {
	switch r.Name {
	case "japanese", "chinese", "aga":
		return r.Name
	case "new-zealand":
		return "new_zealand"
	}
	return ""
}

func formatKomi(k float64) string { return strconv.FormatFloat(k, 'f', -1, 64) }

// normResult canonicalises a result or final_score answer: "B+3.5",
// "W+R", "B+T", "B+F", "0" for a draw, "?" for anything unreadable. Scores
// get one decimal, so "W+7" and "W+7.0" agree.
func normResult(s string) string {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "0", "draw", "jigo", "b+0", "w+0", "b+0.0", "w+0.0":
		return "0"
	}
	if len(s) < 3 || s[1] != '+' {
		return "?"
	}
	color := strings.ToUpper(s[:1])
	if color != "B" && color != "W" {
		return "?"
	}
	rest := s[2:]
	switch strings.ToLower(rest) {
	case "r", "resign":
		return color + "+R"
	case "t", "time":
		return color + "+T"
	case "f", "forfeit":
		return color + "+F"
	}
	v, err := strconv.ParseFloat(rest, 64)
	if err != nil || v <= 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return "?"
	}
	return color + "+" + strconv.FormatFloat(v, 'f', 1, 64)
}

// invertResult exchanges B and W in a result, as gogui-twogtp does for games
// with exchanged colours.
func invertResult(s string) string {
	switch {
	case strings.HasPrefix(s, "B+"):
		return "W+" + s[2:]
	case strings.HasPrefix(s, "W+"):
		return "B+" + s[2:]
	}
	return s
}
