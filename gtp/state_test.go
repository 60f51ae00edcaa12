package gtp

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// state is everything a command could change.
type state struct {
	Size         int
	Board, Start string
	Captures     [2]int
	ToMove       rules.Color
	Ko           rules.Point
	Moves        []rules.Move
	History      []uint64
	Komi         float64
	Rules        rules.Ruleset
	Handicap     int
	Clock        engine.Clock
	Params       engine.Params
}

func stateOf(s *Server) state {
	g := s.game
	ko, _ := g.Board().Ko()
	return state{Size: g.Size(), Board: g.Board().String(), Start: g.Start().String(),
		Captures: [2]int{g.Board().Captures(rules.Black), g.Board().Captures(rules.White)},
		ToMove:   g.ToMove(), Ko: ko, Moves: g.Moves(), History: append([]uint64(nil), g.History()...),
		Komi: g.Komi, Rules: g.Rules, Handicap: g.Handicap(), Clock: *s.clock, Params: s.eng.Params()}
}

// A refused command leaves the state exactly as it was; so do the commands
// that only look (reg_genmove, final_status_list...).
func TestRefusedCommandsKeepState(t *testing.T) {
	midGame := []string{
		"boardsize 7", "komi 6.5", "kgs-rules chinese", "time_settings 300 30 5", "time_left b 100 0",
		// a corner where White may not play A1 (suicide), then a ko White just took
		"gogui-play_sequence b A2 w G7 b B1 w G6 b D5 w E5 b C4 w F4 b D3 w E3 b E4 w D4",
	}
	for _, tc := range []struct {
		name      string
		setup     []string
		refused   []string
		unchanged []string
	}{{
		name:  "mid-game",
		setup: midGame,
		refused: []string{
			"boardsize 0", "boardsize 26", "boardsize 7 8", "rectangular_boardsize 7 9", "boardsize x",
			"clear_board x", "komi abc", "komi", "komi nan", "quit now",
			"play b E4", "play w A1", "play b D5", "play w resign", "play x C3", "play b I3", "play b",
			"genmove x", "reg_genmove", "kgs-genmove_cleanup x",
			"undo x", "gg-undo 99", "gg-undo x",
			"set_free_handicap A5 B5", "gogui-setup b A5", "gogui-setup_player purple",
			"gogui-play_sequence w A5 b B5 w A5", "gogui-play_sequence w A5 b B5 w A1", "gogui-play_sequence w A5 b",
			"time_settings 1 -2 3", "time_settings 1 2", "time_left b x 0", "time_left b 10 -1",
			"kgs-time_settings byoyomi 1 2", "kgs-time_settings foo", "kgs-rules klingon",
			"gtpgo-param threads 0", "gtpgo-param ponder maybe", "gtpgo-param nonsense 1",
			"final_status_list foo", "final_score now",
			"fixed_handicap 2", "place_free_handicap 2", "loadsgf /nonexistent.sgf", "loadsgf", "printsgf a b",
		},
		unchanged: []string{
			"reg_genmove b", "reg_genmove w", "final_status_list dead", "final_status_list alive", "showboard",
			"gtpgo-legal_moves", "gtpgo-liberties", "list_commands", "known_command play", "gomill-describe_engine",
			"cputime", "gomill-cpu_time", "gtpgo-param", "gogui-analyze_commands", "kgs-game_over",
			"gogui-interrupt", "name", "version", "protocol_version", "final_score", "printsgf",
		},
	}, {
		name:  "empty board",
		setup: []string{"boardsize 5", "komi 0.5"},
		refused: []string{
			"undo", "gg-undo 1", "gg-undo 2",
			"set_free_handicap A1", "set_free_handicap A1 A1", "set_free_handicap A1 pass", "set_free_handicap A1 F1",
			"gogui-setup b A1 w A2 w B1", "gogui-setup b A1 b A1", "gogui-setup b A1 w", "gogui-setup b pass",
			"fixed_handicap 1", "fixed_handicap 2", "fixed_handicap x", "place_free_handicap 1", "place_free_handicap 25",
		},
	}, {
		name:  "handicap",
		setup: []string{"boardsize 9", "set_free_handicap C3 G7 E5"},
		refused: []string{"undo", "gg-undo 1", "set_free_handicap C7 G3", "gogui-setup w A1", "fixed_handicap 2",
			"place_free_handicap 2"},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestServer(t)
			ss := startSession(t, s)
			for _, cmd := range tc.setup {
				require.Equal(t, "= ", ss.ask(cmd), cmd)
			}
			before := stateOf(s)
			for _, cmd := range tc.refused {
				resp := ss.ask(cmd)
				require.True(t, strings.HasPrefix(resp, "? "), "%s answered %q", cmd, resp)
				require.Equal(t, before, stateOf(s), "%s (%s) changed the state", cmd, resp)
			}
			for _, cmd := range tc.unchanged {
				resp := ss.ask(cmd)
				require.True(t, strings.HasPrefix(resp, "= "), "%s answered %q", cmd, resp)
				require.Equal(t, before, stateOf(s), "%s changed the state", cmd)
			}
		})
	}
}
