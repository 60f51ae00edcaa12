package engine

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

func TestBudgets(t *testing.T) {
	tests := []struct {
		name        string
		settings    TimeSettings
		left        func(c *Clock)
		empty       int
		min, max    time.Duration // bounds on the target
		maxAtMost   time.Duration // the hard cap never exceeds this
		noTimeLimit bool
	}{
		{name: "no limit", settings: TimeSettings{System: NoTimeLimit}, noTimeLimit: true},
		{name: "sudden death 60s, empty 9x9", settings: TimeSettings{System: Absolute, Main: 60 * time.Second},
			empty: 81, min: 500 * time.Millisecond, max: 2 * time.Second, maxAtMost: 15 * time.Second},
		{name: "sudden death, 2s left", settings: TimeSettings{System: Absolute, Main: 60 * time.Second},
			left: func(c *Clock) { c.TimeLeft(rules.Black, 2, 0) }, empty: 40,
			min: 50 * time.Millisecond, max: 100 * time.Millisecond, maxAtMost: 500 * time.Millisecond},
		{name: "byo-yomi 5s per move, no main time", settings: TimeSettings{System: ByoYomi, Period: 5 * time.Second, Periods: 1},
			left: func(c *Clock) { c.TimeLeft(rules.Black, 5, 1) }, empty: 60,
			min: 3 * time.Second, max: 4 * time.Second, maxAtMost: 4500 * time.Millisecond},
		{name: "canadian 10 stones in 100s", settings: TimeSettings{System: Canadian, Period: 100 * time.Second, Stones: 10},
			left: func(c *Clock) { c.TimeLeft(rules.Black, 50, 2) }, empty: 100,
			min: 15 * time.Second, max: 20 * time.Second, maxAtMost: 22 * time.Second},
		{name: "canadian from main time", settings: TimeSettings{System: Canadian, Main: 600 * time.Second, Period: 30 * time.Second, Stones: 1},
			empty: 361, min: 20 * time.Second, max: 30 * time.Second, maxAtMost: 90 * time.Second},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewClock()
			c.Set(tc.settings)
			if tc.left != nil {
				tc.left(c)
			}
			target, maxT, ok := c.Budget(rules.Black, 9, tc.empty)
			if tc.noTimeLimit {
				assert.False(t, ok)
				return
			}
			require.True(t, ok)
			assert.GreaterOrEqual(t, target, tc.min)
			assert.LessOrEqual(t, target, tc.max)
			assert.GreaterOrEqual(t, maxT, target)
			assert.LessOrEqual(t, maxT, tc.maxAtMost)
		})
	}
}

// Charging thinking time without time_left reports keeps a sudden-death
// game within its clock.
func TestSpendKeepsWithinSuddenDeath(t *testing.T) {
	c := NewClock()
	c.Set(TimeSettings{System: Absolute, Main: 60 * time.Second})
	var used time.Duration
	for empty := 81; empty > 0; empty -= 2 {
		_, maxT, ok := c.Budget(rules.Black, 9, empty)
		require.True(t, ok)
		c.Spend(rules.Black, maxT)
		used += maxT
	}
	assert.Less(t, used, 60*time.Second)
}

// Time gone before the search (the first genmove waiting for the move
// model) comes off the move's time limits, never below minSearchTime, and a
// search without a time limit stays without one.
func TestLimitsSpent(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name              string
		lim               Limits
		elapsed           time.Duration
		wantTime, wantMax time.Duration
	}{
		{"no time limit", Limits{Playouts: 500}, 800 * ms, 0, 0},
		{"nothing spent", Limits{Time: 650 * ms, MaxTime: 750 * ms}, 0, 650 * ms, 750 * ms},
		{"part spent", Limits{Time: 650 * ms, MaxTime: 750 * ms}, 400 * ms, 250 * ms, 350 * ms},
		{"target spent", Limits{Time: 650 * ms, MaxTime: 750 * ms}, 700 * ms, minSearchTime, 50 * ms},
		{"all spent", Limits{Time: 650 * ms, MaxTime: 750 * ms}, 2 * time.Second, minSearchTime, minSearchTime},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.lim.Spent(tc.elapsed)
			assert.Equal(t, tc.wantTime, got.Time)
			assert.Equal(t, tc.wantMax, got.MaxTime)
			assert.Equal(t, tc.lim.Playouts, got.Playouts)
		})
	}
}
