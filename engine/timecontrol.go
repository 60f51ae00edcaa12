package engine

import (
	"time"

	"github.com/gtpgo/gtpgo/rules"
)

// TimeSystem is a kind of game clock.
type TimeSystem int

const (
	NoTimeLimit TimeSystem = iota // think for the default per-move time
	Absolute                      // sudden death: main time only
	Canadian                      // main time, then Stones moves per Period
	ByoYomi                       // main time, then Periods periods of Period, one move each
)

func (t TimeSystem) String() string {
	return [...]string{"none", "absolute", "canadian", "byoyomi"}[t]
}

// TimeSettings describe a time control (gtp reads them from time_settings
// and kgs-time_settings).
type TimeSettings struct {
	System  TimeSystem
	Main    time.Duration
	Period  time.Duration // byo-yomi period (Canadian or Japanese)
	Stones  int           // Canadian: moves per period
	Periods int           // Japanese: number of periods
}

// playerClock is what one player has left.
type playerClock struct {
	main    time.Duration
	period  time.Duration // time left in the current period
	stones  int           // Canadian: moves left in the current period
	periods int           // Japanese: periods left
}

// Clock tracks both players' time. The controller's time_left reports are
// authoritative; between them the engine charges its own thinking time.
type Clock struct {
	Settings TimeSettings
	players  [3]playerClock
	// Lag is subtracted from every budget for transmission and GUI delays
	// (at most a tenth of a byo-yomi period, so short periods stay usable).
	Lag time.Duration
}

// NewClock returns a clock with no time limit and a 0.3 s lag allowance.
func NewClock() *Clock { return &Clock{Lag: 300 * time.Millisecond} }

// Set installs new settings and resets both players' clocks.
func (c *Clock) Set(s TimeSettings) {
	c.Settings = s
	for _, col := range []rules.Color{rules.Black, rules.White} {
		c.players[col] = playerClock{main: s.Main, period: s.Period, stones: s.Stones, periods: s.Periods}
	}
}

// TimeLeft sets what col has left, as a controller reports it (gtp's
// time_left): with stones 0, main time; otherwise the time and stones left
// in the current Canadian period, or, under Japanese byo-yomi, the time left
// in the current period and the number of periods left. Negative times
// count as 0.
func (c *Clock) TimeLeft(col rules.Color, seconds float64, stones int) {
	if seconds < 0 {
		seconds = 0
	}
	t := time.Duration(seconds * float64(time.Second))
	pc := &c.players[col]
	switch {
	case stones == 0:
		pc.main = t
		pc.period, pc.stones, pc.periods = c.Settings.Period, c.Settings.Stones, c.Settings.Periods
	case c.Settings.System == ByoYomi:
		pc.main, pc.period, pc.periods = 0, t, stones
	default:
		pc.main, pc.period, pc.stones = 0, t, stones
	}
}

// Spend charges a move's thinking time to col (used between time_left
// reports, and when a controller never sends them).
func (c *Clock) Spend(col rules.Color, d time.Duration) {
	pc := &c.players[col]
	switch c.Settings.System {
	case NoTimeLimit:
		return
	case Absolute:
		pc.main = max(pc.main-d, 0)
		return
	}
	if pc.main >= d {
		pc.main -= d
		return
	}
	d -= pc.main
	pc.main = 0
	switch c.Settings.System {
	case Canadian:
		pc.period -= d
		pc.stones--
		if pc.stones <= 0 || pc.period <= 0 {
			pc.period, pc.stones = c.Settings.Period, c.Settings.Stones
		}
	case ByoYomi:
		if d > c.Settings.Period && pc.periods > 1 {
			pc.periods--
		}
		pc.period = c.Settings.Period
	}
}

// Budget returns how long col should think now (target) and at most (max),
// or ok=false when there is no time limit. emptyPoints estimates how long the
// game will last: MoGo and Pachi budget main time over the moves still to
// come, and every byo-yomi period is spent on its own moves, with a safety
// margin so the engine never loses on time.
func (c *Clock) Budget(col rules.Color, size, emptyPoints int) (target, maxTime time.Duration, ok bool) {
	pc := c.players[col]
	s := c.Settings
	if s.System == NoTimeLimit {
		return 0, 0, false
	}
	// moves the engine still expects to play: half the empty points, at
	// least a tenth of the board so the budget never balloons at the end
	movesLeft := max(emptyPoints/2, size*size/10, 10)
	var fromMain time.Duration
	if pc.main > 0 {
		fromMain = pc.main / time.Duration(movesLeft)
	}
	var fromPeriod time.Duration
	switch s.System {
	case Canadian:
		stones := pc.stones
		if pc.main > 0 || stones <= 0 {
			stones = s.Stones
		}
		period := pc.period
		if pc.main > 0 || period <= 0 {
			period = s.Period
		}
		fromPeriod = period / time.Duration(max(stones, 1))
	case ByoYomi:
		fromPeriod = s.Period
	}
	if pc.main > 0 {
		// in main time, a period's worth per move is safe on top of the share
		target = fromMain + fromPeriod*3/4
		maxTime = min(pc.main/4+fromPeriod*3/4, 3*target)
	} else {
		target = fromPeriod * 3 / 4
		maxTime = fromPeriod * 85 / 100
	}
	lag := c.Lag
	if s.Period > 0 {
		lag = min(lag, s.Period/10)
	}
	target -= lag
	maxTime -= lag
	floor := 50 * time.Millisecond
	target = max(target, floor)
	maxTime = max(maxTime, target)
	return target, maxTime, true
}
