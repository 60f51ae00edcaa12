package rules

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var allRulesets = []Ruleset{Japanese, Chinese, AGA, NewZealand, TrompTaylor}

// gameFrom starts a game whose start position is a diagram, Black to move.
func gameFrom(t *testing.T, rules Ruleset, diagram string) *Game {
	t.Helper()
	b := MustDiagram(diagram)
	g, err := NewGame(b.Size, rules, 0)
	require.NoError(t, err)
	var stones []Move
	for _, p := range b.Points() {
		if c := b.Color(p); c != Empty {
			stones = append(stones, Move{Color: c, Point: p})
		}
	}
	require.NoError(t, g.SetupStart(stones))
	return g
}

// playMove plays a move written "B D7" or "W pass".
func playMove(t *testing.T, g *Game, move string) error {
	t.Helper()
	color, vertex, ok := strings.Cut(move, " ")
	require.True(t, ok, move)
	c, err := ParseColor(color)
	require.NoError(t, err)
	p, err := g.Board().ParseVertex(vertex)
	require.NoError(t, err)
	return g.Play(p, c)
}

// koShape: Black can take the white stone at B4 by playing C4; White can
// take back at B4 after a move elsewhere.
const koShape = `
. X O . .
X O . O .
. X O . .
. . . . .
. . . . .`

func TestGameSimpleKo(t *testing.T) {
	for _, rules := range allRulesets {
		t.Run(rules.Name, func(t *testing.T) {
			g := gameFrom(t, rules, koShape)
			require.NoError(t, playMove(t, g, "B C4"))
			assert.Equal(t, 1, g.Board().Captures(Black))
			before := g.Board().Hash()
			assert.ErrorIs(t, playMove(t, g, "W B4"), ErrKo, "immediate recapture")
			assert.Equal(t, before, g.Board().Hash(), "a refused move changes nothing")
			assert.Equal(t, 1, g.MoveNumber())

			require.NoError(t, playMove(t, g, "W E1"), "ko threat")
			require.NoError(t, playMove(t, g, "B E2"), "answer")
			require.NoError(t, playMove(t, g, "W B4"), "recapture after an exchange elsewhere")
			assert.ErrorIs(t, playMove(t, g, "B C4"), ErrKo, "and now Black may not take back at once")
			assert.Equal(t, MustDiagram(`
. X O . .
X O . O .
. X O . .
. . . . X
. . . . O`).String(), g.Board().String())
			assert.Equal(t, 1, g.Board().Captures(White))
		})
	}
}

// tripleKo has three kos: Black can take at D7 (ko 1) and H7 (ko 3), White
// at D3 (ko 2). Taking them in turn, six moves bring back the start.
const tripleKo = `
. . . . . . . . .
. . X O . . X O .
. X O . O X O . O
. . X O . . X O .
. . . . . . . . .
. . O X . . . . .
. O X . X . . . .
. . O X . . . . .
. . . . . . . . .`

var tripleKoCycle = []string{"B D7", "W D3", "B H7", "W C7", "B C3", "W G7"}

func TestGameTripleKo(t *testing.T) {
	tests := []struct {
		rules   Ruleset
		refused bool // the sixth move, which repeats the start
	}{
		{Japanese, false}, // long cycles are legal (the game is void)
		{Chinese, true},
		{AGA, true}, // the start had Black to move, as the repetition would
		{NewZealand, true},
		{TrompTaylor, true},
	}
	for _, tt := range tests {
		t.Run(tt.rules.Name, func(t *testing.T) {
			g := gameFrom(t, tt.rules, tripleKo)
			for _, m := range tripleKoCycle[:5] {
				require.NoError(t, playMove(t, g, m))
			}
			before := g.Board().Hash()
			err := playMove(t, g, tripleKoCycle[5])
			if tt.refused {
				require.ErrorIs(t, err, ErrSuperko)
				assert.Equal(t, before, g.Board().Hash())
				assert.Equal(t, 5, g.MoveNumber())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, MustDiagram(tripleKo).String(), g.Board().String(), "back to the start")
			assert.Equal(t, g.Start().Hash(), g.Board().Hash())
			for _, m := range tripleKoCycle {
				require.NoError(t, playMove(t, g, m), "the cycle goes round again")
			}
			assert.Equal(t, 6, g.Board().Captures(Black))
			assert.Equal(t, 6, g.Board().Captures(White))
		})
	}
}

// twoKos is ko 1 and ko 2 of tripleKo.
const twoKos = `
. . . . . . . . .
. . X O . . . . .
. X O . O . . . .
. . X O . . . . .
. . . . . . . . .
. . O X . . . . .
. O X . X . . . .
. . O X . . . . .
. . . . . . . . .`

func TestGameSuperkoPositionalVsSituational(t *testing.T) {
	tests := []struct {
		name    string
		diagram string
		moves   []string // every move but the last is legal under every rule set
		refused map[string]bool
	}{
		{
			// Black throws in at A7 (two stones in atari), White takes two,
			// Black takes one back: the start recurs, White to move.
			name: "send two, return one", diagram: sendTwoReturnOne,
			moves:   []string{"B A7", "W C7", "B B7"},
			refused: map[string]bool{"chinese": true, "tromp-taylor": true},
		},
		{
			// One pass makes the cycle odd: the start recurs with White to
			// move, a situation never seen before.
			name: "two kos and a pass", diagram: twoKos,
			moves:   []string{"B D7", "W D3", "B pass", "W C7", "B C3"},
			refused: map[string]bool{"chinese": true, "tromp-taylor": true},
		},
		{
			// Two passes clear the simple ko, but the retake repeats the
			// start with Black to move, as at the start.
			name: "retaking a ko after two passes", diagram: twoKos,
			moves:   []string{"B D7", "W pass", "B pass", "W C7"},
			refused: map[string]bool{"chinese": true, "tromp-taylor": true, "aga": true, "new-zealand": true},
		},
	}
	for _, tt := range tests {
		for _, rules := range allRulesets {
			t.Run(tt.name+"/"+rules.Name, func(t *testing.T) {
				g := gameFrom(t, rules, tt.diagram)
				last := len(tt.moves) - 1
				for _, m := range tt.moves[:last] {
					require.NoError(t, playMove(t, g, m))
				}
				err := playMove(t, g, tt.moves[last])
				if tt.refused[rules.Name] {
					assert.ErrorIs(t, err, ErrSuperko)
					assert.Equal(t, last, g.MoveNumber())
				} else {
					require.NoError(t, err)
					assert.Equal(t, MustDiagram(tt.diagram).String(), g.Board().String(), "the start recurs")
				}
			})
		}
	}
}

// gameState is what Undo must restore exactly.
type gameState struct {
	board          string
	hash           uint64
	capB, capW     int
	ko             Point
	koColor        Color
	toMove         Color
	passes         int
	last, last2    Point
	events, hashes int
}

func stateOf(g *Game) gameState {
	b := g.Board()
	ko, koColor := b.Ko()
	return gameState{board: b.String(), hash: b.Hash(), capB: b.Captures(Black), capW: b.Captures(White),
		ko: ko, koColor: koColor, toMove: b.ToMove(), passes: b.Passes(), last: b.LastMove(), last2: b.LastMove2(),
		events: g.MoveNumber(), hashes: len(g.History())}
}

func TestGameUndoRestoresExactly(t *testing.T) {
	for _, rules := range allRulesets {
		t.Run(rules.Name, func(t *testing.T) {
			g := gameFrom(t, rules, tripleKo)
			var states []gameState
			// ko captures, a pass, a same-colour move and a mid-game setup
			moves := append([]string{"B A1", "W pass", "W J1"}, tripleKoCycle[:5]...)
			for _, m := range moves {
				states = append(states, stateOf(g))
				require.NoError(t, playMove(t, g, m))
			}
			ko, koColor := g.Board().Ko()
			assert.Equal(t, "D3", g.Board().Vertex(ko), "B C3 just took a ko")
			assert.Equal(t, White, koColor)
			states = append(states, stateOf(g))
			require.NoError(t, g.Setup([]Move{{Color: White, Point: g.Board().At(0, 8)}}, White))
			for i := len(states) - 1; i >= 0; i-- {
				require.NoError(t, g.Undo())
				assert.Equal(t, states[i], stateOf(g), "after undoing back to %d events", i)
			}
			assert.ErrorIs(t, g.Undo(), ErrNoMoves)
			assert.Equal(t, g.Start().Hash(), g.Board().Hash())
		})
	}
}

func TestGameHandicap(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(g *Game) error
		points  []string
		err     error
		errText string
	}{
		{name: "on an empty board", points: []string{"D4", "Q16", "D16"}},
		{name: "after a move", prepare: func(g *Game) error { return g.Play(g.Board().At(3, 3), Black) },
			points: []string{"Q16", "D16"}, err: ErrNotEmpty},
		{name: "after a pass", prepare: func(g *Game) error { return g.Play(Pass, Black) },
			points: []string{"Q16", "D16"}, err: ErrNotEmpty},
		{name: "on setup stones", prepare: func(g *Game) error {
			return g.SetupStart([]Move{{Color: White, Point: g.Board().At(9, 9)}})
		}, points: []string{"Q16", "D16"}, err: ErrNotEmpty},
		{name: "twice", prepare: func(g *Game) error {
			return g.SetHandicap([]Point{g.Board().At(3, 3), g.Board().At(15, 15)})
		}, points: []string{"Q4", "D16"}, err: ErrNotEmpty},
		{name: "repeated vertex", points: []string{"D4", "D4"}, errText: "repeated vertex D4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := NewGame(19, Chinese, 0.5)
			require.NoError(t, err)
			if tt.prepare != nil {
				require.NoError(t, tt.prepare(g))
			}
			before := stateOf(g)
			var points []Point
			for _, v := range tt.points {
				p, err := g.Board().ParseVertex(v)
				require.NoError(t, err)
				points = append(points, p)
			}
			err = g.SetHandicap(points)
			switch {
			case tt.err != nil:
				assert.ErrorIs(t, err, tt.err)
			case tt.errText != "":
				assert.EqualError(t, err, tt.errText)
			default:
				require.NoError(t, err)
				assert.Equal(t, len(points), g.Handicap())
				assert.Equal(t, White, g.ToMove())
				for _, p := range points {
					assert.Equal(t, Black, g.Start().Color(p))
				}
				assert.Equal(t, 0, g.MoveNumber(), "handicap stones are the start, not moves")
				return
			}
			assert.Equal(t, before, stateOf(g), "a refused handicap changes nothing")
		})
	}
	t.Run("off the board", func(t *testing.T) {
		g, err := NewGame(9, Chinese, 0.5)
		require.NoError(t, err)
		assert.ErrorIs(t, g.SetHandicap([]Point{Pass}), ErrOffBoard)
	})
}

func TestGameConsecutiveSameColour(t *testing.T) {
	for _, rules := range allRulesets {
		t.Run(rules.Name, func(t *testing.T) {
			g, err := NewGame(5, rules, 0)
			require.NoError(t, err)
			for _, m := range []string{"B C3", "B C4", "B C2"} {
				require.NoError(t, playMove(t, g, m))
				assert.Equal(t, White, g.ToMove(), "after a black move White is to move")
			}
			require.NoError(t, playMove(t, g, "W B3"))
			require.NoError(t, playMove(t, g, "W D3"))
			assert.Equal(t, Black, g.ToMove())
			assert.Equal(t, MustDiagram(`
. . . . .
. . X . .
. O X O .
. . X . .
. . . . .`).String(), g.Board().String())
			require.NoError(t, g.Undo())
			assert.Equal(t, Black, g.ToMove(), "the player to move follows the last mover")
			require.NoError(t, g.Undo())
			assert.Equal(t, White, g.ToMove())
			assert.Equal(t, []Move{{Black, g.Board().At(2, 2)}, {Black, g.Board().At(2, 3)}, {Black, g.Board().At(2, 1)}},
				g.Moves())
		})
	}
}
