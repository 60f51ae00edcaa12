package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/gtpgo/gtpgo/rules"
)

// gameSGF is what the match writes for one game: the game as played and its
// notes (players, date, the match's comment, why it ended unusually),
// written by the rules package's one SGF writer.
type gameSGF struct {
	game  *rules.Game
	notes rules.SGFNotes
}

// newGameSGF is the record of game with the root properties of info, the
// result, a root comment and a comment on the last move (on the root when
// no move was played).
func newGameSGF(game *rules.Game, info map[string]string, result, comment, endComment string) gameSGF {
	notes := rules.SGFNotes{Info: map[string]string{"AP": "gtpgo-match"}, Result: result}
	for k, v := range info {
		if v != "" {
			notes.Info[k] = v
		}
	}
	last := game.MoveNumber() - 1
	if last < 0 && endComment != "" {
		comment = strings.TrimSpace(comment + "\n\n" + endComment)
	}
	if comment != "" {
		notes.Info["C"] = comment
	}
	if last >= 0 && endComment != "" {
		notes.Nodes = map[int]map[string]string{last: {"C": endComment}}
	}
	return gameSGF{game: game, notes: notes}
}

func (r gameSGF) write(w io.Writer) error {
	_, err := w.Write(rules.WriteSGF(r.game, r.notes))
	return err
}

// moveKey is the game's moves as one string, to compare games for
// duplicates.
func (r gameSGF) moveKey() string {
	return movesKey(r.game.Board().Geometry, r.game.Moves())
}

// sgfMoveKey is movesKey of the main line of the first game of an SGF file
// (the match reads its own files back to find duplicates when it resumes).
func sgfMoveKey(data []byte) (string, error) {
	games, err := rules.ParseSGF(data)
	if err != nil {
		return "", err
	}
	if len(games) == 0 {
		return "", fmt.Errorf("sgf: no game")
	}
	g := games[0]
	geo, err := rules.NewGeometry(g.Size)
	if err != nil {
		return "", err
	}
	var moves []rules.Move
	for _, n := range g.Nodes {
		if n.Move != nil {
			moves = append(moves, *n.Move)
		}
	}
	return movesKey(geo, moves), nil
}

func movesKey(geo rules.Geometry, moves []rules.Move) string {
	var b strings.Builder
	for _, m := range moves {
		fmt.Fprintf(&b, "%s %s ", m.Color.Letter(), geo.Vertex(m.Point))
	}
	return b.String()
}
