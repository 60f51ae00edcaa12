package engine

import (
	"context"

	"github.com/gtpgo/gtpgo/judge"
	"github.com/gtpgo/gtpgo/rules"
)

// GenMove chooses color's move in g: the search's best move, adjusted by the
// end-of-game rules a strong player follows.
//
//   - Pass when passing wins now (under the rules in force, with the dead
//     stones judged from this search) and either the opponent has passed, or
//     the game is settled (every empty point is sure territory or dame) and
//     the move the search prefers lies inside territory, where it is
//     pointless. Under Japanese rules this keeps the engine from filling its
//     own territory; under any rules it answers a pass by passing when that
//     wins.
//   - Never pass into a loss when the board is counted as it stands
//     (Tromp-Taylor): play the best non-pass move instead.
//   - With cleanup (kgs-genmove_cleanup), never pass while dead opponent
//     stones remain on the board and a move is left: capture them first
//     (own eyes are never candidates, so they are not filled).
//   - Under area scoring, capture instead of passing while an opponent
//     chain sits in atari and taking it is safe: it costs nothing there, and
//     a capturing race left on the board is what referees (and opponents)
//     most often count differently. For the same reason, connect an own
//     chain left in atari (typically after retaking a ko) to a living chain
//     when the connection leaves it two liberties: a referee counts it dead.
func (e *Engine) GenMove(ctx context.Context, g *rules.Game, color rules.Color, lim Limits, cleanup bool) Result {
	res := e.Search(ctx, g, color, lim)
	if res.Resign || g.MoveNumber() == 0 {
		return res
	}
	b := g.Board()
	jp := e.Params().JudgeParams
	status := jp.Judge(b, res.Ownership)
	passWins := judge.ScoreIfPassed(g, status).Winner() == color
	opponentPassed := b.LastMove() == rules.Pass

	switch {
	case cleanup && deadStonesOf(b, status, color.Opponent()):
		if res.Move == rules.Pass {
			res.Move = bestNonPass(res)
		}
	case res.Move == rules.Pass:
		if !passWins && g.Rules.StonesAsTheyStand {
			res.Move = bestNonPass(res)
		}
	case passWins && (opponentPassed || jp.Settled(b, res.Ownership) && jp.InTerritory(res.Ownership, res.Move)):
		res.Move = rules.Pass
	}
	if res.Move == rules.Pass && g.Rules.Scoring == rules.AreaScoring {
		opponents := func(s, _ rules.Point) bool { return b.Color(s) == color.Opponent() }
		joinsLiving := func(s, lib rules.Point) bool {
			return b.Color(s) == color && judge.TouchesOtherLiving(b, status, lib, s)
		}
		if p := safeAtariMove(g, color, opponents); p != rules.Pass {
			res.Move = p
		} else if p := safeAtariMove(g, color, joinsLiving); p != rules.Pass {
			res.Move = p
		}
	}
	return res
}

// safeAtariMove returns a legal move for color at the last liberty of a
// chain in atari that target accepts (given the chain and its liberty),
// leaving color's chain there at least two liberties (no ko or single-stone
// snapback; LibertiesAfter counts any capture of two or more stones as
// enough); Pass if there is none. The biggest such chain wins. On an
// opponent chain the move captures; on an own chain it connects, and the
// liberty is never a real eye since the opponent could take the chain there.
func safeAtariMove(g *rules.Game, color rules.Color, target func(chain, lib rules.Point) bool) rules.Point {
	b := g.Board()
	best, bestSize := rules.Pass, 0
	for _, s := range b.Points() {
		if b.Color(s) == rules.Empty || b.ChainHead(s) != int(s) || b.Liberties(s) != 1 {
			continue
		}
		p := b.AtariPoint(s)
		if !target(s, p) {
			continue
		}
		if size := b.ChainSize(s); size > bestSize && g.Check(p, color) == nil && b.LibertiesAfter(p, color, 2) >= 2 {
			best, bestSize = p, size
		}
	}
	return best
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
