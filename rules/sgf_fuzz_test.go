package rules

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzParseSGF: no input makes the parser or the replay panic; every error
// is an *SGFError or a *MoveError; a game that loads writes out and reads
// back as the same game.
func FuzzParseSGF(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(sgfTestdata, "*.sgf"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		"(;SZ[5]AB[aa:cc]AW[dd];B[ee];W[];B[tt])",
		"(;SZ[3]HA[2]AB[aa][cc]PL[B];B[bb](;W[ab])(;W[ba]))",
		"(;SZ[4]RU[Chinese]KM[6.5];B[aa];AE[aa]AB[bb]PL[W];W[cc])",
		"(;SZ[7]RU[NZ]AB[ba][da][ab][bb][cb][db]AW[ca]",
		`(;C[\]\\]PB[\` + "\n" + `x]` + "\xff;B[aa])",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		games, err := ParseSGF(data)
		if err != nil {
			var se *SGFError
			require.ErrorAs(t, err, &se)
			return
		}
		for _, s := range games {
			_, _, _ = s.Replay(Japanese, 1+len(s.Nodes)/2, false)
			g, _, err := s.NewGame(Japanese, true)
			if err != nil {
				var se *SGFError
				var me *MoveError
				require.True(t, errors.As(err, &se) || errors.As(err, &me), "unexpected error type: %v", err)
				continue
			}
			text := WriteSGF(g, SGFNotes{Info: s.Info, Result: s.Result})
			back, err := ParseSGF(text)
			require.NoError(t, err, "%s", text)
			require.Len(t, back, 1)
			g2, _, err := back[0].NewGame(Japanese, true)
			require.NoError(t, err, "%s", text)
			require.Equal(t, g.Moves(), g2.Moves())
			require.Equal(t, g.History(), g2.History(), "positions")
			require.Equal(t, g.Start().ToMove(), g2.Start().ToMove())
			require.Equal(t, g.ToMove(), g2.ToMove())
			require.Equal(t, g.Komi, g2.Komi)
			require.Equal(t, g.Rules, g2.Rules)
			require.Equal(t, g.Handicap(), g2.Handicap())
			require.Equal(t, s.Result, back[0].Result)
		}
	})
}

// FuzzPlayUndo decodes bytes into plays, passes, setups and undos on a
// small board: nothing panics, a refused action changes nothing, and every
// Undo brings back exactly the state before the event it takes back.
//
// Encoding: byte 0 picks the size (2..7), byte 1 the rule set; then each
// action is a byte b: b%10 in 0..5 plays the player to move at the point
// given by the next byte, 6 plays the other colour there, 7 passes, 8
// undoes, 9 sets the colour (next byte %3) of a point (the byte after).
func FuzzPlayUndo(f *testing.F) {
	f.Add([]byte{3, 0, 0, 4, 0, 0, 8, 8, 8})
	f.Add([]byte{3, 1, 0, 1, 0, 3, 0, 5, 0, 7, 8, 0, 4, 8, 8, 8})
	f.Add([]byte{5, 4, 9, 1, 12, 6, 13, 0, 7, 7, 8, 8, 9, 0, 12, 8})
	// 4x4: build a ko shape, take the ko, try the refused retake, undo
	f.Add([]byte{2, 0, 0, 13, 0, 14, 0, 8, 0, 9, 0, 5, 0, 11, 0, 0, 0, 6, 0, 10, 0, 9, 8, 8, 8})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		size := MinSize + int(data[0])%6
		rules := allRulesets[int(data[1])%len(allRulesets)]
		g, err := NewGame(size, rules, 0)
		require.NoError(t, err)
		points := g.Board().Points()
		var states []gameState
		next := func(i *int) int {
			*i++
			if *i < len(data) {
				return int(data[*i])
			}
			return 0
		}
		for i := 2; i < len(data); i++ {
			before := stateOf(g)
			var err error
			switch op := data[i] % 10; op {
			case 8:
				err = g.Undo()
				if len(states) == 0 {
					require.ErrorIs(t, err, ErrNoMoves)
					require.Equal(t, before, stateOf(g))
					continue
				}
				require.NoError(t, err)
				require.Equal(t, states[len(states)-1], stateOf(g), "undo at byte %d", i)
				states = states[:len(states)-1]
				continue
			case 7:
				err = g.Play(Pass, g.ToMove())
			case 9:
				c := Color(next(&i) % 3)
				p := points[next(&i)%len(points)]
				err = g.Setup([]Move{{Color: c, Point: p}}, g.ToMove())
			default:
				c := g.ToMove()
				if op == 6 {
					c = c.Opponent()
				}
				err = g.Play(points[next(&i)%len(points)], c)
			}
			if err != nil {
				require.Equal(t, before, stateOf(g), "a refused action changes nothing")
				continue
			}
			states = append(states, before)
		}
	})
}
