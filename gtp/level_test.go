package gtp

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// The level is an engine parameter in GoGui's Engine dialog, changed live:
// the next genmove plays at it, with the level's playouts.
func TestLevelParameter(t *testing.T) {
	p := testParams()
	p.MaxPlayouts = 0 // the level decides
	s, err := New(engine.New(p), DefaultConfig())
	require.NoError(t, err)
	ss := startSession(t, s)
	assert.Contains(t, ss.ask("gtpgo-param engine"), "[string] level 10\n")
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	require.Equal(t, "= ", ss.ask("gtpgo-param engine level 2"))
	assert.Equal(t, 2, s.eng.Params().Level)
	assert.Equal(t, "? parameter level must be in [1,10], not 11", ss.ask("gtpgo-param engine level 11"))
	require.Regexp(t, `^= [A-J][1-9]$`, ss.ask("genmove b"))
	spec, ok := engine.Level(2, 9)
	require.True(t, ok)
	assert.Equal(t, spec.Playouts, s.lastSearch.Playouts)
}

// Below level 10 a move's budget is the level's playouts: the default time
// per move no longer applies (a level plays alike on every machine), while
// a per-move time the user sets, a clock, and the analysis commands'
// budget do.
func TestLevelMoveLimits(t *testing.T) {
	tests := []struct {
		name     string
		level    int
		moveTime float64
		commands []string
		want     time.Duration // -1: the clock's share
		analysis time.Duration
	}{
		{"level 10, default time", 10, 0, nil, 5 * time.Second, 5 * time.Second},
		{"level 5, default time", 5, 0, nil, 0, 5 * time.Second},
		{"level 5, per-move time", 5, 3, nil, 3 * time.Second, 3 * time.Second},
		{"level 5, clock", 5, 0, []string{"time_settings 60 0 0"}, -1, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := testParams()
			p.Level, p.MoveTime = tc.level, tc.moveTime
			s, err := New(engine.New(p), DefaultConfig())
			require.NoError(t, err)
			for _, cmd := range tc.commands {
				runScript(t, s, cmd+"\n")
			}
			check := func(got engine.Limits, want time.Duration) {
				if want < 0 {
					assert.Positive(t, got.Time)
					assert.Less(t, got.Time, 10*time.Second, "a share of the main time")
					return
				}
				assert.Equal(t, want, got.Time)
			}
			check(s.moveLimits(rules.Black), tc.want)
			check(s.limits(rules.Black), tc.analysis)
		})
	}
}

// Pondering is for the full engine: a level is a number of playouts per
// move, which a pondered tree would exceed.
func TestNoPonderBelowLevel10(t *testing.T) {
	p := testParams()
	p.Ponder, p.Level = true, 4
	s, err := New(engine.New(p), DefaultConfig())
	require.NoError(t, err)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	require.Regexp(t, `^= [A-J][1-9]$`, ss.ask("genmove b"))
	time.Sleep(100 * time.Millisecond)
	require.Equal(t, "= gtpgo", ss.ask("name"))
	assert.Zero(t, s.lastPonder.Playouts, "no pondering")
}
