package engine

import (
	"context"

	"github.com/gtpgo/gtpgo/rules"
)

// FinalStatus judges every stone of the current position (see Judge). At the
// end of a game both players have passed, so a chain is only alive if it
// survives the opponent moving first: Black's chains are judged from a search
// with White to move and White's from one with Black to move (empty points,
// which only the seki test reads, from the average of both), and it must
// survive clearly more often than not (FinalDeadOwnership).
func (e *Engine) FinalStatus(ctx context.Context, g *rules.Game) rules.StatusMap {
	jp := e.Params().JudgeParams
	return jp.FinalJudge(g.Board(), e.FinalOwnership(ctx, g))
}

// FinalOwnership is the ownership FinalStatus judges from: each stone's
// point from the search where the opponent moves first. When some chain is
// still in doubt (a capturing race, a big group with one eye), both searches
// run again with four times the playouts: such fights are where a small
// search is noisy.
func (e *Engine) FinalOwnership(ctx context.Context, g *rules.Game) []float64 {
	jp := e.Params().JudgeParams
	own := e.finalOwnership(ctx, g, jp.StatusPlayouts)
	if jp.InDoubt(g.Board(), own) {
		own = e.finalOwnership(ctx, g, jp.DoubtFactor*jp.StatusPlayouts)
	}
	return own
}

func (e *Engine) finalOwnership(ctx context.Context, g *rules.Game, playouts int) []float64 {
	lim := Limits{Playouts: playouts, PlayoutsOnly: true}
	whiteFirst := e.Search(ctx, g, rules.White, lim).Ownership
	blackFirst := e.Search(ctx, g, rules.Black, lim).Ownership
	b := g.Board()
	own := make([]float64, b.Len)
	for _, p := range b.Points() {
		switch b.Color(p) {
		case rules.Black:
			own[p] = whiteFirst[p]
		case rules.White:
			own[p] = blackFirst[p]
		default:
			own[p] = (whiteFirst[p] + blackFirst[p]) / 2
		}
	}
	return own
}
