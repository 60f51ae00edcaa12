package gtp

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// The error strings GTP v2 names (section 6.3); controllers test for them.
var (
	errUnacceptableSize = errors.New("unacceptable size")
	errIllegalMove      = errors.New("illegal move")
	errCannotUndo       = errors.New("cannot undo")
	errCannotScore      = errors.New("cannot score")
	errCannotLoad       = errors.New("cannot load file")
	errBoardNotEmpty    = errors.New("board not empty")
	errInvalidHandicap  = errors.New("invalid handicap")
)

// registerStandard installs GTP v2's commands and the KGS and gomill
// extensions.
func (s *Server) registerStandard() {
	for name, h := range map[string]Handler{
		"protocol_version":       constant("2"),
		"name":                   constant(s.cfg.Name),
		"version":                constant(s.cfg.Version),
		"known_command":          s.cmdKnownCommand,
		"list_commands":          s.cmdListCommands,
		"quit":                   s.cmdQuit,
		"boardsize":              s.cmdBoardsize,
		"rectangular_boardsize":  s.cmdBoardsize,
		"clear_board":            s.cmdClearBoard,
		"komi":                   s.cmdKomi,
		"play":                   s.cmdPlay,
		"genmove":                s.cmdGenmove,
		"reg_genmove":            s.cmdRegGenmove,
		"kgs-genmove_cleanup":    s.cmdGenmoveCleanup,
		"undo":                   s.cmdUndo,
		"gg-undo":                s.cmdGGUndo,
		"set_free_handicap":      s.cmdSetFreeHandicap,
		"fixed_handicap":         s.cmdFixedHandicap,
		"place_free_handicap":    s.cmdPlaceFreeHandicap,
		"final_score":            s.cmdFinalScore,
		"loadsgf":                s.cmdLoadSGF,
		"printsgf":               s.cmdPrintSGF,
		"final_status_list":      s.cmdFinalStatusList,
		"time_settings":          s.cmdTimeSettings,
		"kgs-time_settings":      s.cmdKGSTimeSettings,
		"time_left":              s.cmdTimeLeft,
		"kgs-rules":              s.cmdKGSRules,
		"kgs-game_over":          constant(""), // pondering stops before any command
		"showboard":              s.cmdShowboard,
		"cputime":                s.cmdCPUTime,
		"gomill-cpu_time":        s.cmdCPUTime,
		"gomill-describe_engine": s.cmdDescribeEngine,
	} {
		s.Register(name, h)
	}
}

// constant is a command without arguments that always gives the same answer.
func constant(answer string) Handler {
	return func(c *Call) (string, error) {
		if err := c.arity(0, 0, ""); err != nil {
			return "", err
		}
		return answer, nil
	}
}

// arity checks the number of arguments; max < 0 means no upper bound.
func (c *Call) arity(min, max int, usage string) error {
	n := len(c.Args)
	switch {
	case max == 0 && n > 0:
		return fmt.Errorf("too many arguments: %s takes none", c.Name)
	case n < min:
		return fmt.Errorf("missing argument: usage %s %s", c.Name, usage)
	case max >= 0 && n > max:
		return fmt.Errorf("too many arguments: usage %s %s", c.Name, usage)
	}
	return nil
}

func parseColor(s string) (rules.Color, error) {
	c, err := rules.ParseColor(s)
	if err != nil {
		return rules.Empty, fmt.Errorf("invalid color %s", quote(s))
	}
	return c, nil
}

// parseVertex reads a board point; pass is refused unless allowPass.
func (s *Server) parseVertex(v string, allowPass bool) (rules.Point, error) {
	p, err := s.game.Board().ParseVertex(v)
	if err != nil || (p == rules.Pass && !allowPass) {
		return rules.NoPoint, fmt.Errorf("invalid coordinate %s", quote(v))
	}
	return p, nil
}

// parseFloat reads a finite decimal number (komi, times).
func parseFloat(s, what string) (float64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || strings.ContainsAny(s, "xXpP_") {
		return 0, fmt.Errorf("%s not a float: %s", what, quote(s))
	}
	return f, nil
}

// parseCount reads a non-negative integer.
func parseCount(s, what string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || !isDigits(strings.TrimPrefix(s, "+")) {
		return 0, fmt.Errorf("%s not a non-negative integer: %s", what, quote(s))
	}
	return n, nil
}

func (s *Server) cmdKnownCommand(c *Call) (string, error) {
	if err := c.arity(1, 1, "command_name"); err != nil {
		return "", err
	}
	return strconv.FormatBool(s.commands[c.Args[0]] != nil), nil
}

func (s *Server) cmdListCommands(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	return strings.Join(s.commandNames(), "\n"), nil
}

func (s *Server) cmdQuit(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	s.quit = true
	return "", nil
}

// cmdBoardsize serves `boardsize N`, and `boardsize X Y` /
// `rectangular_boardsize X Y` (Lizzie, Sabaki, KataGo) for square sizes.
func (s *Server) cmdBoardsize(c *Call) (string, error) {
	min := 1
	if c.Name == "rectangular_boardsize" {
		min = 2
	}
	if err := c.arity(min, 2, "size [size]"); err != nil {
		return "", err
	}
	var size int
	for i, a := range c.Args {
		a = strings.TrimPrefix(a, "+")
		neg := strings.HasPrefix(a, "-")
		if !isDigits(strings.TrimPrefix(a, "-")) {
			return "", fmt.Errorf("boardsize not an integer: %s", quote(c.Args[i]))
		}
		n, err := strconv.Atoi(a)
		if err != nil || neg || n < rules.MinSize || n > rules.MaxSize || (i > 0 && n != size) {
			return "", errUnacceptableSize
		}
		size = n
	}
	return "", s.newGame(size)
}

// newGame starts an empty game of the given size with the komi and rules in
// force; the clock keeps its settings but both players start afresh.
func (s *Server) newGame(size int) error {
	g, err := rules.NewGame(size, s.game.Rules, s.game.Komi)
	if err != nil {
		return errUnacceptableSize
	}
	s.game = g
	s.eng.ClearTree()
	s.clock.Set(s.clock.Settings)
	return nil
}

func (s *Server) cmdClearBoard(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	return "", s.newGame(s.game.Size())
}

func (s *Server) cmdKomi(c *Call) (string, error) {
	if err := c.arity(1, 1, "komi"); err != nil {
		return "", err
	}
	k, err := parseFloat(c.Args[0], "komi")
	if err != nil {
		return "", err
	}
	s.game.Komi = k
	return "", nil
}

// parseMove reads GTP's move entity: color and vertex (or pass).
func (s *Server) parseMove(color, vertex string) (rules.Move, error) {
	col, err := parseColor(color)
	if err != nil {
		return rules.Move{}, err
	}
	p, err := s.parseVertex(vertex, true)
	if err != nil {
		return rules.Move{}, err
	}
	return rules.Move{Color: col, Point: p}, nil
}

func (s *Server) cmdPlay(c *Call) (string, error) {
	if err := c.arity(2, 2, "color vertex"); err != nil {
		return "", err
	}
	m, err := s.parseMove(c.Args[0], c.Args[1])
	if err != nil {
		return "", err
	}
	if err := s.game.Play(m.Point, m.Color); err != nil {
		s.log.Debugf("play %s %s refused: %v", m.Color, s.game.Board().Vertex(m.Point), err)
		return "", errIllegalMove
	}
	return "", nil
}

func (s *Server) cmdUndo(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	if s.game.Undo() != nil {
		return "", errCannotUndo
	}
	return "", nil
}

// cmdGGUndo is GNU Go's `gg-undo [n]`: take back n moves (default 1), all
// of them or none.
func (s *Server) cmdGGUndo(c *Call) (string, error) {
	if err := c.arity(0, 1, "[moves]"); err != nil {
		return "", err
	}
	n := 1
	if len(c.Args) == 1 {
		var err error
		if n, err = parseCount(c.Args[0], "number of moves"); err != nil {
			return "", err
		}
	}
	if n > s.game.MoveNumber() {
		return "", errCannotUndo
	}
	if err := s.game.Truncate(s.game.MoveNumber() - n); err != nil {
		return "", errCannotUndo
	}
	return "", nil
}

// handicapCount reads the stone count of fixed_handicap and
// place_free_handicap.
func (c *Call) handicapCount() (int, error) {
	if err := c.arity(1, 1, "number_of_stones"); err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(c.Args[0])
	if err != nil {
		return 0, fmt.Errorf("handicap not an integer: %s", quote(c.Args[0]))
	}
	return n, nil
}

// cmdFixedHandicap places GTP v2's fixed handicap stones (section 4.1.1)
// and lists them.
func (s *Server) cmdFixedHandicap(c *Call) (string, error) {
	n, err := c.handicapCount()
	if err != nil {
		return "", err
	}
	if !s.freshEmpty() {
		return "", errBoardNotEmpty
	}
	points, err := rules.FixedHandicap(s.game.Size(), n)
	if err != nil {
		return "", errInvalidHandicap
	}
	return s.placeHandicap(points)
}

// cmdPlaceFreeHandicap lets the engine choose where the handicap stones
// go; any count from 2 up to all points but one is placed.
func (s *Server) cmdPlaceFreeHandicap(c *Call) (string, error) {
	n, err := c.handicapCount()
	if err != nil {
		return "", err
	}
	if !s.freshEmpty() {
		return "", errBoardNotEmpty
	}
	size := s.game.Size()
	if n < 2 || n > size*size-1 {
		return "", errInvalidHandicap
	}
	return s.placeHandicap(rules.FreeHandicap(size, n))
}

func (s *Server) placeHandicap(points []rules.Point) (string, error) {
	if err := s.setHandicap(points); err != nil {
		return "", err
	}
	vs := make([]string, len(points))
	for i, p := range points {
		vs[i] = s.game.Board().Vertex(p)
	}
	return strings.Join(vs, " "), nil
}

// cmdSetFreeHandicap places Black's handicap stones where the controller
// says (Sabaki also sends every root AB of two or more stones this way).
func (s *Server) cmdSetFreeHandicap(c *Call) (string, error) {
	if err := c.arity(1, -1, "vertex..."); err != nil {
		return "", err
	}
	if !s.freshEmpty() {
		return "", errBoardNotEmpty
	}
	size := s.game.Size()
	if len(c.Args) < 2 || len(c.Args) > size*size-1 {
		return "", errInvalidHandicap
	}
	points := make([]rules.Point, 0, len(c.Args))
	seen := map[rules.Point]bool{}
	for _, a := range c.Args {
		p, err := s.parseVertex(a, false)
		if err != nil {
			return "", err
		}
		if seen[p] {
			return "", fmt.Errorf("repeated vertex %s", quote(a))
		}
		seen[p] = true
		points = append(points, p)
	}
	return "", s.setHandicap(points)
}

// freshEmpty tells whether no stone is on the board and nothing has been
// played: handicap and setup commands need that.
func (s *Server) freshEmpty() bool {
	return s.game.MoveNumber() == 0 && s.game.Board().EmptyCount() == s.game.Size()*s.game.Size()
}

func (s *Server) setHandicap(points []rules.Point) error {
	if err := s.game.SetHandicap(points); err != nil {
		if errors.Is(err, rules.ErrNotEmpty) {
			return errBoardNotEmpty
		}
		return fmt.Errorf("invalid handicap: %v", err)
	}
	s.eng.ClearTree()
	return nil
}

func (s *Server) cmdTimeSettings(c *Call) (string, error) {
	if err := c.arity(3, 3, "main_time byo_yomi_time byo_yomi_stones"); err != nil {
		return "", err
	}
	main, err := parseFloat(c.Args[0], "main time")
	if err != nil {
		return "", err
	}
	byo, err := parseFloat(c.Args[1], "byo-yomi time")
	if err != nil {
		return "", err
	}
	stones, err := parseCount(c.Args[2], "byo-yomi stones")
	if err != nil {
		return "", err
	}
	ts, err := timeSettingsFromGTP(main, byo, stones)
	if err != nil {
		return "", err
	}
	s.clock.Set(ts)
	return "", nil
}

// timeSettingsFromGTP interprets `time_settings main byo_time byo_stones`:
// byo_time 0 is absolute time, byo_time > 0 with byo_stones 0 means no limit
// (GoGui sends `0 1 0` for "no clock"), otherwise Canadian byo-yomi.
func timeSettingsFromGTP(main, byoTime float64, stones int) (engine.TimeSettings, error) {
	if main < 0 || byoTime < 0 || stones < 0 {
		return engine.TimeSettings{}, fmt.Errorf("negative time settings")
	}
	d := func(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
	switch {
	case byoTime > 0 && stones == 0:
		return engine.TimeSettings{System: engine.NoTimeLimit}, nil
	case byoTime == 0:
		return engine.TimeSettings{System: engine.Absolute, Main: d(main)}, nil
	}
	return engine.TimeSettings{System: engine.Canadian, Main: d(main), Period: d(byoTime), Stones: stones}, nil
}

// cmdKGSTimeSettings serves kgsGtp's time systems: none, absolute main,
// byoyomi main period periods (Japanese: time_left then counts periods),
// canadian main period stones.
func (s *Server) cmdKGSTimeSettings(c *Call) (string, error) {
	if err := c.arity(1, 4, "none|absolute|byoyomi|canadian ..."); err != nil {
		return "", err
	}
	usage := map[string]string{"none": "", "absolute": " main_time",
		"byoyomi": " main_time period_time periods", "canadian": " main_time period_time stones"}
	system := strings.ToLower(c.Args[0])
	u, ok := usage[system]
	if !ok {
		return "", fmt.Errorf("unknown time system %s", quote(c.Args[0]))
	}
	if len(c.Args)-1 != strings.Count(u, " ") {
		return "", fmt.Errorf("wrong number of arguments: usage %s %s%s", c.Name, system, u)
	}
	var vals [3]float64
	for i, a := range c.Args[1:] {
		v, err := parseFloat(a, "time")
		if err != nil {
			return "", err
		}
		if v < 0 {
			return "", fmt.Errorf("negative time setting %s", quote(a))
		}
		vals[i] = v
	}
	sec := func(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }
	var ts engine.TimeSettings
	switch system {
	case "none":
		ts = engine.TimeSettings{System: engine.NoTimeLimit}
	case "absolute":
		ts = engine.TimeSettings{System: engine.Absolute, Main: sec(vals[0])}
	case "byoyomi":
		periods, err := parseCount(c.Args[3], "periods")
		if err != nil {
			return "", err
		}
		if periods == 0 || vals[1] == 0 {
			ts = engine.TimeSettings{System: engine.Absolute, Main: sec(vals[0])}
		} else {
			ts = engine.TimeSettings{System: engine.ByoYomi, Main: sec(vals[0]), Period: sec(vals[1]), Periods: periods}
		}
	case "canadian":
		stones, err := parseCount(c.Args[3], "stones")
		if err != nil {
			return "", err
		}
		var ferr error
		if ts, ferr = timeSettingsFromGTP(vals[0], vals[1], stones); ferr != nil {
			return "", ferr
		}
	}
	s.clock.Set(ts)
	return "", nil
}

func (s *Server) cmdTimeLeft(c *Call) (string, error) {
	if err := c.arity(3, 3, "color time stones"); err != nil {
		return "", err
	}
	col, err := parseColor(c.Args[0])
	if err != nil {
		return "", err
	}
	// CGOS and some bridges send negative times; the clock counts them as 0
	t, err := parseFloat(c.Args[1], "time")
	if err != nil {
		return "", err
	}
	stones, err := parseCount(c.Args[2], "stones")
	if err != nil {
		return "", err
	}
	s.clock.TimeLeft(col, t, stones)
	return "", nil
}

func (s *Server) cmdKGSRules(c *Call) (string, error) {
	if err := c.arity(1, 1, "japanese|chinese|aga|new_zealand|tromp-taylor"); err != nil {
		return "", err
	}
	r, err := rules.RulesetByName(c.Args[0])
	if err != nil {
		return "", fmt.Errorf("unknown rules %s", quote(c.Args[0]))
	}
	s.game.SetRules(r)
	return "", nil
}

func (s *Server) cmdShowboard(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	return "\n" + showboard(s.game), nil
}

// showboard draws the position GNU Go style: coordinates on all sides, the
// last move in parentheses, then captures and the game's settings.
func showboard(g *rules.Game) string {
	b := g.Board()
	n := b.Size
	var sb strings.Builder
	letters := "   "
	for x := 0; x < n; x++ {
		letters += " " + b.Vertex(b.At(x, 0))[:1]
	}
	sb.WriteString(letters + "\n")
	last := b.LastMove()
	for y := n - 1; y >= 0; y-- {
		fmt.Fprintf(&sb, "%3d", y+1)
		for x := 0; x < n; x++ {
			p := b.At(x, y)
			switch {
			case p == last:
				sb.WriteByte('(')
			case x > 0 && b.At(x-1, y) == last:
				sb.WriteByte(')')
			default:
				sb.WriteByte(' ')
			}
			switch b.Color(p) {
			case rules.Black:
				sb.WriteByte('X')
			case rules.White:
				sb.WriteByte('O')
			default:
				sb.WriteByte('.')
			}
		}
		if b.At(n-1, y) == last {
			sb.WriteByte(')')
		} else {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%d\n", y+1)
	}
	sb.WriteString(letters + "\n")
	fmt.Fprintf(&sb, "Black (X) has captured %d stones\n", b.Captures(rules.Black))
	fmt.Fprintf(&sb, "White (O) has captured %d stones\n", b.Captures(rules.White))
	fmt.Fprintf(&sb, "Komi %s, %s rules, handicap %d, move %d, %s to move",
		formatKomi(g.Komi), g.Rules.Name, g.Handicap(), g.MoveNumber(), b.ToMove())
	return sb.String()
}

func formatKomi(k float64) string { return strconv.FormatFloat(k, 'f', -1, 64) }

func (s *Server) cmdCPUTime(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	t, ok := processCPUTime()
	if !ok {
		t = s.searchTime
	}
	return fmt.Sprintf("%.3f", t.Seconds()), nil
}

// cmdDescribeEngine is gomill's engine description, stored in the SGF root
// comment of ringmaster games: what plays, under which settings.
func (s *Server) cmdDescribeEngine(c *Call) (string, error) {
	if err := c.arity(0, 0, ""); err != nil {
		return "", err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s %s\n", s.cfg.Name, s.cfg.Version)
	fmt.Fprintf(&sb, "board %dx%d, komi %s, %s rules\n", s.game.Size(), s.game.Size(), formatKomi(s.game.Komi), s.game.Rules.Name)
	fmt.Fprintf(&sb, "time: %s\n", s.clock.Settings.System)
	p := s.eng.Params()
	for _, info := range p.List() {
		fmt.Fprintf(&sb, "%s=%s\n", info.Name, info.Value)
	}
	return sb.String(), nil
}
