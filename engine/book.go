package engine

import (
	"time"

	"github.com/gtpgo/gtpgo/opening"
	"github.com/gtpgo/gtpgo/rules"
)

// bookShare is how popular a book move must be to be played: at least this
// share of the most played move's count. Strong players' rarer choices are
// often fine too, but a search that follows them leaves the book at once
// for positions it has no knowledge of.
const bookShare = 0.25

// bookMove returns a move of the opening book (package opening) for color
// in g, drawn among the popular ones in proportion to how often strong
// players chose them; ok is false when the book has none, is off, or the
// search is restricted (an analysis' avoid/allow list).
func (e *Engine) bookMove(g *rules.Game, color rules.Color, lim Limits) (rules.Point, bool) {
	p := e.Params()
	if !p.Book || lim.RootFilter != nil {
		return rules.Pass, false
	}
	bk, err := opening.Default()
	if err != nil {
		panic("engine: the embedded opening book: " + err.Error())
	}
	entries := bk.Lookup(g.Board(), color)
	playable := func(en opening.Entry) bool {
		return float64(en.Count) >= bookShare*float64(entries[0].Count) && g.Check(en.Move, color) == nil
	}
	total := 0
	for _, en := range entries {
		if playable(en) {
			total += en.Count
		}
	}
	if total == 0 {
		return rules.Pass, false
	}
	seed := uint64(p.Seed)
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	var r rules.Rand
	r.Seed(seed ^ g.Board().Hash())
	pick := r.Intn(total)
	for _, en := range entries {
		if playable(en) {
			if pick -= en.Count; pick < 0 {
				return en.Move, true
			}
		}
	}
	return rules.Pass, false // not reached: pick < total
}
