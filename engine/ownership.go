package engine

import (
	"context"

	"github.com/gtpgo/gtpgo/rules"
)

// statusPlayouts is how many playouts the dead-stone judgement runs on a
// board of the given size: search.md asks for >= 500; more makes borderline
// groups stable, and big boards have more of them.
func statusPlayouts(size int) int {
	if size <= 9 {
		return 3000
	}
	return 6000
}

// FinalStatus judges every stone of the current position (see Judge) from
// a search of the position with the player to move.
func (e *Engine) FinalStatus(ctx context.Context, g *rules.Game) rules.StatusMap {
	res := e.Search(ctx, g, g.ToMove(), Limits{Playouts: statusPlayouts(g.Size())})
	return Judge(g.Board(), res.Ownership)
}

// Thresholds of the judgement: a chain whose points the opponent owns on
// average more than deadOwnership is dead; a liberty owned by nobody more
// than sekiOwnership of the time, shared with an alive enemy chain, makes
// both chains seki.
const (
	deadOwnership = 0.0
	sekiOwnership = 0.4
)

// Judge decides the status of every chain from the search's ownership
// (indexed by point, +1 Black owns) and Benson's unconditional life: a
// pass-alive chain is alive and a chain inside the opponent's pass-alive area
// is dead whatever the playouts say; otherwise a chain is dead when the
// opponent owns its points more often than it does. Alive chains that share
// an unowned liberty with an alive enemy chain are in seki.
func Judge(b *rules.Board, ownership []float64) rules.StatusMap {
	status := rules.NewStatusMap(b)
	benson := rules.PassAlive(b)
	seen := make([]bool, b.Len)
	var stones []rules.Point
	for _, p := range b.Points() {
		c := b.Color(p)
		if (c != rules.Black && c != rules.White) || seen[p] {
			continue
		}
		stones = b.ChainStones(p, stones[:0])
		for _, s := range stones {
			seen[s] = true
		}
		switch benson[p] {
		case c:
			continue
		case c.Opponent():
			status.SetChain(b, p, rules.Dead)
			continue
		}
		sign := 1.0
		if c == rules.White {
			sign = -1
		}
		sum := 0.0
		for _, s := range stones {
			sum += ownership[s] * sign
		}
		if sum/float64(len(stones)) < deadOwnership {
			status.SetChain(b, p, rules.Dead)
		}
	}
	markSeki(b, status, ownership)
	return status
}

// markSeki marks alive chains that share a liberty, owned by nobody in the
// playouts, with an alive enemy chain.
func markSeki(b *rules.Board, status rules.StatusMap, ownership []float64) {
	var libs []rules.Point
	for _, p := range b.Points() {
		c := b.Color(p)
		if (c != rules.Black && c != rules.White) || status[p] != rules.Alive || b.ChainHead(p) != int(p) {
			continue
		}
		libs = b.ChainLiberties(p, libs[:0])
		for _, l := range libs {
			if ownership[l] > sekiOwnership || ownership[l] < -sekiOwnership {
				continue
			}
			for _, d := range b.Neighbors() {
				n := l + rules.Point(d)
				if b.Color(n) == c.Opponent() && status[n] != rules.Dead {
					status.SetChain(b, p, rules.Seki)
					status.SetChain(b, n, rules.Seki)
				}
			}
		}
	}
}

// ScoreIfPassed is the result the game would have if it ended now, with the
// given judgement of the stones. Rules that score the board as it stands
// (Tromp-Taylor: no agreement on dead stones) count every stone as alive.
func ScoreIfPassed(g *rules.Game, status rules.StatusMap) rules.Result {
	if g.Rules.Name == rules.TrompTaylor.Name {
		status = nil
	}
	return g.Score(status)
}
