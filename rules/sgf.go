package rules

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// SGFGame is one game of an SGF file: the root properties and the main line
// (the first variation at every branch).
type SGFGame struct {
	Size     int     // SZ, 19 when absent
	Komi     float64 // KM, 0 when absent (Info["KM"] tells whether it was given)
	Handicap int     // HA, 0 when absent
	Rules    string  // RU as written
	Result   string  // RE as written
	// Info holds every root property except the setup (AB, AW, AE) and move
	// (B, W) properties, by identifier: the first value, unescaped, as raw
	// bytes (SGF files are often not UTF-8). It includes the interpreted
	// ones (SZ, KM, RU...) so callers can tell an absent property apart.
	Info map[string]string
	// Setup is the root's AB, AW and AE stones (AE as Empty) in file
	// order, each point once with the last colour the root gives it.
	Setup []Move
	// PlayerToMove is the root's PL, or Empty.
	PlayerToMove Color
	// Nodes are the main-line nodes with a move or setup properties, in
	// order; a move in the root node (unusual but seen) comes first.
	Nodes []SGFNode

	index  int // number of the game in its file, from 1
	offset int // byte offset of the root node
}

// SGFNode is one main-line node of a game: a move, a setup, or both (the
// setup applies first).
type SGFNode struct {
	Move *Move // B or W; Point is Pass for B[] (and B[tt] up to 19x19)
	// Setup is non-nil when the node has setup properties (AB, AW, AE, PL):
	// the stones as for SGFGame.Setup.
	Setup        []Move
	PlayerToMove Color  // PL, or Empty
	Comment      string // C, as raw bytes unescaped
	Index        int    // the node's number in the main line, the root being 0
	Offset       int    // byte offset of the node's ';' in the file
}

// SGFError is an SGF syntax or content error, located by byte offset and,
// when known, by game (from 1) and main-line node (from 0, -1 unknown).
type SGFError struct {
	Offset int
	Game   int
	Node   int
	Msg    string
}

// Error formats the error with its location: "sgf: game 2, node 14, byte
// 3456: ...".
func (e *SGFError) Error() string {
	var where []string
	if e.Game > 0 {
		where = append(where, fmt.Sprintf("game %d", e.Game))
	}
	if e.Node >= 0 {
		where = append(where, fmt.Sprintf("node %d", e.Node))
	}
	where = append(where, fmt.Sprintf("byte %d", e.Offset))
	return "sgf: " + strings.Join(where, ", ") + ": " + e.Msg
}

// MoveError is a move of an SGF record that the rules refuse; in lenient
// mode superko violations are accepted and reported with the same type.
type MoveError struct {
	MoveNumber int // from 1, counting plays and passes
	Node       int // main-line node number
	Move       Move
	Vertex     string // GTP vertex of the move, e.g. "Q16"
	Err        error  // the rules' reason, e.g. ErrSuperko
}

// Error formats the error as "sgf: move 57 (node 58) W Q16: <reason>".
func (e *MoveError) Error() string {
	return fmt.Sprintf("sgf: move %d (node %d) %s %s: %v", e.MoveNumber, e.Node, e.Move.Color.Letter(), e.Vertex, e.Err)
}

// Unwrap gives the rules' reason, for errors.Is(err, ErrSuperko) and such.
func (e *MoveError) Unwrap() error { return e.Err }

// sgfProp is one property of a parsed node: its values are
// sgfParser.vals[valStart:valEnd], which alias the input unless they had
// escapes.
type sgfProp struct {
	id               string
	valStart, valEnd int
	offset           int // of the first '['
}

// sgfRawNode is a node: its properties are sgfParser.props[start:end].
type sgfRawNode struct {
	offset     int
	start, end int
}

type sgfParser struct {
	data  []byte
	pos   int
	game  int // current game, from 1
	scrap []byte
	// the properties and values of the current game's main line, reused
	// from game to game so that a large collection parses without an
	// allocation per node
	nodes []sgfRawNode
	props []sgfProp
	vals  [][]byte
	// where each point is in the setup list of the node being read, valid
	// where setupMark equals setupGen (one generation per node)
	setupAt   [MaxPoints]int32
	setupMark [MaxPoints]uint32
	setupGen  uint32
}

func (p *sgfParser) errorf(offset, node int, format string, args ...any) error {
	return &SGFError{Offset: offset, Game: p.game, Node: node, Msg: fmt.Sprintf(format, args...)}
}

// ParseSGF reads an SGF collection (one or more games one after another) and
// returns the main line of each game. It accepts FF[1]-FF[4] files as real
// programs write them: whitespace anywhere between tokens, any bytes in
// values, lower-case letters in property identifiers (FF[3] "AddBlack" reads
// as AB, a lone "b" as B). Variations are checked for syntax and dropped.
func ParseSGF(data []byte) ([]*SGFGame, error) {
	p := &sgfParser{data: data}
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		p.pos = 3 // a UTF-8 byte order mark, as some editors save files
	}
	var games []*SGFGame
	for {
		p.skipSpace()
		if p.pos >= len(data) {
			break
		}
		p.game = len(games) + 1
		if data[p.pos] != '(' {
			if len(games) == 0 {
				return nil, &SGFError{Offset: p.pos, Node: -1, Msg: fmt.Sprintf("unexpected %q before the first '('", data[p.pos])}
			}
			return nil, &SGFError{Offset: p.pos, Node: -1, Msg: fmt.Sprintf("unexpected %q after game %d", data[p.pos], len(games))}
		}
		nodes, err := p.parseTree()
		if err != nil {
			return nil, err
		}
		g, err := p.buildGame(nodes)
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	if len(games) == 0 {
		return nil, &SGFError{Offset: len(data), Node: -1, Msg: "no game found"}
	}
	return games, nil
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v'
}

func (p *sgfParser) skipSpace() {
	for p.pos < len(p.data) && isSpace(p.data[p.pos]) {
		p.pos++
	}
}

// parseTree reads one game tree starting at '(' and returns its main-line
// nodes. It keeps an explicit stack so that deeply nested variations cannot
// exhaust the goroutine stack.
func (p *sgfParser) parseTree() ([]sgfRawNode, error) {
	type frame struct {
		open     int
		main     bool
		nodes    int
		children int
	}
	stack := []frame{{open: p.pos, main: true}}
	p.pos++
	p.props, p.vals = p.props[:0], p.vals[:0]
	main := p.nodes[:0]
	defer func() { p.nodes = main[:0] }()
	for len(stack) > 0 {
		p.skipSpace()
		top := &stack[len(stack)-1]
		if p.pos >= len(p.data) {
			return nil, p.errorf(top.open, -1, "unclosed '(' (file truncated?)")
		}
		switch c := p.data[p.pos]; c {
		case ';':
			if top.children > 0 {
				return nil, p.errorf(p.pos, -1, "node after a variation")
			}
			top.nodes++
			keep, index := top.main, len(main)
			if !keep {
				index = -1 // a node of a variation has no main-line number
			}
			node, err := p.parseNode(keep, index)
			if err != nil {
				return nil, err
			}
			if keep {
				main = append(main, node)
			}
		case '(':
			if top.nodes == 0 {
				return nil, p.errorf(p.pos, -1, "game tree without nodes")
			}
			main := top.main && top.children == 0
			top.children++
			stack = append(stack, frame{open: p.pos, main: main})
			p.pos++
		case ')':
			if top.nodes == 0 {
				return nil, p.errorf(top.open, -1, "game tree without nodes")
			}
			stack = stack[:len(stack)-1]
			p.pos++
		default:
			return nil, p.errorf(p.pos, -1, "unexpected %q between nodes", c)
		}
	}
	return main, nil
}

// knownIDs interns the property identifiers this package reads, so that
// parsing a large collection does not allocate a string per property.
var knownIDs = map[string]string{}

func init() {
	for _, id := range []string{"B", "W", "AB", "AW", "AE", "PL", "SZ", "KM", "HA", "RU", "RE", "FF", "GM", "CA",
		"C", "PB", "PW", "BR", "WR", "DT", "EV", "GN", "PC", "TM", "OT", "AP", "US", "SO", "BL", "WL", "OB", "OW"} {
		knownIDs[id] = id
	}
}

// parseNode reads the node at ';'. With keep false it only checks syntax.
func (p *sgfParser) parseNode(keep bool, index int) (sgfRawNode, error) {
	node := sgfRawNode{offset: p.pos, start: len(p.props), end: len(p.props)}
	p.pos++
	for {
		p.skipSpace()
		if p.pos >= len(p.data) {
			return node, nil // the caller reports the unclosed '('
		}
		c := p.data[p.pos]
		if c == ';' || c == '(' || c == ')' {
			return node, nil
		}
		if !isLetter(c) {
			return node, p.errorf(p.pos, index, "unexpected %q in a node", c)
		}
		idStart := p.pos
		hasUpper := false
		for p.pos < len(p.data) && isLetter(p.data[p.pos]) {
			hasUpper = hasUpper || p.data[p.pos] <= 'Z'
			p.pos++
		}
		idEnd := p.pos
		// FF[3] identifiers may carry lower-case letters that do not count
		// ("AddBlack" is AB); an all-lower-case one is read in upper case.
		p.scrap = p.scrap[:0]
		for _, ch := range p.data[idStart:idEnd] {
			if ch <= 'Z' {
				p.scrap = append(p.scrap, ch)
			} else if !hasUpper {
				p.scrap = append(p.scrap, ch-'a'+'A')
			}
		}
		prop := sgfProp{offset: p.pos, valStart: len(p.vals)}
		values := 0
		for {
			p.skipSpace()
			if p.pos >= len(p.data) || p.data[p.pos] != '[' {
				break
			}
			if values == 0 {
				prop.offset = p.pos
			}
			v, err := p.parseValue(keep, index)
			if err != nil {
				return node, err
			}
			values++
			if keep {
				p.vals = append(p.vals, v)
			}
		}
		if values == 0 {
			return node, p.errorf(idStart, index, "property %q without a value", p.data[idStart:idEnd])
		}
		if keep {
			if id, ok := knownIDs[string(p.scrap)]; ok {
				prop.id = id
			} else {
				prop.id = string(p.scrap)
			}
			prop.valEnd = len(p.vals)
			p.props = append(p.props, prop)
			node.end = len(p.props)
		}
	}
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// parseValue reads a bracketed value at '['. Escapes: "\x" is x, and a
// backslash before a line break removes both (a soft line break).
func (p *sgfParser) parseValue(keep bool, index int) ([]byte, error) {
	open := p.pos
	start := open + 1
	escaped := false
	i := start
	for ; i < len(p.data); i++ {
		if c := p.data[i]; c == '\\' {
			escaped = true
			i++
		} else if c == ']' {
			break
		}
	}
	if i >= len(p.data) {
		return nil, p.errorf(open, index, "unclosed '[' (file truncated?)")
	}
	p.pos = i + 1
	if !keep {
		return nil, nil
	}
	raw := p.data[start:i]
	if !escaped {
		return raw, nil
	}
	out := make([]byte, 0, len(raw))
	for j := 0; j < len(raw); j++ {
		c := raw[j]
		if c != '\\' || j+1 >= len(raw) {
			out = append(out, c)
			continue
		}
		j++
		switch raw[j] {
		case '\n':
			if j+1 < len(raw) && raw[j+1] == '\r' {
				j++
			}
		case '\r':
			if j+1 < len(raw) && raw[j+1] == '\n' {
				j++
			}
		default:
			out = append(out, raw[j])
		}
	}
	return out, nil
}

// buildGame interprets the main-line nodes of one game.
func (p *sgfParser) buildGame(nodes []sgfRawNode) (*SGFGame, error) {
	root := nodes[0]
	g := &SGFGame{Size: 19, Info: map[string]string{}, index: p.game, offset: root.offset}
	// SZ first: every point of the game depends on it.
	for _, prop := range p.props[root.start:root.end] {
		if prop.id != "SZ" {
			continue
		}
		v := string(bytes.TrimSpace(p.vals[prop.valStart]))
		if a, b, ok := strings.Cut(v, ":"); ok && a == b {
			v = a // FF[4] allows "19:19"; only square boards are supported
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < MinSize || n > MaxSize {
			return nil, p.errorf(prop.offset, 0, "board size SZ[%s] is not supported (want %d..%d)", p.vals[prop.valStart], MinSize, MaxSize)
		}
		g.Size = n
		break
	}
	seen := map[string]bool{}
	p.setupGen++
	for _, prop := range p.props[root.start:root.end] {
		id, v := prop.id, p.vals[prop.valStart]
		switch id {
		case "AB", "AW", "AE":
			var err error
			if g.Setup, err = p.appendPoints(g.Setup, prop, g.Size, 0); err != nil {
				return nil, err
			}
			continue
		case "B", "W":
			continue // read with the moves below
		}
		if seen[id] {
			continue // a repeated property: the first one counts
		}
		seen[id] = true
		g.Info[id] = string(v)
		t := string(bytes.TrimSpace(v))
		switch id {
		case "GM":
			if t != "" && t != "1" {
				return nil, p.errorf(prop.offset, 0, "GM[%s] is not a game of Go", v)
			}
		case "KM":
			k, err := parseKomi(t)
			if err != nil {
				return nil, p.errorf(prop.offset, 0, "unparsable komi KM[%s]", v)
			}
			g.Komi = k
		case "HA":
			if t == "" {
				break
			}
			n, err := strconv.Atoi(t)
			if err != nil || n < 0 || n > g.Size*g.Size {
				return nil, p.errorf(prop.offset, 0, "invalid handicap HA[%s]", v)
			}
			g.Handicap = n
		case "RU":
			g.Rules = string(v)
		case "RE":
			g.Result = string(v)
		case "PL":
			c, err := parsePL(t)
			if err != nil {
				return nil, p.errorf(prop.offset, 0, "%v", err)
			}
			g.PlayerToMove = c
		}
	}
	g.Nodes = make([]SGFNode, 0, len(nodes))
	moves := make([]Move, len(nodes)) // one allocation for the moves of the game
	for i, raw := range nodes {
		node := SGFNode{Index: i, Offset: raw.offset}
		if i > 0 {
			p.setupGen++
		}
		for _, prop := range p.props[raw.start:raw.end] {
			switch prop.id {
			case "B", "W":
				if node.Move != nil {
					return nil, p.errorf(prop.offset, i, "two moves in one node")
				}
				if n := prop.valEnd - prop.valStart; n > 1 {
					return nil, p.errorf(prop.offset, i, "a move with %d values", n)
				}
				pt, err := sgfMovePoint(p.vals[prop.valStart], g.Size)
				if err != nil {
					return nil, p.errorf(prop.offset, i, "%v", err)
				}
				c := Black
				if prop.id == "W" {
					c = White
				}
				moves[i] = Move{Color: c, Point: pt}
				node.Move = &moves[i]
			case "AB", "AW", "AE":
				if i == 0 {
					continue // the root's setup is the start position
				}
				var err error
				if node.Setup, err = p.appendPoints(node.Setup, prop, g.Size, i); err != nil {
					return nil, err
				}
				if node.Setup == nil {
					node.Setup = []Move{} // an empty list is still a setup node
				}
			case "PL":
				if i == 0 {
					continue
				}
				c, err := parsePL(string(bytes.TrimSpace(p.vals[prop.valStart])))
				if err != nil {
					return nil, p.errorf(prop.offset, i, "%v", err)
				}
				node.PlayerToMove = c
				if node.Setup == nil {
					node.Setup = []Move{}
				}
			case "C":
				if i > 0 { // the root's is Info["C"]
					node.Comment = string(p.vals[prop.valStart])
				}
			}
		}
		if node.Move != nil || node.Setup != nil {
			g.Nodes = append(g.Nodes, node)
		}
	}
	return g, nil
}

// parseKomi reads KM: a decimal number (KGS writes "6.50"; some European
// programs a decimal comma); empty means 0.
func parseKomi(s string) (float64, error) {
	if s == "" {
		return 0, nil
	}
	k, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
	if err != nil || math.IsNaN(k) || math.IsInf(k, 0) {
		return 0, fmt.Errorf("invalid komi %q", s)
	}
	return k, nil
}

func parsePL(s string) (Color, error) {
	switch s {
	case "1":
		return Black, nil
	case "2":
		return White, nil
	}
	c, err := ParseColor(s)
	if err != nil {
		return Empty, fmt.Errorf("invalid player PL[%s]", s)
	}
	return c, nil
}

// sgfCoord reads a two-letter SGF point ("dd": column d, row d from the top).
func sgfCoord(v []byte, size int) (Point, error) {
	if len(v) != 2 || v[0] < 'a' || v[0] > 'z' || v[1] < 'a' || v[1] > 'z' {
		return NoPoint, fmt.Errorf("invalid point %q", v)
	}
	x, y := int(v[0]-'a'), int(v[1]-'a')
	if x >= size || y >= size {
		return NoPoint, fmt.Errorf("point %q is off the %dx%d board", v, size, size)
	}
	geo := Geometry{Size: size, Stride: size + 1}
	return geo.At(x, size-1-y), nil
}

// sgfMovePoint reads a move value: a point, or a pass written "" (FF[4]) or
// "tt" (FF[3], boards up to 19x19 only, where t is off the board).
func sgfMovePoint(v []byte, size int) (Point, error) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || size <= 19 && string(v) == "tt" {
		return Pass, nil
	}
	p, err := sgfCoord(v, size)
	if err != nil {
		return NoPoint, fmt.Errorf("move: %w", err)
	}
	return p, nil
}

// appendPoints adds the stones of an AB, AW or AE property, expanding
// compressed rectangles such as "aa:cc"; empty values are ignored. A point
// named again within the node keeps its first place in the list and takes
// the new colour: the effect of the node is the same (the last colour
// given wins), and the list stays within size*size entries however many
// rectangles a file repeats.
func (p *sgfParser) appendPoints(dst []Move, prop sgfProp, size, node int) ([]Move, error) {
	c := Empty
	switch prop.id {
	case "AB":
		c = Black
	case "AW":
		c = White
	}
	add := func(pt Point) {
		if p.setupMark[pt] == p.setupGen {
			dst[p.setupAt[pt]].Color = c
			return
		}
		p.setupMark[pt], p.setupAt[pt] = p.setupGen, int32(len(dst))
		dst = append(dst, Move{Color: c, Point: pt})
	}
	for _, v := range p.vals[prop.valStart:prop.valEnd] {
		v = bytes.TrimSpace(v)
		if len(v) == 0 {
			continue
		}
		a, b, rect := bytes.Cut(v, []byte{':'})
		if !rect {
			b = a
		}
		p1, err := sgfCoord(bytes.TrimSpace(a), size)
		if err == nil {
			var p2 Point
			if p2, err = sgfCoord(bytes.TrimSpace(b), size); err == nil {
				geo := Geometry{Size: size, Stride: size + 1}
				x1, y1 := geo.XY(p1)
				x2, y2 := geo.XY(p2)
				for y := max(y1, y2); y >= min(y1, y2); y-- { // top row first, as in the file
					for x := min(x1, x2); x <= max(x1, x2); x++ {
						add(geo.At(x, y))
					}
				}
				continue
			}
		}
		return nil, p.errorf(prop.offset, node, "%s: %v", prop.id, err)
	}
	return dst, nil
}

// NewGame builds the game record of the main line under the rules named by
// RU (defaultRules when RU is absent or unknown). A move the rules refuse is
// a *MoveError; with lenient, superko violations (real records contain a
// few) are played anyway and returned in the list instead.
func (s *SGFGame) NewGame(defaultRules Ruleset, lenient bool) (*Game, []*MoveError, error) {
	return s.Replay(defaultRules, 0, lenient)
}

// Replay is NewGame stopping before move number before (moves count from 1,
// passes included; 0 or less, or a number past the end, replays everything),
// as GTP's loadsgf wants it. Setup nodes before that move are applied. When
// it stops before a move, the player to move is the one who plays that move
// (set with Game.SetToMove; past the start that is not an event of the
// record, so an Undo forgets it).
//
// The start position is the root's stones: with HA >= 2 and exactly HA
// black stones (nothing else) they are handicap stones (Game.SetHandicap),
// otherwise setup stones. White moves first after handicap stones, Black
// otherwise, unless PL says who. Later setup nodes become Game.Setup events.
func (s *SGFGame) Replay(defaultRules Ruleset, before int, lenient bool) (*Game, []*MoveError, error) {
	rules := defaultRules
	if strings.TrimSpace(s.Rules) != "" {
		if r, err := RulesetByName(s.Rules); err == nil {
			rules = r
		}
	}
	g, err := NewGame(s.Size, rules, s.Komi)
	if err != nil {
		return nil, nil, err
	}
	if err := s.setupStart(g); err != nil {
		return nil, nil, err
	}
	var issues []*MoveError
	moveNumber := 0
	for _, n := range s.Nodes {
		if n.Setup != nil {
			toMove := n.PlayerToMove
			if toMove == Empty {
				toMove = g.ToMove()
			} else if toMove != Black && toMove != White {
				return nil, nil, &SGFError{Offset: n.Offset, Game: s.index, Node: n.Index, Msg: "invalid player to move"}
			}
			if err := g.Setup(n.Setup, toMove); err != nil {
				return nil, nil, &SGFError{Offset: n.Offset, Game: s.index, Node: n.Index, Msg: fmt.Sprintf("setup: %v", err)}
			}
		}
		if n.Move == nil {
			continue
		}
		moveNumber++
		m := *n.Move
		if before > 0 && moveNumber >= before {
			if (m.Color == Black || m.Color == White) && m.Color != g.ToMove() {
				g.SetToMove(m.Color)
			}
			break
		}
		if err := g.Play(m.Point, m.Color); err != nil {
			me := &MoveError{MoveNumber: moveNumber, Node: n.Index, Move: m, Vertex: g.Board().Vertex(m.Point), Err: err}
			if !lenient || !errors.Is(err, ErrSuperko) {
				return nil, issues, me
			}
			if err := g.PlayUnchecked(m.Point, m.Color); err != nil {
				return nil, issues, me
			}
			issues = append(issues, me)
		}
	}
	return g, issues, nil
}

// setupStart places the root's stones and sets who moves first.
func (s *SGFGame) setupStart(g *Game) error {
	fail := func(err error) error {
		return &SGFError{Offset: s.offset, Game: s.index, Node: 0, Msg: fmt.Sprintf("start position: %v", err)}
	}
	handicap := s.Handicap >= 2
	var points []Point
	seen := map[Point]bool{}
	for _, m := range s.Setup {
		if m.Color != Black {
			handicap = false
			break
		}
		if !seen[m.Point] {
			seen[m.Point] = true
			points = append(points, m.Point)
		}
	}
	if handicap && len(points) == s.Handicap {
		if err := g.SetHandicap(points); err != nil {
			return fail(err)
		}
	} else {
		if len(s.Setup) > 0 {
			if err := g.SetupStart(s.Setup); err != nil {
				return fail(err)
			}
		}
		if s.Handicap > 0 {
			g.SetHandicapCount(s.Handicap)
		}
		g.SetToMove(defaultFirstPlayer(g))
	}
	switch s.PlayerToMove {
	case Empty:
	case Black, White:
		g.SetToMove(s.PlayerToMove)
	default:
		return fail(fmt.Errorf("invalid player to move"))
	}
	return nil
}

// defaultFirstPlayer is who moves first when PL is absent: White in a
// handicap game whose stones are on the board, Black otherwise. Reading and
// writing share it, so a written PL is needed only when the start differs.
func defaultFirstPlayer(g *Game) Color {
	if g.Handicap() >= 2 {
		for _, p := range g.start.Points() {
			if g.start.Color(p) == Black {
				return White
			}
		}
	}
	return Black
}

// sgfReserved are the root properties WriteSGF writes itself; the same keys
// in SGFNotes.Info are skipped.
var sgfReserved = map[string]bool{"FF": true, "GM": true, "CA": true, "SZ": true, "KM": true, "RU": true,
	"HA": true, "AB": true, "AW": true, "AE": true, "PL": true, "RE": true, "B": true, "W": true}

// sgfNodeReserved are the node properties WriteSGF writes itself (the move
// or setup); the same keys in SGFNotes.Nodes and SGFLine.Props are skipped.
var sgfNodeReserved = map[string]bool{"B": true, "W": true, "AB": true, "AW": true, "AE": true, "PL": true}

// SGFNotes are what a record holds besides the game itself: root properties
// (PB, PW, GN, AP, C...), the result, and, for events of the game (moves and
// setups, numbered from 0 as they follow the root), more properties of their
// node (a comment, say) and variations, other lines from the position before
// the event. Identifiers are upper-case letters; values are written as
// given, escaped; the properties WriteSGF writes itself are skipped, but
// for CA and RU, which replace the charset (UTF-8) and the rules' name.
type SGFNotes struct {
	Info       map[string]string
	Result     string
	Nodes      map[int]map[string]string
	Variations map[int][]SGFLine
}

// SGFLine is a variation: its moves, and the extra properties of each one's
// node (Props may be shorter than Moves, or nil).
type SGFLine struct {
	Moves []Move
	Props []map[string]string
}

// WriteSGF writes the game record as an FF[4] file: the root with size,
// komi, rules, handicap, the start position and who moves first, the result
// (if not empty) and the notes' root properties, then one node per move or
// setup with the notes' properties and variations. ParseSGF and NewGame read
// back the same game (the main line).
func WriteSGF(g *Game, notes SGFNotes) []byte {
	var b bytes.Buffer
	size := g.Size()
	charset := "UTF-8"
	if ca := notes.Info["CA"]; ca != "" {
		charset = ca // a record keeps its text's bytes, and says how to read them
	}
	b.WriteString("(;FF[4]GM[1]CA[")
	writeSGFText(&b, charset)
	fmt.Fprintf(&b, "]SZ[%d]KM[%s]RU[", size, strconv.FormatFloat(g.Komi, 'f', -1, 64))
	ruleset := g.Rules.SGFName()
	if ru := notes.Info["RU"]; ru != "" {
		ruleset = ru // a record keeps the rules' name as its source gave it
	}
	writeSGFText(&b, ruleset)
	b.WriteByte(']')
	if g.handicap != 0 {
		fmt.Fprintf(&b, "HA[%d]", g.handicap)
	}
	var black, white []Point
	for y := size - 1; y >= 0; y-- {
		for x := 0; x < size; x++ {
			p := g.start.At(x, y)
			switch g.start.Color(p) {
			case Black:
				black = append(black, p)
			case White:
				white = append(white, p)
			}
		}
	}
	writeSGFPoints(&b, "AB", black, size)
	writeSGFPoints(&b, "AW", white, size)
	if first := g.movers[0]; first != defaultFirstPlayer(g) {
		b.WriteString("PL[" + first.Letter() + "]")
	}
	if notes.Result != "" {
		b.WriteString("RE[")
		writeSGFText(&b, notes.Result)
		b.WriteByte(']')
	}
	writeSGFProps(&b, notes.Info, sgfReserved)
	b.WriteByte('\n')
	// a variation at event i opens a branch for the main line there; the
	// branches close at the end, innermost first, each followed by its
	// variations
	var pending [][]SGFLine
	for i, e := range g.events {
		if lines := notes.Variations[i]; len(lines) > 0 {
			b.WriteString("\n(")
			pending = append(pending, lines)
		}
		if e.setup != nil {
			writeSGFSetup(&b, e, size)
		} else {
			writeSGFMove(&b, g.start.Geometry, e.move)
		}
		writeSGFProps(&b, notes.Nodes[i], sgfNodeReserved)
		if i%10 == 9 || notes.Nodes[i] != nil {
			b.WriteByte('\n')
		}
	}
	for k := len(pending) - 1; k >= 0; k-- {
		b.WriteString(")")
		for _, line := range pending[k] {
			b.WriteString("\n(")
			for j, m := range line.Moves {
				writeSGFMove(&b, g.start.Geometry, m)
				if j < len(line.Props) {
					writeSGFProps(&b, line.Props[j], sgfNodeReserved)
				}
			}
			b.WriteString(")")
		}
	}
	b.WriteString(")\n")
	return b.Bytes()
}

// writeSGFMove writes a move node; a pass is the empty value (FF[4]).
func writeSGFMove(b *bytes.Buffer, geo Geometry, m Move) {
	b.WriteString(";" + m.Color.Letter() + "[")
	if m.Point != Pass {
		b.WriteString(sgfPointString(geo, m.Point))
	}
	b.WriteByte(']')
}

// writeSGFProps writes props sorted by identifier, skipping invalid and
// reserved ones.
func writeSGFProps(b *bytes.Buffer, props map[string]string, reserved map[string]bool) {
	keys := make([]string, 0, len(props))
	for k := range props {
		if validSGFIdent(k) && !reserved[k] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.WriteString(k + "[")
		writeSGFText(b, props[k])
		b.WriteByte(']')
	}
}

// writeSGFSetup writes a mid-game setup as one node; the stones are netted
// first (a later entry for a point overrides an earlier one, as in
// Board.SetStones) so that writing them grouped by colour keeps the effect.
func writeSGFSetup(b *bytes.Buffer, e event, size int) {
	final := map[Point]Color{}
	var order []Point
	for _, m := range e.setup {
		if _, ok := final[m.Point]; !ok {
			order = append(order, m.Point)
		}
		final[m.Point] = m.Color
	}
	var lists [3][]Point
	for _, p := range order {
		lists[final[p]] = append(lists[final[p]], p)
	}
	b.WriteByte(';')
	writeSGFPoints(b, "AB", lists[Black], size)
	writeSGFPoints(b, "AW", lists[White], size)
	writeSGFPoints(b, "AE", lists[Empty], size)
	b.WriteString("PL[" + e.toMove.Letter() + "]")
}

func writeSGFPoints(b *bytes.Buffer, id string, points []Point, size int) {
	if len(points) == 0 {
		return
	}
	geo := Geometry{Size: size, Stride: size + 1}
	b.WriteString(id)
	for _, p := range points {
		b.WriteString("[" + sgfPointString(geo, p) + "]")
	}
}

func sgfPointString(geo Geometry, p Point) string {
	x, y := geo.XY(p)
	return string([]byte{byte('a' + x), byte('a' + geo.Size - 1 - y)})
}

// writeSGFText writes a value with ']' and '\' escaped.
func writeSGFText(b *bytes.Buffer, s string) {
	for i := 0; i < len(s); i++ {
		if s[i] == ']' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
}

func validSGFIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
