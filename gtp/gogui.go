package gtp

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gtpgo/gtpgo/rules"
)

// registerGoGui installs GoGui's extensions and gtpgo's own commands that
// GoGui's analyze menu shows.
func (s *Server) registerGoGui() {
	for name, h := range map[string]Handler{
		// The command only announces that `# interrupt` is honoured.
		"gogui-interrupt":        constant(""),
		"gogui-play_sequence":    s.cmdPlaySequence,
		"gogui-setup":            s.cmdSetup,
		"gogui-setup_player":     s.cmdSetupPlayer,
		"gogui-analyze_commands": s.cmdAnalyzeCommands,
		"gtpgo-param":            s.cmdParam,
		"gtpgo-legal_moves":      s.cmdLegalMoves,
		"gtpgo-liberties":        s.cmdLiberties,
	} {
		s.Register(name, h)
	}
}

// analyzeCommands is GoGui's analyze menu: type/label/command lines.
var analyzeCommands = []string{
	"param/Engine Parameters/gtpgo-param",
	"plist/Legal Moves/gtpgo-legal_moves %c",
	"sboard/Liberties/gtpgo-liberties",
	"plist/Dead Stones/final_status_list dead",
	"string/Final Score/final_score",
	"varc/Reg GenMove/reg_genmove %c",
	"string/Show Board/showboard",
	"none/Save SGF/printsgf %w",
}

func (s *Server) cmdAnalyzeCommands(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	var lines []string
	for _, l := range analyzeCommands {
		name := strings.Fields(strings.SplitN(l, "/", 3)[2])[0]
		if s.commands[name] != nil {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n"), nil
}

// parseMoves reads "color vertex color vertex ..." argument pairs.
func (s *Server) parseMoves(args []string, allowPass bool) ([]rules.Move, error) {
	if len(args)%2 != 0 {
		return nil, errors.New("odd number of arguments: expected color vertex pairs")
	}
	moves := make([]rules.Move, 0, len(args)/2)
	for i := 0; i < len(args); i += 2 {
		m, err := s.parseMove(args[i], args[i+1])
		if err != nil {
			return nil, err
		}
		if m.Point == rules.Pass && !allowPass {
			return nil, fmt.Errorf("invalid coordinate %s", quote(args[i+1]))
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// cmdPlaySequence plays many moves in one command (GoGui's fast
// navigation): all of them, or none when one is refused.
func (s *Server) cmdPlaySequence(c *Call) (string, error) {
	moves, err := s.parseMoves(c.Args, true)
	if err != nil {
		return "", err
	}
	g := s.game.Clone()
	for i, m := range moves {
		if err := g.Play(m.Color, m.Point); err != nil {
			return "", fmt.Errorf("illegal move %s %s (move %d of the sequence)",
				m.Color.Letter(), g.Board().Vertex(m.Point), i+1)
		}
	}
	s.game = g
	return "", nil
}

// cmdSetup places setup stones on an empty board before any move (GoGui's
// setup.xml): all of them, or none when the position is impossible.
func (s *Server) cmdSetup(c *Call) (string, error) {
	moves, err := s.parseMoves(c.Args, false)
	if err != nil {
		return "", err
	}
	if !s.freshEmpty() || s.game.Handicap() != 0 {
		return "", errBoardNotEmpty
	}
	seen := map[rules.Point]bool{}
	for _, m := range moves {
		if seen[m.Point] {
			return "", fmt.Errorf("repeated vertex %s", s.game.Board().Vertex(m.Point))
		}
		seen[m.Point] = true
	}
	if err := s.game.SetupStart(moves); err != nil {
		return "", fmt.Errorf("invalid setup: %v", err)
	}
	s.eng.ClearTree()
	return "", nil
}

func (s *Server) cmdSetupPlayer(c *Call) (string, error) {
	col, err := s.colorArg(c)
	if err != nil {
		return "", err
	}
	s.game.SetToMove(col)
	return "", nil
}

// cmdParam is GoGui's param dialog for the engine parameters: without
// arguments it lists "[type] name value" lines, with "name value" it sets
// one.
func (s *Server) cmdParam(c *Call) (string, error) {
	if err := c.arity(0, 2, "[name value]"); err != nil {
		return "", err
	}
	p := s.eng.Params()
	if len(c.Args) == 0 {
		var lines []string
		for _, info := range p.List() {
			typ, value := "[string]", info.Value
			switch {
			case info.Kind == "bool":
				typ = "[bool]"
				if info.Value == "true" {
					value = "1"
				} else {
					value = "0"
				}
			case info.Name == "policy":
				typ = "[list/heavy/light]"
			}
			lines = append(lines, typ+" "+info.Name+" "+value)
		}
		return strings.Join(lines, "\n"), nil
	}
	if len(c.Args) != 2 {
		return "", fmt.Errorf("missing value for %s", quote(c.Args[0]))
	}
	if err := p.Set(c.Args[0], c.Args[1]); err != nil {
		return "", err
	}
	if err := s.eng.SetParams(p); err != nil {
		return "", err
	}
	return "", nil
}

// cmdLegalMoves lists the points where a colour (default: the player to
// move) may play, for GoGui's plist display.
func (s *Server) cmdLegalMoves(c *Call) (string, error) {
	if err := c.arity(0, 1, "[color]"); err != nil {
		return "", err
	}
	col := s.game.ToMove()
	if len(c.Args) == 1 {
		var err error
		if col, err = parseColor(c.Args[0]); err != nil {
			return "", err
		}
	}
	b := s.game.Board()
	var out []string
	for y := b.Size - 1; y >= 0; y-- {
		for x := 0; x < b.Size; x++ {
			if p := b.At(x, y); s.game.Check(col, p) == nil {
				out = append(out, b.Vertex(p))
			}
		}
	}
	return strings.Join(out, " "), nil
}

// cmdLiberties is an sboard of each stone's liberty count.
func (s *Server) cmdLiberties(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	b := s.game.Board()
	var lines []string
	for y := b.Size - 1; y >= 0; y-- {
		row := make([]string, b.Size)
		for x := 0; x < b.Size; x++ {
			row[x] = `""`
			if n := b.Liberties(b.At(x, y)); n > 0 {
				row[x] = strconv.Itoa(n)
			}
		}
		lines = append(lines, strings.Join(row, " "))
	}
	return strings.Join(lines, "\n"), nil
}
