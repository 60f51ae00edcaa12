package engine

import (
	"context"

	"github.com/gtpgo/gtpgo/rules"
)

// settledOwnership is how surely a point must belong to one side for a move
// there to count as pointless at the end of the game.
const settledOwnership = 0.9

// GenMove chooses color's move in g: the search's best move, adjusted by the
// end-of-game rules a strong player follows.
//
//   - Pass when passing wins now (under the rules in force, with the dead
//     stones judged from this search) and the move the search prefers is
//     pointless: inside settled territory, or any move once the opponent has
//     passed. Under Japanese rules this keeps the engine from filling its
//     own territory; under any rules it answers a pass by passing when that
//     wins.
//   - Never pass into a loss when the board is counted as it stands
//     (Tromp-Taylor): play the best non-pass move instead.
//   - With cleanup (kgs-genmove_cleanup), never pass while dead opponent
//     stones remain on the board and a move is left: capture them first
//     (own eyes are never candidates, so they are not filled).
func (e *Engine) GenMove(ctx context.Context, g *rules.Game, color rules.Color, lim Limits, cleanup bool) Result {
	res := e.Search(ctx, g, color, lim)
	if res.Resign || g.MoveNumber() == 0 {
		return res
	}
	b := g.Board()
	status := Judge(b, res.Ownership)
	passWins := ScoreIfPassed(g, status).Winner() == color
	opponentPassed := b.LastMove() == rules.Pass

	switch {
	case cleanup && deadStonesOf(b, status, color.Opponent()):
		if res.Move == rules.Pass {
			res.Move = bestNonPass(res)
		}
	case res.Move == rules.Pass:
		if !passWins && g.Rules.Name == rules.TrompTaylor.Name {
			res.Move = bestNonPass(res)
		}
	case passWins && (opponentPassed || pointless(b, res)):
		res.Move = rules.Pass
	}
	return res
}

// pointless tells whether the chosen move lies inside settled territory
// (either side's), where it cannot change the result.
func pointless(b *rules.Board, res Result) bool {
	o := res.Ownership[res.Move]
	return o >= settledOwnership || o <= -settledOwnership
}

// bestNonPass returns the most visited candidate that is not a pass, or Pass.
func bestNonPass(res Result) rules.Point {
	for _, c := range res.Candidates {
		if c.Move != rules.Pass {
			return c.Move
		}
	}
	return rules.Pass
}

// deadStonesOf tells whether any stone of color is judged dead.
func deadStonesOf(b *rules.Board, status rules.StatusMap, color rules.Color) bool {
	for _, p := range b.Points() {
		if b.Color(p) == color && status.At(p) == rules.Dead {
			return true
		}
	}
	return false
}
