package engine

import (
	"context"
	"errors"

	"github.com/gtpgo/gtpgo/judge"
	"github.com/gtpgo/gtpgo/rules"
)

// GenMove chooses color's move in g: the search's best move, adjusted by the
// end-of-game rules a strong player follows. The engine passes only on a
// settled board: every empty point territory of a living group or dame, and
// no group's fate depending on who moves next, by the same judgement that
// final_score reports (Verdict).
//
//   - When the search would pass, the opponent has passed, or the search's
//     own ownership says the board is settled, the position is judged. On a
//     settled board the engine fills the dame (a point under area scoring,
//     and a neutral point can hide a cut under any rules), takes dead
//     stones off where that is free (below), and then passes.
//   - On an unsettled board it plays on, whatever the opponent did: the
//     search's most visited move among the points still open (open
//     boundaries, groups in a fight, dame that matter), never a move inside
//     settled territory, its own or the opponent's; where the fight is a ko
//     it may not retake yet, the search's best move elsewhere (a ko threat).
//   - Never pass into a loss when the board is counted as it stands
//     (Tromp-Taylor): play the best non-pass move instead.
//   - With cleanup (kgs-genmove_cleanup), and under area scoring, where it
//     costs nothing, never pass while dead opponent stones remain on the
//     board and a move is left: capture them first (own eyes are never
//     filled).
//   - Under area scoring, capture instead of passing while an opponent
//     chain sits in atari and taking it is safe: it costs nothing there, and
//     a capturing race left on the board is what referees (and opponents)
//     most often count differently. For the same reason, connect an own
//     chain left in atari (typically after retaking a ko) to a living chain
//     when the connection leaves it two liberties: a referee counts it dead.
//
// Below MaxLevel (Params.Level) the searches are smaller and, where these
// rules leave the search's move alone, the move is drawn among the good
// candidates (level.go). At MaxLevel a position of the opening book
// (Params.Book) gets the book's move without a search (book.go).
func (e *Engine) GenMove(ctx context.Context, g *rules.Game, color rules.Color, lim Limits, cleanup bool) Result {
	if lv := e.levelFor(g, color, cleanup); lv != nil {
		return lv.genMove(ctx, e, g, color, lim, cleanup)
	}
	if p, ok := e.bookMove(g, color, lim); ok {
		return Result{Snapshot: Snapshot{Geometry: g.Board().Geometry, Color: color, WinRate: 0.5}, Move: p, FromBook: true}
	}
	res, _ := e.genMove(ctx, g, color, lim, cleanup)
	return res
}

// genMove is GenMove at full strength under the limits given. It returns
// the search's own move too, which the rules above may have changed.
func (e *Engine) genMove(ctx context.Context, g *rules.Game, color rules.Color, lim Limits, cleanup bool) (Result, rules.Point) {
	res := e.Search(ctx, g, color, lim)
	searched := res.Move
	if res.Resign || g.MoveNumber() == 0 {
		return res, searched
	}
	b := g.Board()
	jp := e.Params().JudgeParams
	opponentPassed := b.LastMove() == rules.Pass
	if res.Move != rules.Pass && !opponentPassed && !cleanup && !jp.Settled(b, res.Ownership) {
		return res, searched // the middle of the game: the search decides
	}
	v := e.Verdict(ctx, g)
	status := v.Status
	if g.Rules.StonesAsTheyStand {
		status = nil
	}
	passWins := judge.ScoreIfPassed(g, status).Winner() == color
	open := rules.Pass
	if !v.Settled() {
		open = e.openMove(g, color, res, v.Open)
	}
	removal := cleanup || g.Rules.Scoring == rules.AreaScoring
	switch {
	case !v.Settled() && open != rules.Pass:
		res.Move = open
	case !v.Settled() && koBlocksOpen(g, color, v.Open):
		// the fight still open is a ko we may not retake yet: a move
		// elsewhere (a ko threat) keeps it alive, a pass gives it up
		res.Move = bestNonPass(res)
	case removal && deadStonesOf(b, v.Status, color.Opponent()):
		// take them off the board before passing: it costs nothing under
		// area scoring, and what is on the board is what KGS's cleanup
		// and many referees count
		if p, ok := cleanupMove(g, color, res, v.Status); ok {
			res.Move = p
		} else {
			res.Move = rules.Pass
		}
	case g.Rules.StonesAsTheyStand && !passWins:
		res.Move = bestNonPass(res)
	default:
		// fill the dame before passing, under every rule set: a point under
		// area scoring, and a neutral point can hide a cut (the opponent's
		// chain that the playouts count as connected)
		res.Move = e.dameMove(g, color, res, v.Status)
	}
	if res.Move == rules.Pass && g.Rules.Scoring == rules.AreaScoring {
		opponents := func(s, _ rules.Point) bool { return b.Color(s) == color.Opponent() }
		joinsLiving := func(s, lib rules.Point) bool {
			return b.Color(s) == color && judge.TouchesOtherLiving(b, v.Status, lib, s)
		}
		if p := safeAtariMove(g, color, opponents); p != rules.Pass {
			res.Move = p
		} else if p := safeAtariMove(g, color, joinsLiving); p != rules.Pass {
			res.Move = p
		}
	}
	return res, searched
}

// openMove is the search's most visited candidate on a point still open;
// when it visited none (every move wins, say, and it spent all on one), the
// move model's likeliest open point that is neither an own eye nor a
// self-atari (a capture may be one: it is allowed); Pass when there is none.
func (e *Engine) openMove(g *rules.Game, color rules.Color, res Result, open []rules.Point) rules.Point {
	isOpen := make([]bool, g.Board().Len)
	for _, p := range open {
		isOpen[p] = true
	}
	b := g.Board()
	return e.preferredMove(g, color, res, func(p rules.Point) bool { return isOpen[p] },
		func(p rules.Point) bool {
			return isOpen[p] && !b.IsEye(p, color) && (!b.IsSelfAtari(p, color) || b.CaptureCount(p, color) > 0)
		})
}

// dameMove is a dame color can fill safely: legal, not a self-atari; the
// search's most visited such point, else the move model's likeliest; Pass
// when there is none.
func (e *Engine) dameMove(g *rules.Game, color rules.Color, res Result, status rules.StatusMap) rules.Point {
	b := g.Board()
	fills := func(p rules.Point) bool {
		return b.Color(p) == rules.Empty && judge.Dame(b, status, p) && g.Check(p, color) == nil && !b.IsSelfAtari(p, color)
	}
	return e.preferredMove(g, color, res, fills, fills)
}

// preferredMove is the search's most visited candidate (a point, not a
// pass) that searched accepts, else the move model's likeliest legal move
// that modelled accepts; Pass when there is none. The model is asked only
// when the search has no such candidate.
func (e *Engine) preferredMove(g *rules.Game, color rules.Color, res Result, searched, modelled func(rules.Point) bool) rules.Point {
	for _, c := range res.Candidates {
		if c.Move != rules.Pass && searched(c.Move) {
			return c.Move
		}
	}
	for _, mp := range e.MovePolicy(g, color) {
		if mp.Move != rules.Pass && modelled(mp.Move) {
			return mp.Move
		}
	}
	return rules.Pass
}

// cleanupMove finds a legal move against the opponent's dead stones: a
// liberty of a dead chain (fewest liberties first, so captures come
// first), else an empty point next to such a liberty that is not col's own
// eye. Among them it takes the search's most visited, if any.
func cleanupMove(g *rules.Game, col rules.Color, res Result, status rules.StatusMap) (rules.Point, bool) {
	var b rules.Board // a copy: chain walks use the board's scratch marks
	b.CopyFrom(g.Board())
	opp := col.Opponent()
	score := map[rules.Point]int{}
	consider := func(p rules.Point, v int) {
		if old, ok := score[p]; (!ok || v < old) && g.Check(p, col) == nil {
			score[p] = v
		}
	}
	var libs [][]rules.Point
	seen := map[int]bool{}
	for _, p := range b.Points() {
		if b.Color(p) != opp || status.At(p) != rules.Dead || seen[b.ChainHead(p)] {
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

// koBlocksOpen tells whether the ko rule alone keeps color from playing on
// one of the open points.
func koBlocksOpen(g *rules.Game, color rules.Color, open []rules.Point) bool {
	for _, p := range open {
		if errors.Is(g.Check(p, color), rules.ErrKo) {
			return true
		}
	}
	return false
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
