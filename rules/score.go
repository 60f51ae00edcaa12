package rules

import (
	"fmt"
	"math"
	"strconv"
)

// Status is the end-of-game judgement of a stone.
type Status uint8

const (
	// Alive stones stay on the board and count for their owner.
	Alive Status = iota
	// Dead stones are removed before counting: their points go to whoever
	// surrounds them, and under territory scoring each is also a prisoner.
	Dead
	// Seki stones are alive, but under territory scoring the empty points
	// next to them (shared liberties and eyes alike) count for nobody.
	Seki
)

func (s Status) String() string {
	switch s {
	case Alive:
		return "alive"
	case Dead:
		return "dead"
	case Seki:
		return "seki"
	}
	return fmt.Sprintf("status(%d)", uint8(s))
}

// StatusMap holds the status of the stone on every point, indexed by Point.
// A nil map, or a point beyond its length, means Alive; the statuses of empty
// points are ignored. GTP's final_status_list and the end-of-game dead-stone
// judgement fill it.
type StatusMap []Status

// NewStatusMap returns a map for b with every stone alive.
func NewStatusMap(b *Board) StatusMap { return make(StatusMap, b.Len) }

// At returns the status of the stone on p.
func (m StatusMap) At(p Point) Status {
	if p < 0 || int(p) >= len(m) {
		return Alive
	}
	return m[p]
}

// SetChain gives every stone of the chain at p the status s. It does nothing
// when p is not a stone or the map is too short for b.
func (m StatusMap) SetChain(b *Board, p Point, s Status) {
	if len(m) < b.Len || !b.OnBoard(p) {
		return
	}
	if c := b.Color(p); c != Black && c != White {
		return
	}
	for _, q := range b.ChainStones(p, nil) {
		m[q] = s
	}
}

// Owners returns, for every point of b (indexed by Point, length b.Len), the
// colour it counts for under the given scoring method, after removing the
// dead stones: under area scoring the stones left on the board and the empty
// regions that reach only one colour's stones; under territory scoring only
// those empty regions (dead stones' points included), and not the ones whose
// living stones are all in seki (a seki's eyes). A region a seki chain shares
// with a free chain of its colour still counts: on KGS the players count it,
// and a point the ownership left unsettled next to a living wall would
// otherwise take the wall's whole territory with it. Everything else is Empty.
func Owners(b *Board, status StatusMap, method Scoring) []Color {
	owner := make([]Color, b.Len)
	seen := make([]bool, b.Len)
	// neutral marks the regions that reach both colours: the dame, every
	// point of them, including the ones that touch only one colour's stones.
	neutral := make([]bool, b.Len)
	var region, stack []Point
	live := func(p Point) bool {
		c := b.color[p]
		return (c == Black || c == White) && status.At(p) != Dead
	}
	for y := 0; y < b.Size; y++ {
		for x := 0; x < b.Size; x++ {
			p := b.At(x, y)
			if live(p) {
				if method == AreaScoring {
					owner[p] = b.color[p]
				}
				continue
			}
			if seen[p] {
				continue
			}
			// flood-fill the region of empty points and dead stones
			region, stack = region[:0], append(stack[:0], p)
			seen[p] = true
			reach, free := Empty, false
			for len(stack) > 0 {
				s := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				region = append(region, s)
				for _, d := range b.dirs {
					q := s + Point(d)
					switch {
					case b.color[q] == Border:
					case live(q):
						reach |= b.color[q]
						free = free || status.At(q) != Seki
					case !seen[q]:
						seen[q] = true
						stack = append(stack, q)
					}
				}
			}
			if reach == Black|White {
				for _, s := range region {
					neutral[s] = true
				}
			}
			if reach != Black && reach != White || !free && method == TerritoryScoring {
				continue
			}
			for _, s := range region {
				owner[s] = reach
			}
		}
	}
	if method == TerritoryScoring {
		removeTeire(b, status, owner, neutral)
	}
	return owner
}

// removeTeire takes back the territory points a player will have to fill.
// A chain in atari whose liberty lies in its own territory must connect
// there; so must one left in atari once the dame are filled ("teire"): under
// territory counting that point is worth nothing. A chain that can connect
// out through the dame (say, to a chain with liberties of its own) needs no
// teire, so the test fills every dame point next to the chain with its
// colour, joins what that connects, and counts the liberties left. Every
// point of a region reaching both colours is dame (neutral), even one that
// touches a single colour's stones: either side may fill it. A filled teire
// point joins the chains around it, which may leave them in atari in turn,
// so the test repeats until nothing changes. GNU Go counts this way, and so
// do the results players agreed on KGS.
func removeTeire(b *Board, status StatusMap, owner []Color, neutral []bool) {
	// stone is the colour of the stone at p once the teire are filled.
	filled := make([]Color, b.Len)
	stone := func(p Point) Color {
		if c := b.color[p]; (c == Black || c == White) && status.At(p) != Dead {
			return c
		}
		return filled[p]
	}
	mark := make([]int, b.Len)
	stamp := 0
	var stack, chain []Point
	// grow collects into chain everything of colour c connected to the
	// points already in it, through the dame too when throughDame is set,
	// and returns its liberties (up to 2) and their number: the points next
	// to it that are neither stones nor dame.
	grow := func(c Color, throughDame bool) (libs [2]Point, n int) {
		stamp++
		for _, s := range chain {
			mark[s] = stamp
		}
		stack = append(stack[:0], chain...)
		for len(stack) > 0 {
			s := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, d := range b.dirs {
				q := s + Point(d)
				if mark[q] == stamp || b.color[q] == Border {
					continue
				}
				if stone(q) == c || throughDame && neutral[q] && stone(q) == Empty {
					mark[q] = stamp
					chain = append(chain, q)
					stack = append(stack, q)
				}
			}
		}
		stamp++
		for _, s := range chain {
			for _, d := range b.dirs {
				q := s + Point(d)
				if mark[q] >= stamp-1 || b.color[q] == Border || stone(q) != Empty || neutral[q] {
					continue
				}
				mark[q] = stamp
				if n < 2 {
					libs[n] = q
				}
				n++
			}
		}
		return libs, n
	}
	seen := make([]bool, b.Len)
	for changed := true; changed; {
		changed = false
		clear(seen)
		for _, p := range b.Points() {
			c := stone(p)
			if c == Empty || seen[p] {
				continue
			}
			chain = append(chain[:0], p)
			libs, n := grow(c, false)
			for _, s := range chain {
				seen[s] = true
			}
			if n != 1 || owner[libs[0]] != c {
				continue
			}
			if _, n := grow(c, true); n == 1 {
				owner[libs[0]] = Empty
				filled[libs[0]] = c
				changed = true
			}
		}
	}
}

// AreaScore counts each colour's stones and the empty regions reaching only
// its stones, after removing the dead stones (Chinese counting, no komi).
func AreaScore(b *Board, status StatusMap) (black, white int) {
	return count(b, Owners(b, status, AreaScoring))
}

// TerritoryScore counts each colour's territory (empty regions reaching only
// its stones, after removing the dead stones, none next to a seki stone) plus
// its prisoners: the stones it captured during play and the opponent's dead
// stones (so a dead stone counts twice when its point is territory, as under
// Japanese rules). No komi.
func TerritoryScore(b *Board, status StatusMap) (black, white int) {
	black, white = count(b, Owners(b, status, TerritoryScoring))
	for y := 0; y < b.Size; y++ {
		for x := 0; x < b.Size; x++ {
			p := b.At(x, y)
			if c := b.color[p]; (c == Black || c == White) && status.At(p) == Dead {
				if c == Black {
					white++
				} else {
					black++
				}
			}
		}
	}
	return black + b.Captures(Black), white + b.Captures(White)
}

func count(b *Board, owner []Color) (black, white int) {
	for _, c := range owner {
		switch c {
		case Black:
			black++
		case White:
			white++
		}
	}
	return black, white
}

// Result is a final score: each side's points, White's including komi and
// any handicap compensation.
type Result struct {
	Scoring      Scoring
	Black, White float64
}

// Margin is Black's lead (negative when White leads).
func (r Result) Margin() float64 { return r.Black - r.White }

// Winner is the colour with more points, or Empty for a tie.
func (r Result) Winner() Color {
	switch m := r.Margin(); {
	case m > 0:
		return Black
	case m < 0:
		return White
	}
	return Empty
}

// String writes the result as SGF's RE property and GTP's final_score do,
// with one decimal as GNU Go prints it: "B+3.5", "W+7.0", or "0" for a tie.
func (r Result) String() string {
	m := r.Margin()
	switch {
	case m > 0:
		return fmt.Sprintf("B+%.1f", m)
	case m < 0:
		return fmt.Sprintf("W+%.1f", -m)
	}
	return "0"
}

// MarginOf reads a scored result as SGF's RE or GTP's final_score writes
// it ("B+12.5", "W+0.50") and returns Black's lead; ok is false for any
// other result (a resignation, a time-out, a jigo, no result).
func MarginOf(result string) (margin float64, ok bool) {
	if len(result) < 3 || result[1] != '+' || result[0] != 'B' && result[0] != 'W' {
		return 0, false
	}
	m, err := strconv.ParseFloat(result[2:], 64)
	if err != nil || m <= 0 || math.IsInf(m, 0) || math.IsNaN(m) {
		return 0, false
	}
	if result[0] == 'W' {
		m = -m
	}
	return m, true
}

// Score counts the current position under the game's rules: area or
// territory scoring, komi to White, and under area scoring the rule set's
// handicap compensation for the handicap stones Black received. A nil status
// means every stone is alive.
func (g *Game) Score(status StatusMap) Result {
	r := Result{Scoring: g.Rules.Scoring}
	var black, white int
	if g.Rules.Scoring == AreaScoring {
		black, white = AreaScore(&g.board, status)
		r.White += g.Rules.HandicapCompensation(g.handicap)
	} else {
		black, white = TerritoryScore(&g.board, status)
	}
	r.Black += float64(black)
	r.White += float64(white) + g.Komi
	return r
}
