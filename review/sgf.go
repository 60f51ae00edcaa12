package review

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/gtpgo/gtpgo/rules"
)

// rules.WriteSGF writes a game record's main line only, with no comments or
// branches; the review needs both, so it builds its own small tree here.

// sgfNode is one node of the written tree: properties in the order they are
// written, and children, the first of which continues the main line.
type sgfNode struct {
	props    []sgfProp
	children []*sgfNode
}

type sgfProp struct {
	id     string
	values []string
}

func (n *sgfNode) add(id string, values ...string) { n.props = append(n.props, sgfProp{id, values}) }

func (n *sgfNode) child() *sgfNode {
	c := &sgfNode{}
	n.children = append(n.children, c)
	return c
}

// write writes the game tree at n: "(" the sequence of single-child nodes,
// then each branch in its own parentheses, ")".
func (n *sgfNode) write(b *bytes.Buffer) {
	b.WriteByte('(')
	for {
		b.WriteByte(';')
		for _, p := range n.props {
			b.WriteString(p.id)
			for _, v := range p.values {
				b.WriteByte('[')
				for i := 0; i < len(v); i++ {
					if v[i] == ']' || v[i] == '\\' {
						b.WriteByte('\\')
					}
					b.WriteByte(v[i])
				}
				b.WriteByte(']')
			}
		}
		b.WriteByte('\n')
		if len(n.children) != 1 {
			break
		}
		n = n.children[0]
	}
	for _, c := range n.children {
		c.write(b)
	}
	b.WriteString(")\n")
}

// sgfPoint is a point's SGF value; a pass is the empty value.
func sgfPoint(geo rules.Geometry, p rules.Point) string {
	if p == rules.Pass {
		return ""
	}
	x, y := geo.XY(p)
	return string([]byte{byte('a' + x), byte('a' + geo.Size - 1 - y)})
}

// addStones adds AB, AW and AE for a list of setup stones.
func addStones(n *sgfNode, geo rules.Geometry, stones []rules.Move) {
	var lists [3][]string
	for _, m := range stones {
		if m.Color <= rules.White {
			lists[m.Color] = append(lists[m.Color], sgfPoint(geo, m.Point))
		}
	}
	for c, id := range [3]string{"AE", "AB", "AW"} {
		if len(lists[c]) > 0 {
			n.add(id, lists[c]...)
		}
	}
}

// gameInfo are the root properties copied from the reviewed file: the
// SGF game-info properties.
var gameInfo = []string{"GN", "EV", "RO", "DT", "PC", "PB", "BR", "BT", "PW", "WR", "WT", "RE", "TM", "OT",
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
// mistake, DO inaccuracy). ParseSGF reads back the same main line.
func (r *Review) SGF() []byte {
	g := r.Game
	geo := r.geometry()
	root := &sgfNode{}
	root.add("FF", "4")
	root.add("GM", "1")
	ca := "UTF-8"
	if v := strings.TrimSpace(g.Info["CA"]); v != "" {
		ca = v // the players' names keep their bytes
	}
	root.add("CA", ca)
	root.add("AP", "gtpgo review")
	root.add("SZ", strconv.Itoa(g.Size))
	root.add("KM", strconv.FormatFloat(r.Komi, 'f', -1, 64))
	if g.Handicap > 0 {
		root.add("HA", strconv.Itoa(g.Handicap))
	}
	if ru := strings.TrimSpace(g.Rules); ru != "" {
		root.add("RU", g.Rules)
	} else {
		root.add("RU", r.Rules.SGFName())
	}
	addStones(root, geo, g.Setup)
	if g.PlayerToMove == rules.Black || g.PlayerToMove == rules.White {
		root.add("PL", g.PlayerToMove.Letter())
	}
	for _, id := range gameInfo {
		if v, ok := g.Info[id]; ok {
			root.add(id, v)
		}
	}
	summary := r.Summary()
	if c := strings.TrimSpace(g.Info["C"]); c != "" {
		summary += "\n\nThe file's comment:\n" + c
	}
	root.add("C", summary)
	_, _, win, _ := r.Curves()
	root.add("SBKV", sbkv(win[0]))

	parent := root
	k := 0
	for _, n := range g.Nodes {
		node := parent.child()
		if n.Setup != nil {
			addStones(node, geo, n.Setup)
			if n.PlayerToMove == rules.Black || n.PlayerToMove == rules.White {
				node.add("PL", n.PlayerToMove.Letter())
			}
		}
		if n.Move != nil {
			m := &r.Moves[k]
			k++
			node.add(m.Move.Color.Letter(), sgfPoint(geo, m.Move.Point))
			switch m.Severity {
			case Blunder:
				node.add("BM", "2")
			case Mistake:
				node.add("BM", "1")
			case Inaccuracy:
				node.add("DO", "")
			}
			node.add("C", r.Comment(m))
			node.add("SBKV", sbkv(win[m.Number]))
			if !m.EngineMove && len(m.Before.PV) > 0 {
				r.addVariation(parent, m)
			}
		}
		parent = node
	}
	var b bytes.Buffer
	root.write(&b)
	return b.Bytes()
}

// addVariation hangs the engine's preferred line for move m below parent,
// beside the game's move.
func (r *Review) addVariation(parent *sgfNode, m *Move) {
	geo := r.geometry()
	c := m.Move.Color
	node := parent
	for i, p := range m.Before.PV {
		node = node.child()
		node.add(c.Letter(), sgfPoint(geo, p))
		if i == 0 {
			node.add("C", r.variationComment(m))
			node.add("SBKV", sbkv(m.WinBefore))
		}
		c = c.Opponent()
	}
}
