package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gtpgo/gtpgo/rules"
)

// sgfRecord is what the match writes for one game: root properties and the
// main line of moves. A small writer of our own, because the match needs
// nothing of a full SGF library (no variations, no reading).
type sgfRecord struct {
	Size       int
	Komi       float64
	Rules      string // RU value
	Handicap   []rules.Point
	Black      string // PB
	White      string // PW
	Result     string // RE; "?" for unknown
	Date       string // DT, YYYY-MM-DD
	GameName   string // GN
	TimeLimit  float64
	Overtime   string // OT
	Comment    string // root C
	Moves      []rules.Move
	EndComment string // C on the last node: why the game ended unusually
}

// write writes the record as an SGF FF[4] game.
func (r *sgfRecord) write(w io.Writer) error {
	geo, err := rules.NewGeometry(r.Size)
	if err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("(;FF[4]GM[1]CA[UTF-8]AP[gtpgo-match]")
	fmt.Fprintf(&b, "SZ[%d]KM[%s]", r.Size, strconv.FormatFloat(r.Komi, 'f', -1, 64))
	prop := func(id, v string) {
		if v != "" {
			fmt.Fprintf(&b, "%s[%s]", id, sgfEscape(v))
		}
	}
	prop("RU", r.Rules)
	prop("GN", r.GameName)
	prop("DT", r.Date)
	prop("PB", r.Black)
	prop("PW", r.White)
	prop("RE", r.Result)
	if r.TimeLimit > 0 {
		prop("TM", strconv.FormatFloat(r.TimeLimit, 'f', -1, 64))
	}
	prop("OT", r.Overtime)
	if len(r.Handicap) > 0 {
		fmt.Fprintf(&b, "HA[%d]AB", len(r.Handicap))
		for _, p := range r.Handicap {
			fmt.Fprintf(&b, "[%s]", sgfPoint(geo, p))
		}
		b.WriteString("PL[W]")
	}
	comment := r.Comment
	if len(r.Moves) == 0 && r.EndComment != "" {
		comment = strings.TrimSpace(comment + "\n\n" + r.EndComment)
	}
	prop("C", comment)
	for i, m := range r.Moves {
		fmt.Fprintf(&b, "\n;%s[%s]", m.Color.Letter(), sgfPoint(geo, m.Point))
		if i == len(r.Moves)-1 {
			prop("C", r.EndComment)
		}
	}
	b.WriteString(")\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// sgfPoint is the SGF coordinate pair of p: column then row, both from 'a',
// rows counted from the top. A pass is the empty value (FF[4]).
func sgfPoint(geo rules.Geometry, p rules.Point) string {
	if p == rules.Pass {
		return ""
	}
	x, y := geo.XY(p)
	return string([]byte{byte('a' + x), byte('a' + geo.Size - 1 - y)})
}

// sgfEscape escapes the characters SGF text values reserve.
func sgfEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(s)
}

// sgfNode is one node of a game's main line: property values by identifier.
type sgfNode map[string][]string

// parseSGF reads the main line of the first game in an SGF collection: the
// match reads its own files back to find duplicate games when it resumes.
// Variations are skipped after the first one.
func parseSGF(s string) ([]sgfNode, error) {
	i := strings.IndexByte(s, '(')
	if i < 0 {
		return nil, fmt.Errorf("sgf: no game tree")
	}
	var nodes []sgfNode
	var node sgfNode
	depth := 0
	done := false // the main line has ended; skip to the end of the game
	for i < len(s) {
		c := s[i]
		switch {
		case c == '(':
			depth++
			i++
		case c == ')':
			depth--
			i++
			done = true
			if depth == 0 {
				return nodes, nil
			}
		case c == ';':
			i++
			if !done {
				node = sgfNode{}
				nodes = append(nodes, node)
			}
		case c >= 'A' && c <= 'Z':
			j := i
			for j < len(s) && s[j] >= 'A' && s[j] <= 'Z' {
				j++
			}
			id := s[i:j]
			i = j
			if node == nil {
				return nil, fmt.Errorf("sgf: property %s outside a node", id)
			}
			n := 0
			for {
				for i < len(s) && strings.IndexByte(" \t\r\n", s[i]) >= 0 {
					i++
				}
				if i >= len(s) || s[i] != '[' {
					break
				}
				v, next, err := sgfValue(s, i+1)
				if err != nil {
					return nil, err
				}
				if !done {
					node[id] = append(node[id], v)
				}
				i = next
				n++
			}
			if n == 0 {
				return nil, fmt.Errorf("sgf: property %s without a value", id)
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		default:
			return nil, fmt.Errorf("sgf: unexpected %q at byte %d", c, i)
		}
	}
	return nil, fmt.Errorf("sgf: unterminated game tree")
}

// sgfValue reads a property value starting after its '[', undoing escapes;
// it returns the value and the index after the closing ']'.
func sgfValue(s string, i int) (string, int, error) {
	var b strings.Builder
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
			if i < len(s) {
				b.WriteByte(s[i])
			}
		case ']':
			return b.String(), i + 1, nil
		default:
			b.WriteByte(s[i])
		}
	}
	return "", i, fmt.Errorf("sgf: unterminated property value")
}

// moveKey is sgfMoveKey of a record's moves, without writing and parsing it.
func (r *sgfRecord) moveKey() string {
	geo, err := rules.NewGeometry(r.Size)
	if err != nil {
		return ""
	}
	var b strings.Builder
	for _, m := range r.Moves {
		fmt.Fprintf(&b, "%s[%s]", m.Color.Letter(), sgfPoint(geo, m.Point))
	}
	return b.String()
}

// sgfMoveKey is the sequence of moves of a parsed game as one string, to
// compare games for duplicates.
func sgfMoveKey(nodes []sgfNode) string {
	var b strings.Builder
	for _, n := range nodes {
		for _, c := range []string{"B", "W"} {
			for _, v := range n[c] {
				fmt.Fprintf(&b, "%s[%s]", c, v)
			}
		}
	}
	return b.String()
}
