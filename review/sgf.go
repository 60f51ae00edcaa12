package review

import (
	"strconv"
	"strings"

	"github.com/gtpgo/gtpgo/rules"
)

// gameInfo are the root properties copied from the reviewed file: the
// SGF game-info properties.
var gameInfo = []string{"GN", "EV", "RO", "DT", "PC", "PB", "BR", "BT", "PW", "WR", "WT", "TM", "OT",
	"GC", "ON", "AN", "CP", "SO", "US"}

// sbkv is Sabaki's win-rate property: Black's win rate in percent.
func sbkv(black float64) string { return strconv.FormatFloat(100*black, 'f', 2, 64) }

// SGF writes the reviewed game: the root with the game's properties and
// the summary, every main-line node of the game with its move's comment,
// and the engine's variation as a branch beside each move it would not
// have played. Win rates are also given as Sabaki's SBKV (Black's win rate
// in percent of the position after the node, smoothed as in Plot), so
// Sabaki draws the same graph;
// mistakes carry the standard move annotations (BM[2] blunder, BM[1]
// mistake, DO inaccuracy). It is written by rules.WriteSGF, so ParseSGF
// reads back the same main line.
func (r *Review) SGF() []byte {
	g := r.Game
	notes := rules.SGFNotes{Info: map[string]string{"AP": "gtpgo review"}, Result: g.Result,
		Nodes: map[int]map[string]string{}, Variations: map[int][]rules.SGFLine{}}
	if v := strings.TrimSpace(g.Info["CA"]); v != "" {
		notes.Info["CA"] = v // the players' names keep their bytes
	}
	if ru := strings.TrimSpace(g.Rules); ru != "" {
		notes.Info["RU"] = g.Rules // as the file names them, known to gtpgo or not
	}
	for _, id := range gameInfo {
		if v, ok := g.Info[id]; ok {
			notes.Info[id] = v
		}
	}
	summary := r.Summary()
	if c := strings.TrimSpace(g.Info["C"]); c != "" {
		summary += "\n\nThe file's comment:\n" + c
	}
	notes.Info["C"] = summary
	_, _, win, _ := r.Curves()
	notes.Info["SBKV"] = sbkv(win[0])

	// the record has an event per setup and per move of the main line, in
	// the file's order (a node's setup before its move)
	event, k := 0, 0
	for _, n := range g.Nodes {
		if n.Setup != nil {
			event++
		}
		if n.Move == nil {
			continue
		}
		m := &r.Moves[k]
		k++
		props := map[string]string{"C": r.Comment(m), "SBKV": sbkv(win[m.Number])}
		switch m.Severity {
		case Blunder:
			props["BM"] = "2"
		case Mistake:
			props["BM"] = "1"
		case Inaccuracy:
			props["DO"] = ""
		}
		notes.Nodes[event] = props
		if !m.EngineMove && len(m.Before.PV) > 0 {
			notes.Variations[event] = []rules.SGFLine{r.variation(m)}
		}
		event++
	}
	return rules.WriteSGF(r.Record, notes)
}

// variation is the engine's preferred line instead of move m, its first
// node commented.
func (r *Review) variation(m *Move) rules.SGFLine {
	line := rules.SGFLine{Props: []map[string]string{{"C": r.variationComment(m), "SBKV": sbkv(m.WinBefore)}}}
	c := m.Move.Color
	for _, p := range m.Before.PV {
		line.Moves = append(line.Moves, rules.Move{Color: c, Point: p})
		c = c.Opponent()
	}
	return line
}
