package gtp

import (
	"fmt"
	"os"

	"github.com/gtpgo/gtpgo/rules"
)

// cmdLoadSGF is `loadsgf file [move_number]`: the game of the file's main
// line (its first game), replayed up to but not including move_number
// (moves count from 1, passes included; none or a number past the end
// replays everything). Size, komi, handicap and rules (RU) come from the
// file; without KM or a known RU the session's komi and rules stay.
func (s *Server) cmdLoadSGF(c *Call) (string, error) {
	if err := c.arity(1, 2, "file [move_number]"); err != nil {
		return "", err
	}
	before := 0
	if len(c.Args) == 2 {
		var err error
		if before, err = parseCount(c.Args[1], "move number"); err != nil {
			return "", err
		}
	}
	g, err := s.loadSGF(c.Args[0], before)
	if err != nil {
		s.log.Infof("loadsgf %s: %v", c.Args[0], err)
		return "", errCannotLoad
	}
	s.game = g
	s.eng.ClearTree()
	s.clock.Set(s.clock.Settings)
	return "", nil
}

func (s *Server) loadSGF(name string, before int) (*rules.Game, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	games, err := rules.ParseSGF(data)
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("no game in the file")
	}
	// real records hold the odd superko repetition: play them anyway
	g, issues, err := games[0].Replay(s.game.Rules, before, true)
	if err != nil {
		return nil, err
	}
	for _, e := range issues {
		s.log.Infof("loadsgf %s: %v (played anyway)", name, e)
	}
	if _, ok := games[0].Info["KM"]; !ok {
		g.Komi = s.game.Komi
	}
	return g, nil
}

// cmdPrintSGF is `printsgf [file]` (Leela Zero, KataGo): the game record as
// SGF in the response, or written to the file.
func (s *Server) cmdPrintSGF(c *Call) (string, error) {
	if err := c.arity(0, 1, "[file]"); err != nil {
		return "", err
	}
	data := rules.WriteSGF(s.game, rules.SGFNotes{Info: map[string]string{"AP": s.cfg.Name + ":" + s.cfg.Version}})
	if len(c.Args) == 1 {
		if err := os.WriteFile(c.Args[0], data, 0o644); err != nil {
			s.log.Infof("printsgf: %v", err)
			return "", fmt.Errorf("cannot write file %s", quote(c.Args[0]))
		}
		return "", nil
	}
	return string(data), nil
}
