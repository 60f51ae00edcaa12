// Package review analyses a finished game move by move: one search per
// position gives the win rate and score lead before and after every move,
// the engine's preferred move and its variation; moves that lost much are
// classified (inaccuracy, mistake, blunder), and the result is written as an
// annotated SGF (WriteSGF) and a win-rate graph (Plot).
//
// It sits above engine and rules and knows nothing of GTP.
package review

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// Severity is how bad a move was.
type Severity int

const (
	Fine Severity = iota
	Inaccuracy
	Mistake
	Blunder
)

func (s Severity) String() string {
	return [...]string{"fine", "inaccuracy", "mistake", "blunder"}[s]
}

// plural is the severity's name for a count of them.
func (s Severity) plural() string {
	return [...]string{"fine moves", "inaccuracies", "mistakes", "blunders"}[s]
}

// Thresholds classify a move by the win rate it lost for the player who
// made it (0..1): a drop of at least Blunder is a blunder, and so on.
//
// The score lead does not classify: it is the mean result of the search's
// playouts, which moves by several points between two searches of
// neighbouring positions even where gtpgo agrees with the move played (5-7
// points on 9x9 at 500 playouts), so a points criterion flags noise.
type Thresholds struct {
	Inaccuracy, Mistake, Blunder float64
}

// DefaultThresholds are 5%, 10% and 20% of win rate.
var DefaultThresholds = Thresholds{Inaccuracy: 0.05, Mistake: 0.10, Blunder: 0.20}

// Classify gives the severity of a move that lost drop of the mover's win
// rate.
func (t Thresholds) Classify(drop float64) Severity {
	switch {
	case drop >= t.Blunder:
		return Blunder
	case drop >= t.Mistake:
		return Mistake
	case drop >= t.Inaccuracy:
		return Inaccuracy
	}
	return Fine
}

// Options configure a review.
type Options struct {
	// Params are the engine's parameters (Threads and Seed matter most).
	// The review turns dynamic komi off (HandicapStoneValue 0), so that win
	// rates are those of the real komi, and keeps tree reuse on.
	Params engine.Params
	// Playouts and Time are the budget of every position's search: the
	// first reached stops it. At least one must be set. Where gtpgo
	// prefers another move than the one played, the move played is then
	// searched alone with half the budget more.
	Playouts int
	Time     time.Duration
	// Rules apply when the SGF names none (no RU) or names rules gtpgo does
	// not know; Komi when it has no KM.
	Rules rules.Ruleset
	Komi  float64
	// Thresholds classify the moves; nil means DefaultThresholds.
	Thresholds *Thresholds
	// Progress, if set, is called after every position.
	Progress func(Progress)
}

// Progress reports how far a review is.
type Progress struct {
	Done, Total int           // positions searched and in all
	Elapsed     time.Duration // since the review started
	ETA         time.Duration // estimated time left
	// Move is the move played in the position just searched, now judged,
	// or nil (the position after the last move).
	Move *Move
}

// Eval is a search's value of a position, or of one move in it, from
// Black's point of view.
type Eval struct {
	ToMove    rules.Color // who was to move in the searched position
	WinRate   float64     // Black's win rate, 0..1
	ScoreLead float64     // Black's score lead in points (komi included)
	// Best is the engine's preferred move (for a search of one move, that
	// move), PV its variation, Visits its visits and MoverWinRate its win
	// rate for the player to move.
	Best         rules.Point
	PV           []rules.Point
	Visits       int
	MoverWinRate float64
	Playouts     int // playouts of this search
	RootVisits   int // including those kept from the previous search
}

// black converts a win rate for c to Black's.
func black(winRate float64, c rules.Color) float64 {
	if c == rules.White {
		return 1 - winRate
	}
	return winRate
}

// forColor converts Black's win rate and score lead to c's.
func forColor(winRate, lead float64, c rules.Color) (float64, float64) {
	if c == rules.White {
		return 1 - winRate, -lead
	}
	return winRate, lead
}

// candidate finds move p among a search's candidates.
func candidate(cs []engine.Candidate, p rules.Point) (engine.Candidate, bool) {
	for _, c := range cs {
		if c.Move == p {
			return c, true
		}
	}
	return engine.Candidate{}, false
}

// Move is the review of one move of the game.
type Move struct {
	Number int // from 1, passes included
	Move   rules.Move
	Vertex string // GTP vertex, or "pass"
	// Before is the search of the position the move was played in. Played
	// is the same search continued on the move played alone (nil when it
	// was gtpgo's own choice). Next is the search of the position the move
	// left, with the other player to move (the next move's Before).
	Before, Played, Next *Eval
	// WinBefore and WinAfter are Black's win rates of gtpgo's preferred
	// move and of the move played, both from the search of the position
	// the move was played in: with the same player to move, so that they
	// compare fairly. LeadBefore and LeadAfter are the same for Black's
	// score lead.
	WinBefore, WinAfter, LeadBefore, LeadAfter float64
	// WinDrop and PointDrop are what the move lost for the player who
	// made it (negative when it gained): the mover's win rate and score
	// lead before, minus the same after.
	WinDrop, PointDrop float64
	Severity           Severity
	// EngineMove tells the move is gtpgo's own preferred one: it loses
	// nothing.
	EngineMove bool
	// FromNext tells the move played could not be searched alone (the
	// engine refuses it, e.g. a superko repetition the record plays): its
	// after-values are then those of Next.
	FromNext bool
	// TurningPoint says why the move is one ("" when it is not).
	TurningPoint string
}

// Review is a reviewed game.
type Review struct {
	Game       *rules.SGFGame
	Record     *rules.Game // the replayed main line
	Rules      rules.Ruleset
	Komi       float64
	RulesGiven bool // the SGF's RU named these rules
	KomiGiven  bool // the SGF has KM
	// Start is the search of the position before the first move.
	Start      *Eval
	Moves      []Move
	Thresholds Thresholds
	// Superko lists the moves the record plays against the superko rule
	// (played anyway, as real records have a few).
	Superko  []*rules.MoveError
	Playouts int           // per position, as asked
	Time     time.Duration // per position, as asked
	Threads  int
	Elapsed  time.Duration
}

// ErrNoMoves is the error for a game without a move to review.
var ErrNoMoves = errors.New("the game has no moves to review")

// Load reads game number index (from 1) of an SGF file or collection,
// gzip'd or not. Run checks that its main line replays.
func Load(path string, index int) (*rules.SGFGame, error) {
	games, err := rules.ReadSGFFile(path)
	if err != nil {
		return nil, err
	}
	if index < 1 || index > len(games) {
		return nil, fmt.Errorf("%s: no game %d (the file has %d)", path, index, len(games))
	}
	return games[index-1], nil
}

// position is one search of the review: the game up to some event, and who
// is to move in it.
type position struct {
	events int
	toMove rules.Color
}

// Run reviews the main line of g. It fails before any search when the
// record does not replay (an illegal move, a broken setup), and returns
// ctx's error when cancelled.
func Run(ctx context.Context, g *rules.SGFGame, opt Options) (*Review, error) {
	if opt.Playouts <= 0 && opt.Time <= 0 {
		return nil, errors.New("review: a playout or time budget per position is needed")
	}
	r := &Review{Game: g, Rules: opt.Rules, Komi: opt.Komi, Playouts: opt.Playouts, Time: opt.Time,
		Threads: opt.Params.Threads}
	if ru, err := rules.RulesetByName(g.Rules); err == nil {
		r.Rules, r.RulesGiven = ru, true
	}
	if _, ok := g.Info["KM"]; ok {
		r.Komi, r.KomiGiven = g.Komi, true
	}
	record, superko, err := g.Replay(r.Rules, 0, true)
	if err != nil {
		return nil, err
	}
	record.Komi = r.Komi
	r.Record, r.Superko = record, superko
	r.Thresholds = DefaultThresholds
	if opt.Thresholds != nil {
		r.Thresholds = *opt.Thresholds
	}

	// The positions to search: before every move, with its player to move,
	// and after the last one. The position after a move is the one before
	// the next, unless setup stones come between (then it is searched on
	// its own, with the opponent to move).
	var before, after []position
	events := 0
	for _, n := range g.Nodes {
		if n.Setup != nil {
			events++
		}
		if n.Move == nil {
			continue
		}
		before = append(before, position{events, n.Move.Color})
		events++
		after = append(after, position{events, n.Move.Color.Opponent()})
		r.Moves = append(r.Moves, Move{Number: len(r.Moves) + 1, Move: *n.Move,
			Vertex: record.Board().Vertex(n.Move.Point)})
	}
	if len(r.Moves) == 0 {
		return nil, ErrNoMoves
	}
	total := len(before) + 1 // positions to search
	for k := 0; k+1 < len(before); k++ {
		if after[k].events == before[k+1].events {
			after[k] = before[k+1] // the same position, whoever moves next
		} else {
			total++
		}
	}

	p := opt.Params
	p.HandicapStoneValue = 0
	p.ReuseTree = true
	if err := p.Validate(); err != nil {
		return nil, err
	}
	eng := engine.New(p)
	start := time.Now()
	done := 0
	// search searches pos; with only set, the move only alone (Pass
	// always stays a candidate: the engine never filters it out).
	search := func(pos position, only *rules.Point) (engine.Result, error) {
		game := record.Clone()
		if err := game.Truncate(pos.events); err != nil {
			return engine.Result{}, err
		}
		if game.ToMove() != pos.toMove {
			game.SetToMove(pos.toMove)
		}
		lim := engine.Limits{Playouts: opt.Playouts, Time: opt.Time,
			// A report makes the engine search even when a single move
			// is legal (it skips the search otherwise, and then has no
			// value for the position).
			Report: func(engine.Snapshot) {}, ReportEvery: time.Hour}
		if only != nil {
			lim.Playouts, lim.Time = (opt.Playouts+1)/2, opt.Time/2
			lim.RootFilter = func(q rules.Point) bool { return q == *only }
		}
		res := eng.Search(ctx, game, pos.toMove, lim)
		return res, ctx.Err()
	}
	report := func(m *Move) {
		if opt.Progress == nil {
			return
		}
		el := time.Since(start)
		eta := time.Duration(float64(el) / float64(done) * float64(total-done))
		opt.Progress(Progress{Done: done, Total: total, Elapsed: el, ETA: eta, Move: m})
	}
	searchPosition := func(pos position) (*Eval, error) {
		res, err := search(pos, nil)
		if err != nil {
			return nil, err
		}
		done++
		return newEval(res), nil
	}

	for k := range r.Moves {
		m := &r.Moves[k]
		same := k > 0 && before[k] == after[k-1] // the position the move before left
		if same && r.Moves[k-1].Next != nil {
			m.Before = r.Moves[k-1].Next
		} else {
			if m.Before, err = searchPosition(before[k]); err != nil {
				return nil, err
			}
			if same {
				r.Moves[k-1].Next = m.Before
			}
		}
		if k == 0 {
			r.Start = m.Before
		}
		m.EngineMove = m.Before.Best == m.Move.Point
		if !m.EngineMove {
			played := m.Move.Point
			res, err := search(before[k], &played)
			if err != nil {
				return nil, err
			}
			if c, ok := candidate(res.Candidates, played); ok {
				m.Played = newEval(res)
				m.Played.Best, m.Played.PV, m.Played.Visits, m.Played.MoverWinRate = c.Move, c.PV, c.Visits, c.WinRate
				m.Played.WinRate = black(c.WinRate, res.Color)
			}
		}
		// the position after the move is searched now when it is not the
		// one before the next move, or when the move's values must come
		// from it
		if k+1 == len(r.Moves) || after[k] != before[k+1] || !m.EngineMove && m.Played == nil {
			if m.Next, err = searchPosition(after[k]); err != nil {
				return nil, err
			}
		}
		r.judge(m)
		report(m)
	}
	r.turningPoints()
	r.Elapsed = time.Since(start)
	return r, nil
}

func newEval(res engine.Result) *Eval {
	e := &Eval{ToMove: res.Color, WinRate: black(res.WinRate, res.Color), Playouts: res.Playouts,
		RootVisits: res.RootVisits, Best: rules.Pass}
	_, e.ScoreLead = forColor(0, res.ScoreLead, res.Color)
	if len(res.Candidates) > 0 {
		c := res.Candidates[0]
		e.Best, e.PV, e.Visits, e.MoverWinRate = c.Move, c.PV, c.Visits, c.WinRate
	}
	return e
}

// judge computes what the move lost and classifies it.
func (r *Review) judge(m *Move) {
	m.WinBefore, m.LeadBefore = m.Before.WinRate, m.Before.ScoreLead
	switch {
	case m.EngineMove:
		m.WinAfter, m.LeadAfter = m.WinBefore, m.LeadBefore
	case m.Played != nil:
		m.WinAfter, m.LeadAfter = m.Played.WinRate, m.Played.ScoreLead
	default:
		m.FromNext = true
		m.WinAfter, m.LeadAfter = m.Next.WinRate, m.Next.ScoreLead
	}
	c := m.Move.Color
	wb, lb := forColor(m.WinBefore, m.LeadBefore, c)
	wa, la := forColor(m.WinAfter, m.LeadAfter, c)
	m.WinDrop, m.PointDrop = wb-wa, lb-la
	if !m.EngineMove {
		m.Severity = r.Thresholds.Classify(m.WinDrop)
	}
}

// leadMargin is how far from 50% the win rate must go for a side to count
// as leading: the turning points ignore the wobble of the estimates around
// 50%.
const leadMargin = 0.05

// turningPoints marks the moves that handed the lead over and the three
// largest losses. The lead changes hands where the smoothed win rate of
// Curves (the raw estimates swing with the player to move) goes beyond 55%
// for one side after having been beyond it for the other, or for neither;
// the smoothing spreads a position over its neighbours, so the move marked
// is the one of the three around that position that lost most for the
// side that falls behind (the middle one when none lost anything).
func (r *Review) turningPoints() {
	_, _, win, _ := r.Curves()
	leader := func(w float64) rules.Color {
		switch {
		case w >= 0.5+leadMargin:
			return rules.Black
		case w <= 0.5-leadMargin:
			return rules.White
		}
		return rules.Empty
	}
	ahead := leader(win[0])
	for i := 1; i < len(win); i++ {
		now := leader(win[i])
		if now == rules.Empty || now == ahead {
			continue
		}
		ahead = now
		// position j follows move j; the moves around position i by the
		// side that falls behind
		move := 0
		for j := max(1, i-1); j <= min(len(r.Moves), i+1); j++ {
			m := &r.Moves[j-1]
			if m.Move.Color == now.Opponent() && m.WinDrop > 0 && (move == 0 || m.WinDrop > r.Moves[move-1].WinDrop) {
				move = j
			}
		}
		if move == 0 {
			move = i
		}
		what := "rises above 55%"
		if now == rules.White {
			what = "falls below 45%"
		}
		r.Moves[move-1].addTurningPoint(fmt.Sprintf("%s takes the lead (the smoothed curve of Black's win rate %s)",
			colorName(now), what))
	}
	order := make([]int, len(r.Moves))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return r.Moves[order[a]].WinDrop > r.Moves[order[b]].WinDrop })
	for _, i := range order[:min(3, len(order))] {
		if r.Moves[i].Severity != Fine {
			r.Moves[i].addTurningPoint("one of the three largest losses")
		}
	}
}

func (m *Move) addTurningPoint(why string) {
	if m.TurningPoint != "" {
		m.TurningPoint += "; "
	}
	m.TurningPoint += why
}

// Curves are Black's win rate and score lead at every position, from the
// start (index 0) to after the last move (index n), each from the search of
// its position; and the same smoothed with weights 1, 2, 1 over
// neighbouring positions, which cancels the swing between searches with
// Black and with White to move.
func (r *Review) Curves() (win, lead, smoothWin, smoothLead []float64) {
	win = []float64{r.Start.WinRate}
	lead = []float64{r.Start.ScoreLead}
	for _, m := range r.Moves {
		win = append(win, m.Next.WinRate)
		lead = append(lead, m.Next.ScoreLead)
	}
	return win, lead, smooth(win), smooth(lead)
}

func smooth(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i := range xs {
		sum, w := 2*xs[i], 2.0
		if i > 0 {
			sum, w = sum+xs[i-1], w+1
		}
		if i+1 < len(xs) {
			sum, w = sum+xs[i+1], w+1
		}
		out[i] = sum / w
	}
	return out
}

// Mistakes lists the moves of c with severity s, in order.
func (r *Review) Mistakes(c rules.Color, s Severity) []*Move {
	var out []*Move
	for i := range r.Moves {
		if m := &r.Moves[i]; m.Move.Color == c && m.Severity == s {
			out = append(out, m)
		}
	}
	return out
}

// Final is the search of the position after the last move.
func (r *Review) Final() *Eval { return r.Moves[len(r.Moves)-1].Next }

func colorName(c rules.Color) string {
	if c == rules.White {
		return "White"
	}
	return "Black"
}
