package gtp

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/gtpgo/gtpgo/engine"
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
func (s *Server) limits(color rules.Color) engine.Limits {
	p := s.eng.Params()
	size := s.game.Size()
	target, maxTime, ok := s.clock.Budget(color, size, s.game.Board().EmptyCount())
	if !ok {
		secs := p.MoveTime
		if secs <= 0 {
			secs = engine.DefaultMoveTime(size)
		}
		target = time.Duration(secs * float64(time.Second))
		maxTime = target
	}
	return engine.Limits{Playouts: p.MaxPlayouts, Time: target, MaxTime: maxTime, EarlyStop: true}
}

// think searches the current position for color under the move budget.
func (s *Server) think(ctx context.Context, color rules.Color) engine.Result {
	start := time.Now()
	lim := s.limits(color)
	res := s.eng.Search(ctx, s.game, color, lim)
	if ctx.Err() != nil && res.RootVisits < minInterruptedVisits {
		res = s.eng.Search(context.Background(), s.game, color, engine.Limits{Playouts: minInterruptedVisits})
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
		s.log.Infof("%s %s: win rate %.3f, score lead %.1f, %d playouts in %.2fs (budget %.2fs), pv %s",
			color, move, res.WinRate, res.ScoreLead, res.Playouts, elapsed.Seconds(),
			lim.Time.Seconds(), pv)
	}
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
	start := time.Now()
	res := s.think(c.Context(), col)
	if res.Resign {
		s.clock.Spend(col, time.Since(start))
		return "resign", nil
	}
	move := s.playGenerated(col, res.Move)
	s.clock.Spend(col, time.Since(start))
	return s.game.Board().Vertex(move), nil
}

// playGenerated plays the engine's move into the game; the search only
// offers legal moves, so a refusal is a bug, answered with a pass.
func (s *Server) playGenerated(col rules.Color, move rules.Point) rules.Point {
	if err := s.game.Play(col, move); err != nil {
		s.log.Errorf("engine chose %s %s, which the game refuses (%v); passing",
			col, s.game.Board().Vertex(move), err)
		move = rules.Pass
		if err := s.game.Play(col, move); err != nil {
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
	res := s.think(c.Context(), col)
	if res.Resign {
		return "resign", nil
	}
	return s.game.Board().Vertex(res.Move), nil
}

// cmdGenmoveCleanup is kgs-genmove_cleanup: genmove, except that it never
// passes while opponent stones the end-of-game judgement calls dead are on
// the board and a move that attacks them is legal (KGS then scores what is
// on the board), and it never resigns: the game is over but for counting.
func (s *Server) cmdGenmoveCleanup(c *Call) (string, error) {
	col, err := s.colorArg(c)
	if err != nil {
		return "", err
	}
	start := time.Now()
	res := s.think(c.Context(), col)
	move := res.Move
	if move == rules.Pass || res.Resign {
		move = rules.Pass
		if p, ok := s.cleanupMove(c.Context(), col, res); ok {
			move = p
		}
	}
	move = s.playGenerated(col, move)
	s.clock.Spend(col, time.Since(start))
	return s.game.Board().Vertex(move), nil
}

// cleanupMove finds a legal move against the opponent's dead stones: a
// liberty of a dead chain (fewest liberties first, so captures come
// first), else an empty point next to such a liberty that is not col's own
// eye. Among them it takes the search's most visited, if any.
func (s *Server) cleanupMove(ctx context.Context, col rules.Color, res engine.Result) (rules.Point, bool) {
	status := s.finalStatus(ctx)
	var b rules.Board // a copy: chain walks use the board's scratch marks
	b.CopyFrom(s.game.Board())
	opp := col.Opponent()
	score := map[rules.Point]int{}
	consider := func(p rules.Point, v int) {
		if old, ok := score[p]; (!ok || v < old) && s.game.Check(col, p) == nil {
			score[p] = v
		}
	}
	var libs [][]rules.Point
	seen := map[int]bool{}
	for _, p := range b.Points() {
		if b.Color(p) != opp || status[p] != engine.Dead || seen[b.ChainHead(p)] {
			continue
		}
		seen[b.ChainHead(p)] = true
		l := b.ChainLiberties(p, nil)
		libs = append(libs, l)
		for _, q := range l {
			consider(q, len(l))
		}
	}
	if len(score) == 0 {
		for _, l := range libs {
			for _, q := range l {
				for _, d := range b.Neighbors() {
					r := rules.Point(int(q) + d)
					if b.OnBoard(r) && b.Color(r) == rules.Empty && !b.IsEye(r, col) {
						consider(r, len(l)+1)
					}
				}
			}
		}
	}
	if len(score) == 0 {
		return rules.Pass, false
	}
	for _, cand := range res.Candidates {
		if _, ok := score[cand.Move]; ok {
			return cand.Move, true
		}
	}
	best := rules.Pass
	for p, v := range score {
		if best == rules.Pass || v < score[best] || (v == score[best] && p < best) {
			best = p
		}
	}
	return best, true
}

// statusKey identifies what the end-of-game judgement depends on.
type statusKey struct {
	size, moves, handicap int
	hash                  uint64
	toMove                rules.Color
	komi                  float64
	rules                 string
}

// statusCache keeps the last judgement, so that final_score and
// final_status_list (and a cleanup move) agree on one position.
type statusCache struct {
	key    statusKey
	status []engine.StoneStatus
}

func (s *Server) statusKey() statusKey {
	g := s.game
	return statusKey{size: g.Size(), moves: g.MoveNumber(), handicap: g.Handicap(), hash: g.Board().Hash(),
		toMove: g.ToMove(), komi: g.Komi, rules: g.Rules.Name}
}

// finalStatus judges every stone of the current position (indexed by
// rules.Point). The engine judges points; a chain takes the status of the
// majority of its stones so that a chain is never split.
func (s *Server) finalStatus(ctx context.Context) []engine.StoneStatus {
	key := s.statusKey()
	if s.status.status != nil && s.status.key == key {
		return s.status.status
	}
	raw := s.eng.FinalStatus(ctx, s.game)
	var b rules.Board
	b.CopyFrom(s.game.Board())
	status := make([]engine.StoneStatus, len(raw))
	done := map[int]bool{}
	for _, p := range b.Points() {
		if b.Color(p) == rules.Empty || done[b.ChainHead(p)] {
			continue
		}
		done[b.ChainHead(p)] = true
		stones := b.ChainStones(p, nil)
		var votes [3]int
		for _, q := range stones {
			votes[raw[q]]++
		}
		st := engine.Alive
		for k := range votes {
			if 2*votes[k] > len(stones) {
				st = engine.StoneStatus(k)
			}
		}
		for _, q := range stones {
			status[q] = st
		}
	}
	if ctx.Err() == nil {
		s.status = statusCache{key: key, status: status}
	}
	return status
}

func (s *Server) cmdFinalStatusList(c *Call) (string, error) {
	if err := c.arity(1, 1, "alive|dead|seki"); err != nil {
		return "", err
	}
	var want engine.StoneStatus
	switch strings.ToLower(c.Args[0]) {
	case "alive":
		want = engine.Alive
	case "dead":
		want = engine.Dead
	case "seki":
		want = engine.Seki
	default:
		return "", fmt.Errorf("invalid status %s", quote(c.Args[0]))
	}
	return chainsWithStatus(s.game.Board(), s.finalStatus(c.Context()), want), nil
}

// chainsWithStatus lists the chains whose stones have status want, one
// chain per line (GTP's format), each in board order from the top left.
func chainsWithStatus(board *rules.Board, status []engine.StoneStatus, want engine.StoneStatus) string {
	var b rules.Board
	b.CopyFrom(board)
	order := func(p rules.Point) int { x, y := b.XY(p); return (b.Size-1-y)*b.Size + x }
	var lines []string
	done := map[int]bool{}
	for y := b.Size - 1; y >= 0; y-- {
		for x := 0; x < b.Size; x++ {
			p := b.At(x, y)
			if b.Color(p) == rules.Empty || done[b.ChainHead(p)] || status[p] != want {
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
	return s.game.Score(statusMap(s.game.Board(), status)).String(), nil
}

// statusMap converts the engine's judgement to the rules package's.
func statusMap(b *rules.Board, status []engine.StoneStatus) rules.StatusMap {
	m := rules.NewStatusMap(b)
	for _, p := range b.Points() {
		switch status[p] {
		case engine.Dead:
			m[p] = rules.Dead
		case engine.Seki:
			m[p] = rules.Seki
		}
	}
	return m
}
