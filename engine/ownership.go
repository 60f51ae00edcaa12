package engine

import (
	"context"

	"github.com/gtpgo/gtpgo/judge"
	"github.com/gtpgo/gtpgo/rules"
)

// Verdict judges the current position of g (package judge): the status of
// every stone, and where play still matters. It reads the ownership of
// playouts with either side moving first (FinalOwnership). final_score,
// final_status_list, GoGui's territory display and GenMove's decision to
// pass all read this one judgement: the last one is kept, so they agree on
// a position (an interrupted one is not kept).
func (e *Engine) Verdict(ctx context.Context, g *rules.Game) judge.Verdict {
	p := e.Params()
	key := verdictKey{hash: g.Board().Hash(), size: g.Size(), moves: g.MoveNumber(), toMove: g.ToMove(),
		rules: g.Rules, params: p}
	e.mu.Lock()
	cached := e.verdict
	e.mu.Unlock()
	if cached.valid && cached.key == key {
		return cached.verdict
	}
	v := p.JudgeParams.Verdict(g.Board(), e.FinalOwnership(ctx, g))
	if ctx.Err() == nil {
		e.mu.Lock()
		e.verdict = verdictCache{key: key, verdict: v, valid: true}
		e.mu.Unlock()
	}
	return v
}

// verdictKey is what a verdict depends on.
type verdictKey struct {
	hash   uint64
	size   int
	moves  int
	toMove rules.Color
	rules  rules.Ruleset
	params Params
}

type verdictCache struct {
	key     verdictKey
	verdict judge.Verdict
	valid   bool
}

// FinalOwnership is the ownership the judgement reads: two searches of
// playouts alone (no tree, which wanders into silly lines once the result
// is decided), one with each side moving first. When some stone is still in
// doubt (a capturing race, a big group with one eye), both run again with
// DoubtFactor times the playouts: such fights are where a small search is
// noisy.
func (e *Engine) FinalOwnership(ctx context.Context, g *rules.Game) judge.Ownership {
	jp := e.Params().JudgeParams
	own := e.finalOwnership(ctx, g, jp.StatusPlayouts)
	if jp.InDoubt(g.Board(), own.Merged(g.Board())) {
		own = e.finalOwnership(ctx, g, jp.DoubtFactor*jp.StatusPlayouts)
	}
	return own
}

func (e *Engine) finalOwnership(ctx context.Context, g *rules.Game, playouts int) judge.Ownership {
	lim := Limits{Playouts: playouts, PlayoutsOnly: true}
	return judge.Ownership{
		WhiteFirst: e.Search(ctx, g, rules.White, lim).Ownership,
		BlackFirst: e.Search(ctx, g, rules.Black, lim).Ownership,
	}
}
