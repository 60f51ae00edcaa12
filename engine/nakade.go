package engine

import (
	"slices"

	"github.com/gtpgo/gtpgo/rules"
)

// nakadeMaxArea is the largest eye space whose vital point the playouts
// know: a rabbity six (rules.ClassifyEyeSpace).
const nakadeMaxArea = 6

// nakade returns c's move at the vital point of an eye space of the
// opponent next to the last move, or NoPoint. Random playouts let such a
// group live in most games, though whoever takes the point decides it:
// the space is killed where a player would kill it (Pachi's playouts do
// the same). The eye space is checked after the opponent's move because
// that is when its shape is final: while the attacker's stone still
// touches it from outside, the defender can change it.
func (pl *policy) nakade(b *rules.Board, c rules.Color, last rules.Point) rules.Point {
	defender := c.Opponent()
	if b.Color(last) != defender {
		return rules.NoPoint
	}
	for _, d := range b.Neighbors() {
		e := last + rules.Point(d)
		if b.Color(e) != rules.Empty {
			continue
		}
		if p := vitalPoint(b, e, defender); p != rules.NoPoint && b.LegalEmpty(p, c) && !b.IsSelfAtari(p, c) {
			return p
		}
	}
	return rules.NoPoint
}

// vitalPoint returns the point that kills the eye space of defender
// holding the empty point e, when the space is a shape that dies if the
// attacker takes it first: a straight or bent three, a pyramid four, a
// crossed or bulky five, a rabbity six. Else, also for spaces that hold
// stones, touch the attacker's stones or are bigger, NoPoint.
func vitalPoint(b *rules.Board, e rules.Point, defender rules.Color) rules.Point {
	var area [nakadeMaxArea]rules.Point
	area[0] = e
	n := 1
	dirs := b.Neighbors()
	for i := 0; i < n; i++ {
		for _, d := range dirs {
			q := area[i] + rules.Point(d)
			switch b.Color(q) {
			case rules.Empty:
				if slices.Contains(area[:n], q) {
					continue
				}
				if n == nakadeMaxArea {
					return rules.NoPoint
				}
				area[n] = q
				n++
			case defender, rules.Border:
			default:
				return rules.NoPoint
			}
		}
	}
	if shape, vital := rules.ClassifyEyeSpace(b, area[:n]); shape == rules.EyeSpaceKillable {
		return vital
	}
	return rules.NoPoint
}
