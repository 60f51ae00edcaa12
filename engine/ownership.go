package engine

import (
	"context"

	"github.com/gtpgo/gtpgo/rules"
)

// StoneStatus is the end-of-game judgement of a stone.
type StoneStatus int

const (
	Alive StoneStatus = iota
	Dead
	Seki
)

func (s StoneStatus) String() string { return [...]string{"alive", "dead", "seki"}[s] }

// statusPlayouts is how many playouts the dead-stone judgement runs: the
// search.md guidance is >= 500; more makes borderline groups stable.
const statusPlayouts = 4000

// FinalStatus judges every stone of the current position: dead when the
// opponent owns its point in most playouts. The result is indexed by
// rules.Point (entries for empty points are Alive and meaningless).
func (e *Engine) FinalStatus(ctx context.Context, g *rules.Game) []StoneStatus {
	res := e.Search(ctx, g, g.ToMove(), Limits{Playouts: statusPlayouts})
	b := g.Board()
	status := make([]StoneStatus, b.Len)
	for _, p := range b.Points() {
		own := res.Ownership[p]
		switch b.Color(p) {
		case rules.Black:
			if own < -0.5 {
				status[p] = Dead
			}
		case rules.White:
			if own > 0.5 {
				status[p] = Dead
			}
		}
	}
	return status
}
