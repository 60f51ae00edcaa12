package gtp

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/judge"
	"github.com/gtpgo/gtpgo/rules"
)

// minInterruptedVisits is how much thought an interrupted genmove still
// gets when the interrupt came before the search had looked at anything:
// GoGui expects "the best move so far", and a handful of playouts (a few
// milliseconds) is the least that makes one.
const minInterruptedVisits = 100

// limits is the budget of one move for color: the clock's when a time
// control is set, else the per-move time (Params.MoveTime, or the default
// for the board size); Params.MaxPlayouts caps playouts in both cases.
// Only a clock's budget may end early (Params.EarlyStop), or a per-move
// time that Params.MoveTimeTarget makes a cap.
func (s *Server) limits(color rules.Color) engine.Limits {
	return s.budget(color, true)
}

// moveLimits is limits for a move the engine plays. Below engine.MaxLevel
// the level's playouts are the budget (the engine caps them), and the
// default per-move time does not apply, so that a level plays the same on
// every machine; a clock or a per-move time set by the user still bounds it.
func (s *Server) moveLimits(color rules.Color) engine.Limits {
	return s.budget(color, s.eng.Params().Level >= engine.MaxLevel)
}

// budget is limits, without a time limit when neither a clock nor a
// per-move time is set unless defaultTime.
func (s *Server) budget(color rules.Color, defaultTime bool) engine.Limits {
	p := s.eng.Params()
	size := s.game.Size()
	target, maxTime, ok := s.clock.Budget(color, size, s.game.Board().EmptyCount())
	// stopping early saves clock time for later moves; a fixed time per
	// move is spent in full unless MoveTimeTarget makes it a cap
	earlyStop := p.EarlyStop && ok
	if !ok {
		secs := p.MoveTime
		if secs <= 0 && defaultTime {
			secs = engine.DefaultMoveTime(size)
		}
		maxTime = time.Duration(secs * float64(time.Second))
		target = maxTime
		if p.MoveTimeTarget < 1 {
			target = time.Duration(secs * p.MoveTimeTarget * float64(time.Second))
			earlyStop = p.EarlyStop
		}
	}
	return engine.Limits{Playouts: p.MaxPlayouts, Time: target, MaxTime: maxTime, EarlyStop: earlyStop}
}

// think chooses color's move with the engine's move generation (search
// plus its end-of-game pass and cleanup decisions) under the move budget.
func (s *Server) think(ctx context.Context, color rules.Color, cleanup bool) engine.Result {
	return s.thinkWith(ctx, color, cleanup, thinkOptions{})
}

// thinkOptions are the extras of a move search: an analysis stream's
// reports and root filter (genmove_analyze).
type thinkOptions struct {
	report func(engine.Snapshot) // nil: none
	every  time.Duration
	filter func(rules.Point) bool // nil: every move
}

// thinkWith is think with analysis reports, and with GoGui's live graphics
// while the search runs when they are on.
func (s *Server) thinkWith(ctx context.Context, color rules.Color, cleanup bool, opt thinkOptions) engine.Result {
	start := time.Now()
	lim := s.moveLimits(color)
	// a genmove that comes right after start-up waits for the move model
	// (a second or more on a busy machine); under a clock that wait is
	// part of the move's time, or the first move overruns a short period
	s.eng.WaitReady()
	if s.clock.Settings.System != engine.NoTimeLimit {
		lim = lim.Spent(time.Since(start))
	}
	lim.RootFilter = opt.filter
	var reports []periodicReport
	if opt.report != nil {
		reports = append(reports, periodicReport{fn: opt.report, every: opt.every})
	}
	if s.cfg.LiveGfx != nil {
		reports = append(reports, periodicReport{fn: s.cfg.LiveGfx.show, every: liveGfxEvery})
	}
	lim.Report, lim.ReportEvery = combineReports(reports)
	res := s.eng.GenMove(ctx, s.game, color, lim, cleanup)
	if ctx.Err() != nil && res.RootVisits < minInterruptedVisits {
		lim = engine.Limits{Playouts: minInterruptedVisits, RootFilter: opt.filter}
		res = s.eng.GenMove(context.Background(), s.game, color, lim, cleanup)
	}
	if s.cfg.LiveGfx != nil {
		s.cfg.LiveGfx.Clear()
	}
	elapsed := time.Since(start)
	s.searchTime += elapsed
	if s.log.Enabled(LevelInfo) {
		g := s.game.Board().Geometry
		pv := ""
		if len(res.Candidates) > 0 {
			var vs []string
			for _, p := range res.Candidates[0].PV {
				vs = append(vs, g.Vertex(p))
			}
			pv = strings.Join(vs, " ")
		}
		move := g.Vertex(res.Move)
		if res.Resign {
			move = "resign (best " + move + ")"
		}
		if res.FromBook {
			s.log.Infof("%s %s: from the opening book", color, move)
		} else {
			s.log.Infof("%s %s: win rate %.3f, score lead %.1f, %d playouts (%d in the tree) in %.2fs (budget %.2fs), pv %s",
				color, move, res.WinRate, res.ScoreLead, res.Playouts, res.RootVisits, elapsed.Seconds(), lim.Time.Seconds(), pv)
		}
	}
	s.lastSearch = res
	return res
}

func (s *Server) colorArg(c *Call) (rules.Color, error) {
	if err := c.arity(1, 1, "color"); err != nil {
		return rules.Empty, err
	}
	return parseColor(c.Args[0])
}

func (s *Server) cmdGenmove(c *Call) (string, error) {
	col, err := s.colorArg(c)
	if err != nil {
		return "", err
	}
	return s.genmove(c.Context(), col, thinkOptions{}), nil
}

// genmove chooses color's move, plays it (or resigns), charges the clock,
// starts pondering when that is on, and returns the move as GTP writes it.
func (s *Server) genmove(ctx context.Context, col rules.Color, opt thinkOptions) string {
	start := time.Now()
	res := s.thinkWith(ctx, col, false, opt)
	if res.Resign {
		s.clock.Spend(col, time.Since(start))
		return "resign"
	}
	move := s.playGenerated(col, res.Move)
	s.clock.Spend(col, time.Since(start))
	s.startPonder()
	return s.game.Board().Vertex(move)
}

// playGenerated plays the engine's move into the game; the search only
// offers legal moves, so a refusal is a bug, answered with a pass.
func (s *Server) playGenerated(col rules.Color, move rules.Point) rules.Point {
	if err := s.game.Play(move, col); err != nil {
		s.log.Errorf("engine chose %s %s, which the game refuses (%v); passing",
			col, s.game.Board().Vertex(move), err)
		move = rules.Pass
		if err := s.game.Play(move, col); err != nil {
			s.log.Errorf("pass refused: %v", err)
		}
	}
	return move
}

// cmdRegGenmove answers what genmove would play without playing it or
// charging the clock.
func (s *Server) cmdRegGenmove(c *Call) (string, error) {
	col, err := s.colorArg(c)
	if err != nil {
		return "", err
	}
	res := s.think(c.Context(), col, false)
	if res.Resign {
		return "resign", nil
	}
	return s.game.Board().Vertex(res.Move), nil
}

// cmdGenmoveCleanup is kgs-genmove_cleanup: genmove, except that it never
// passes while opponent stones the end-of-game judgement (final_status_list)
// calls dead are on the board and a move that attacks them is legal (KGS
// then scores what is on the board: the engine's cleanup mode), and it
// never resigns: the game is over but for counting.
func (s *Server) cmdGenmoveCleanup(c *Call) (string, error) {
	col, err := s.colorArg(c)
	if err != nil {
		return "", err
	}
	start := time.Now()
	res := s.think(c.Context(), col, true)
	move := res.Move
	if res.Resign {
		move = rules.Pass
	}
	move = s.playGenerated(col, move)
	s.clock.Spend(col, time.Since(start))
	s.startPonder()
	return s.game.Board().Vertex(move), nil
}

// statusKey identifies a position for the analysis cache.
type statusKey struct {
	size, moves, handicap int
	hash                  uint64
	toMove                rules.Color
	komi                  float64
	rules                 string
}

func (s *Server) statusKey() statusKey {
	g := s.game
	return statusKey{size: g.Size(), moves: g.MoveNumber(), handicap: g.Handicap(), hash: g.Board().Hash(),
		toMove: g.ToMove(), komi: g.Komi, rules: g.Rules.Name}
}

// finalStatus judges every stone of the current position with the engine's
// end-of-game judgement (Engine.Verdict, which keeps the last one, so that
// final_score and final_status_list agree). Under Tromp-Taylor rules the
// board is counted as it stands, so every stone is alive, as the engine's
// own pass decisions assume.
func (s *Server) finalStatus(ctx context.Context) rules.StatusMap {
	if s.game.Rules.StonesAsTheyStand {
		return rules.NewStatusMap(s.game.Board())
	}
	return s.eng.Verdict(ctx, s.game).Status
}

func (s *Server) cmdFinalStatusList(c *Call) (string, error) {
	if err := c.arity(1, 1, "alive|dead|seki"); err != nil {
		return "", err
	}
	var want rules.Status
	switch strings.ToLower(c.Args[0]) {
	case "alive":
		want = rules.Alive
	case "dead":
		want = rules.Dead
	case "seki":
		want = rules.Seki
	default:
		return "", fmt.Errorf("invalid status %s", quote(c.Args[0]))
	}
	return chainsWithStatus(s.game.Board(), s.finalStatus(c.Context()), want), nil
}

// chainsWithStatus lists the chains whose stones have status want, one
// chain per line (GTP's format), each in board order from the top left.
func chainsWithStatus(board *rules.Board, status rules.StatusMap, want rules.Status) string {
	var b rules.Board
	b.CopyFrom(board)
	order := func(p rules.Point) int { x, y := b.XY(p); return (b.Size-1-y)*b.Size + x }
	var lines []string
	done := map[int]bool{}
	for y := b.Size - 1; y >= 0; y-- {
		for x := 0; x < b.Size; x++ {
			p := b.At(x, y)
			if b.Color(p) == rules.Empty || done[b.ChainHead(p)] || status.At(p) != want {
				continue
			}
			done[b.ChainHead(p)] = true
			stones := b.ChainStones(p, nil)
			sort.Slice(stones, func(i, j int) bool { return order(stones[i]) < order(stones[j]) })
			vs := make([]string, len(stones))
			for i, q := range stones {
				vs[i] = b.Vertex(q)
			}
			lines = append(lines, strings.Join(vs, " "))
		}
	}
	return strings.Join(lines, "\n")
}

// cmdFinalScore scores the position under the rules in force, with the
// stones the end-of-game judgement calls dead removed (the same judgement
// as final_status_list).
func (s *Server) cmdFinalScore(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	status := s.finalStatus(c.Context())
	if c.Context().Err() != nil {
		return "", errCannotScore // interrupted: the judgement is incomplete
	}
	return judge.ScoreIfPassed(s.game, status).String(), nil
}
