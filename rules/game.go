package rules

import (
	"errors"
	"fmt"
)

// ErrNoMoves is returned by Undo at the start of the game.
var ErrNoMoves = errors.New("no move to undo")

// ErrNotEmpty is returned when handicap or setup needs an empty, fresh game.
var ErrNotEmpty = errors.New("board not empty")

// event is one step of a game record: a move (play or pass), or a setup of
// stones placed or removed in the middle of a record (SGF AB/AW/AE nodes).
type event struct {
	move   Move
	setup  []Move
	toMove Color // player to move after a setup event
}

// Game is a game record: the starting position (handicap and setup stones),
// the sequence of moves, and the rules that judge them. It answers legality
// under the rule set's ko rule (including superko over the whole history),
// undoes exactly, and gives the position after any move number.
//
// Undo replays the record from the start: a 300-move replay costs tens of
// microseconds, and the result is exact by construction.
type Game struct {
	Rules Ruleset
	Komi  float64

	handicap int
	start    Board // position before the first event
	board    Board // current position
	events   []event
	hashes   []uint64 // position hashes: [0] the start, [i] after events[i-1]
	movers   []Color  // player to move in position i
	scratch  Board
}

// NewGame starts an empty game.
func NewGame(size int, rules Ruleset, komi float64) (*Game, error) {
	g := &Game{Rules: rules, Komi: komi}
	if err := g.start.Reset(size); err != nil {
		return nil, err
	}
	g.start.SetAllowSuicide(rules.Suicide)
	g.restart()
	return g, nil
}

// restart sets the current position to the start and clears the history.
func (g *Game) restart() {
	g.board.CopyFrom(&g.start)
	g.events = g.events[:0]
	g.hashes = append(g.hashes[:0], g.start.Hash())
	g.movers = append(g.movers[:0], g.start.ToMove())
}

// SetRules changes the rule set in force (the suicide rule applies to later
// moves; the record is kept).
func (g *Game) SetRules(r Ruleset) {
	g.Rules = r
	g.start.SetAllowSuicide(r.Suicide)
	g.board.SetAllowSuicide(r.Suicide)
}

// Size is the board size.
func (g *Game) Size() int { return g.start.Size }

// Board is the current position. Callers must not modify it; copy it with
// CopyFrom to work on it.
func (g *Game) Board() *Board { return &g.board }

// Start is the position before the first move (after handicap and setup).
func (g *Game) Start() *Board { return &g.start }

// ToMove is the player to move.
func (g *Game) ToMove() Color { return g.board.ToMove() }

// Handicap is the number of handicap stones placed with SetHandicap.
func (g *Game) Handicap() int { return g.handicap }

// MoveNumber is the number of events (moves, passes and mid-game setups)
// since the start.
func (g *Game) MoveNumber() int { return len(g.events) }

// Moves returns the moves played (plays and passes), in order.
func (g *Game) Moves() []Move {
	out := make([]Move, 0, len(g.events))
	for _, e := range g.events {
		if e.setup == nil {
			out = append(out, e.move)
		}
	}
	return out
}

// History returns the position hashes from the start to the current
// position, for superko checks in the search. Callers must not modify it.
func (g *Game) History() []uint64 { return g.hashes }

// Check tells whether c may play at p now, under all the rules in force
// (points before colours, as on Board).
func (g *Game) Check(p Point, c Color) error {
	if err := g.board.Check(p, c); err != nil {
		return err
	}
	if p == Pass || g.Rules.Ko == SimpleKo {
		return nil
	}
	g.scratch.CopyFrom(&g.board)
	g.scratch.PlayLegal(p, c)
	if g.repeats(g.scratch.Hash(), c.Opponent()) {
		return ErrSuperko
	}
	return nil
}

// repeats tells whether a position with the given hash and player to move
// next breaks the superko rule in force.
func (g *Game) repeats(hash uint64, next Color) bool {
	for i, h := range g.hashes {
		if h == hash && (g.Rules.Ko == PositionalSuperko || g.movers[i] == next) {
			return true
		}
	}
	return false
}

// Play plays c at p (or passes); a refused move leaves the game unchanged.
func (g *Game) Play(p Point, c Color) error {
	if err := g.Check(p, c); err != nil {
		return err
	}
	g.apply(event{move: Move{Color: c, Point: p}})
	return nil
}

// PlayUnchecked plays a move that the board accepts even if it breaks the
// superko rule (real game records sometimes do; the replay tests list them).
func (g *Game) PlayUnchecked(p Point, c Color) error {
	if err := g.board.Check(p, c); err != nil {
		return err
	}
	g.apply(event{move: Move{Color: c, Point: p}})
	return nil
}

func (g *Game) apply(e event) {
	if e.setup != nil {
		if err := g.board.SetStones(e.setup); err != nil {
			panic("rules: replaying a setup that was accepted failed: " + err.Error())
		}
		g.board.SetToMove(e.toMove)
	} else {
		g.board.PlayLegal(e.move.Point, e.move.Color)
	}
	g.events = append(g.events, e)
	g.hashes = append(g.hashes, g.board.Hash())
	g.movers = append(g.movers, g.board.ToMove())
}

// Setup places and removes stones in the middle of a record (SGF AB/AW/AE in
// a move node) and sets the player to move. At the start of a game prefer
// SetupStart, which changes the starting position instead.
func (g *Game) Setup(stones []Move, toMove Color) error {
	g.scratch.CopyFrom(&g.board)
	if err := g.scratch.SetStones(stones); err != nil {
		return err
	}
	g.apply(event{setup: append([]Move{}, stones...), toMove: toMove})
	return nil
}

// SetupStart places and removes stones in the starting position; only
// before the first move.
func (g *Game) SetupStart(stones []Move) error {
	if len(g.events) > 0 {
		return ErrNotEmpty
	}
	if err := g.start.SetStones(stones); err != nil {
		return err
	}
	g.restart()
	return nil
}

// SetToMove sets the player to move in the current position; at the start of
// the game it also sets who moves first (SGF PL, gogui-setup_player).
func (g *Game) SetToMove(c Color) {
	if len(g.events) == 0 {
		g.start.SetToMove(c)
		g.movers[0] = c
	}
	g.board.SetToMove(c)
	g.movers[len(g.movers)-1] = c
}

// SetHandicap places Black's handicap stones on an empty board before the
// first move; White moves next. Points must be distinct and on the board.
func (g *Game) SetHandicap(points []Point) error {
	if len(g.events) > 0 || g.start.EmptyCount() != g.Size()*g.Size() {
		return ErrNotEmpty
	}
	seen := map[Point]bool{}
	stones := make([]Move, 0, len(points))
	for _, p := range points {
		if !g.start.OnBoard(p) {
			return ErrOffBoard
		}
		if seen[p] {
			return fmt.Errorf("repeated vertex %s", g.start.Vertex(p))
		}
		seen[p] = true
		stones = append(stones, Move{Color: Black, Point: p})
	}
	if err := g.start.SetStones(stones); err != nil {
		return err
	}
	g.start.SetToMove(White)
	g.handicap = len(points)
	g.restart()
	return nil
}

// SetHandicapCount records the number of handicap stones (SGF HA) when the
// stones themselves arrive as setup stones.
func (g *Game) SetHandicapCount(n int) { g.handicap = n }

// Undo takes back the last event (move, pass or mid-game setup).
func (g *Game) Undo() error {
	if len(g.events) == 0 {
		return ErrNoMoves
	}
	events := append([]event(nil), g.events[:len(g.events)-1]...)
	g.restart()
	for _, e := range events {
		g.apply(e)
	}
	return nil
}

// Position returns the position after the first n events (0 = the start).
func (g *Game) Position(n int) (*Board, error) {
	if n < 0 || n > len(g.events) {
		return nil, fmt.Errorf("move number %d out of range 0..%d", n, len(g.events))
	}
	b := &Board{}
	b.CopyFrom(&g.start)
	for _, e := range g.events[:n] {
		if e.setup != nil {
			if err := b.SetStones(e.setup); err != nil {
				return nil, err
			}
			b.SetToMove(e.toMove)
		} else {
			b.PlayLegal(e.move.Point, e.move.Color)
		}
	}
	return b, nil
}

// Truncate keeps the first n events and drops the rest.
func (g *Game) Truncate(n int) error {
	if n < 0 || n > len(g.events) {
		return fmt.Errorf("move number %d out of range 0..%d", n, len(g.events))
	}
	events := append([]event(nil), g.events[:n]...)
	g.restart()
	for _, e := range events {
		g.apply(e)
	}
	return nil
}

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game {
	c := &Game{Rules: g.Rules, Komi: g.Komi, handicap: g.handicap}
	c.start.CopyFrom(&g.start)
	c.board.CopyFrom(&g.board)
	c.events = append([]event(nil), g.events...)
	c.hashes = append([]uint64(nil), g.hashes...)
	c.movers = append([]Color(nil), g.movers...)
	return c
}

// Ended tells whether the game ended by two consecutive passes.
func (g *Game) Ended() bool { return g.board.Passes() >= 2 }
