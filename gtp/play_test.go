package gtp

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

var vertexRE = regexp.MustCompile(`^= ([A-HJ-Z][0-9]{1,2}|pass)$`)

// genmove answers legal moves and plays them, for either colour in any
// order.
func TestGenmovePlaysItsMoves(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 9"))
	var want []rules.Move
	for _, col := range []rules.Color{rules.Black, rules.White, rules.Black, rules.Black, rules.White} {
		check, err := rules.NewGame(9, rules.Japanese, 7.5)
		require.NoError(t, err)
		for _, m := range want {
			require.NoError(t, check.Play(m.Point, m.Color))
		}
		resp := ss.ask("genmove " + col.String())
		m := vertexRE.FindStringSubmatch(resp)
		require.NotNil(t, m, "genmove answered %q", resp)
		p, err := s.Game().Board().ParseVertex(m[1])
		require.NoError(t, err)
		require.NoError(t, check.Check(p, col), "%s %s is legal", col, m[1])
		want = append(want, rules.Move{Color: col, Point: p})
		assert.Equal(t, want, s.Game().Moves())
	}
}

// A hopeless game is resigned, and resigning plays nothing. (2x2 keeps the
// candidates few enough for the engine's visit threshold.)
func TestGenmoveResigns(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	for _, cmd := range []string{"boardsize 2", "komi 100", "gtpgo-param resign_min_moves 0", "gtpgo-param playouts 6000"} {
		require.Equal(t, "= ", ss.ask(cmd), cmd)
	}
	assert.Equal(t, "= resign", ss.ask("genmove b"))
	assert.Empty(t, s.Game().Moves())
	assert.Equal(t, "= resign", ss.ask("reg_genmove b"))
	assert.NotEqual(t, "= resign", ss.ask("genmove w"), "White wins by 100")
}

// The time commands reach the clock exactly as engine.Clock defines them.
func TestTimeCommandsSetTheClock(t *testing.T) {
	sec := time.Second
	for _, tc := range []struct {
		cmds []string
		want func(*engine.Clock)
	}{
		{[]string{"time_settings 300 30 5"}, func(c *engine.Clock) {
			c.Set(engine.TimeSettings{System: engine.Canadian, Main: 300 * sec, Period: 30 * sec, Stones: 5})
		}},
		{[]string{"time_settings 300 30 5", "time_settings 0 1 0"}, func(c *engine.Clock) {
			c.Set(engine.TimeSettings{System: engine.NoTimeLimit})
		}},
		{[]string{"time_settings 60 0 0", "time_left w 12.5 0"}, func(c *engine.Clock) {
			c.Set(engine.TimeSettings{System: engine.Absolute, Main: 60 * sec})
			c.TimeLeft(rules.White, 12.5, 0)
		}},
		{[]string{"kgs-time_settings byoyomi 600 30 5", "time_left b 25 3"}, func(c *engine.Clock) {
			c.Set(engine.TimeSettings{System: engine.ByoYomi, Main: 600 * sec, Period: 30 * sec, Periods: 5})
			c.TimeLeft(rules.Black, 25, 3)
		}},
		{[]string{"kgs-time_settings canadian 600 60 10", "time_left white 40 4", "time_left black -3 0"}, func(c *engine.Clock) {
			c.Set(engine.TimeSettings{System: engine.Canadian, Main: 600 * sec, Period: 60 * sec, Stones: 10})
			c.TimeLeft(rules.White, 40, 4)
			c.TimeLeft(rules.Black, -3, 0)
		}},
		{[]string{"kgs-time_settings absolute 90"}, func(c *engine.Clock) {
			c.Set(engine.TimeSettings{System: engine.Absolute, Main: 90 * sec})
		}},
		{[]string{"kgs-time_settings absolute 90", "kgs-time_settings none"}, func(c *engine.Clock) {
			c.Set(engine.TimeSettings{System: engine.NoTimeLimit})
		}},
	} {
		s := newTestServer(t)
		out := runScript(t, s, strings.Join(tc.cmds, "\n"))
		require.Equal(t, strings.Repeat("= \n\n", len(tc.cmds)), out)
		want := engine.NewClock()
		tc.want(want)
		assert.Equal(t, *want, *s.clock, "%v", tc.cmds)
	}
}

// With a time control, genmove thinks within the clock's budget (the
// per-move time here is ten minutes and playouts are unlimited) and charges
// its thinking time to its own clock only.
func TestGenmoveUsesTheClock(t *testing.T) {
	for _, settings := range []string{"time_settings 30 0 0", "kgs-time_settings byoyomi 0 1 3", "time_settings 0 1 1"} {
		s, err := New(engine.New(slowParams()), DefaultConfig())
		require.NoError(t, err)
		ss := startSession(t, s)
		require.Equal(t, "= ", ss.ask("boardsize 9"))
		require.Equal(t, "= ", ss.ask(settings))
		blackBefore, _, _ := s.clock.Budget(rules.Black, 9, 81)
		whiteBefore, _, _ := s.clock.Budget(rules.White, 9, 81)
		done := make(chan string, 1)
		go func() { done <- ss.ask("genmove b") }()
		select {
		case resp := <-done:
			assert.Regexp(t, vertexRE, resp, settings)
		case <-time.After(60 * time.Second):
			t.Fatalf("%s: genmove ignored the clock", settings)
		}
		blackAfter, _, _ := s.clock.Budget(rules.Black, 9, 81)
		whiteAfter, _, _ := s.clock.Budget(rules.White, 9, 81)
		if settings == "time_settings 30 0 0" {
			assert.Less(t, blackAfter, blackBefore, "absolute time is spent")
		}
		assert.Equal(t, whiteBefore, whiteAfter, "%s: White's clock is untouched", settings)
	}
}

// deadStone: Black's area on the left with six eyes, White's on the right,
// and a white stone with two liberties dead inside Black's area.
const deadStone = `
. X . X O . .
X X X X O . .
. X . X O . .
X X O X O . .
. X . X O . .
X X X X O . .
. X . X O . .
`

func TestFinalStatusList(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 7"))
	require.Equal(t, "= ", ss.ask("gogui-setup "+setupArgs(deadStone)))
	assert.Equal(t, "= C4", ss.ask("final_status_list dead"))
	assert.Equal(t, "= B7 D7 A6 B6 C6 D6 B5 D5 A4 B4 D4 B3 D3 A2 B2 C2 D2 B1 D1\nE7 E6 E5 E4 E3 E2 E1",
		ss.ask("final_status_list alive"))
	assert.Equal(t, "= ", ss.ask("final_status_list seki"))
}

// kgs-genmove_cleanup does not pass while the dead white stone is on the
// board: it captures it, White passing throughout.
func TestGenmoveCleanupCapturesDeadStones(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("boardsize 7"))
	require.Equal(t, "= ", ss.ask("komi 0.5"))
	require.Equal(t, "= ", ss.ask("gogui-setup "+setupArgs(deadStone)))
	c4, err := s.Game().Board().ParseVertex("C4")
	require.NoError(t, err)
	for i := 0; s.Game().Board().Color(c4) == rules.White; i++ {
		require.Less(t, i, 20, "the dead stone is still on the board")
		resp := ss.ask("kgs-genmove_cleanup b")
		require.Regexp(t, vertexRE, resp)
		require.NotEqual(t, "= pass", resp, "passed with a dead stone on the board")
		require.Equal(t, "= ", ss.ask("play w pass"))
	}
}

// GoGui's parameter dialog lists every engine parameter as "[type] name
// value" and sets them one at a time.
func TestParamDialog(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	require.Equal(t, "= ", ss.ask("gtpgo-param rave_equiv 2500"))
	require.Equal(t, "= ", ss.ask("gtpgo-param ponder 1"))
	require.Equal(t, "= ", ss.ask("gtpgo-param policy light"))
	p := s.eng.Params()
	assert.Equal(t, 2500.0, p.RaveEquiv)
	assert.True(t, p.Ponder)
	assert.Equal(t, "light", p.PlayoutPolicy)
	lines := strings.Split(strings.TrimPrefix(ss.ask("gtpgo-param"), "= "), "\n")
	infos := p.List()
	require.Len(t, lines, len(infos))
	for i, info := range infos {
		typ, value := "[string]", info.Value
		switch info.Kind {
		case "bool":
			typ, value = "[bool]", map[string]string{"true": "1", "false": "0"}[info.Value]
		}
		if info.Name == "policy" {
			typ = "[list/heavy/light]"
		}
		assert.Equal(t, typ+" "+info.Name+" "+value, lines[i])
	}
	assert.Contains(t, lines, "[string] rave_equiv 2500")
	assert.Contains(t, lines, "[bool] ponder 1")
	assert.Contains(t, lines, "[list/heavy/light] policy light")
}

// GoGui shows one dialog per parameter group: the group's parameters only,
// and a change sent from it (GoGui appends "name value" to the dialog's
// command) sets a parameter of that group.
func TestParamGroupDialogs(t *testing.T) {
	s := newTestServer(t)
	ss := startSession(t, s)
	analyze := ss.ask("gogui-analyze_commands")
	for _, group := range engine.ParamGroups {
		assert.Contains(t, analyze, "/gtpgo-param "+group+"\n")
	}
	search := strings.Split(strings.TrimPrefix(ss.ask("gtpgo-param search"), "= "), "\n")
	assert.Contains(t, search, "[string] rave_equiv 3000")
	assert.NotContains(t, search, "[bool] ponder 0", "ponder is a time parameter")
	judge := ss.ask("gtpgo-param judge")
	assert.Contains(t, judge, "[string] final_dead_ownership 0.25")
	assert.NotContains(t, judge, "rave_equiv")

	require.Equal(t, "= ", ss.ask("gtpgo-param search rave_equiv 2500"))
	assert.Equal(t, 2500.0, s.eng.Params().RaveEquiv)
	assert.Equal(t, "? no parameter \"ponder\" in group search", ss.ask("gtpgo-param search ponder 1"))
	assert.Equal(t, "? parameter rave_equiv must be in (0,1e9], not -1", ss.ask("gtpgo-param search rave_equiv -1"))
	assert.Equal(t, "? unknown parameter group \"tree\"", ss.ask("gtpgo-param tree rave_equiv 1"))
	assert.Equal(t, 2500.0, s.eng.Params().RaveEquiv, "refused changes leave the parameters as they were")
}

// gomill-describe_engine says what plays under which settings.
func TestDescribeEngine(t *testing.T) {
	s := newTestServer(t)
	out := runScript(t, s, "boardsize 13\nkomi 6.5\nkgs-rules chinese\nkgs-time_settings byoyomi 60 30 5\ngomill-describe_engine\n")
	resp := splitResponses(out)
	require.Len(t, resp, 5)
	lines := strings.Split(strings.TrimPrefix(resp[4], "= "), "\n")
	require.Greater(t, len(lines), 3)
	assert.Equal(t, []string{"gtpgo " + DefaultConfig().Version, "board 13x13, komi 6.5, chinese rules", "time: byoyomi"}, lines[:3])
	p := s.eng.Params()
	for _, info := range p.List() {
		assert.Contains(t, lines, info.Name+"="+info.Value)
	}
}

// A move's limits: the whole per-move time without a clock, or with
// move_time_target below 1 that share of it as the target, the whole as
// the cap, and early stops; the clock's budget with one, stopping early as
// the early_stop parameter says.
func TestMoveLimits(t *testing.T) {
	tests := []struct {
		name                 string
		earlyStop, wantEarly bool
		target               float64 // move_time_target
		commands             []string
		want                 time.Duration // the target time, 0 = the clock's
	}{
		{"per-move time", true, false, 1, nil, 3 * time.Second},
		{"per-move time, early stop off", false, false, 1, nil, 3 * time.Second},
		{"per-move time as a cap", true, true, 0.9, nil, 2700 * time.Millisecond},
		{"per-move time as a cap, early stop off", false, false, 0.9, nil, 2700 * time.Millisecond},
		{"main time", true, true, 1, []string{"time_settings 60 0 0"}, 0},
		{"main time, early stop off", false, false, 1, []string{"time_settings 60 0 0"}, 0},
		{"main time, the per-move target does not apply", true, true, 0.5, []string{"time_settings 60 0 0"}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := testParams()
			p.MoveTime = 3
			p.EarlyStop = tc.earlyStop
			p.MoveTimeTarget = tc.target
			s, err := New(engine.New(p), DefaultConfig())
			require.NoError(t, err)
			runScript(t, s, strings.Join(append(tc.commands, ""), "\n"))
			lim := s.limits(rules.Black)
			assert.Equal(t, tc.wantEarly, lim.EarlyStop)
			assert.Equal(t, p.MaxPlayouts, lim.Playouts)
			if tc.want > 0 {
				assert.Equal(t, tc.want, lim.Time)
				assert.Equal(t, 3*time.Second, lim.MaxTime)
			} else {
				assert.Positive(t, lim.Time)
				assert.Less(t, lim.Time, 10*time.Second, "a share of the main time")
			}
		})
	}
}
