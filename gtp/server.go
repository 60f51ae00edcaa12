package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/rules"
)

// Config is the session a Server starts with. BoardSize, Komi and Rules are
// also what clear_board and boardsize keep using until a command changes
// them.
type Config struct {
	Name      string // answer to `name`
	Version   string // answer to `version`
	BoardSize int
	Komi      float64
	Rules     rules.Ruleset
	Log       *Logger // nil: no logging
	// LiveGfx, if set, draws the search's progress in GoGui while a move
	// is generated (gogui-gfx blocks on stderr); nil: off.
	LiveGfx *LiveGfx
}

// DefaultConfig is the session a GUI expects when it starts an engine
// without saying more: 19x19, komi 7.5, Japanese rules (GNU Go's default).
// cmd/gtpgo sets the real Version from its build; this placeholder has the
// form Lizzie accepts (a minor of 15 or more, see cmd/gtpgo/version.go).
func DefaultConfig() Config {
	return Config{Name: "gtpgo", Version: "0.15.0-dev", BoardSize: 19, Komi: 7.5, Rules: rules.Japanese}
}

// Handler runs one command. The returned text is the response's result; an
// error makes a failure response with the error's message.
type Handler func(c *Call) (string, error)

// Server is one GTP session: the game, the engine, the clock and the
// command table. Serve runs it; all game state is touched only by the
// executor goroutine.
type Server struct {
	cfg      Config
	eng      *engine.Engine
	log      *Logger
	game     *rules.Game
	clock    *engine.Clock
	commands map[string]Handler

	analysis   analysisCache // the last search of GoGui's analyze commands
	lastSearch engine.Result // the last move search (logs, tests)
	ponder     *ponder       // the background search on the opponent's time, if running
	lastPonder engine.Result // what the last pondering searched (logs, tests)
	searchTime time.Duration // wall time spent generating moves (cputime fallback)
	started    time.Time
	quit       bool

	in  *inbox
	out *writer

	// onRun, if set (tests), is called when a command starts executing.
	onRun func(name string)
}

// New returns a server for a fresh game of cfg's size, komi and rules.
func New(eng *engine.Engine, cfg Config) (*Server, error) {
	if cfg.Name == "" {
		cfg.Name = "gtpgo"
	}
	if cfg.Rules.Name == "" {
		cfg.Rules = rules.Japanese
	}
	if cfg.BoardSize == 0 {
		cfg.BoardSize = 19
	}
	g, err := rules.NewGame(cfg.BoardSize, cfg.Rules, cfg.Komi)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, eng: eng, log: cfg.Log, game: g, clock: engine.NewClock(),
		commands: map[string]Handler{}, started: time.Now()}
	s.registerStandard()
	s.registerGoGui()
	s.registerAnalysis()
	return s, nil
}

// Register adds or replaces a command.
func (s *Server) Register(name string, h Handler) { s.commands[name] = h }

// Game is the current game record (for tests and embedding; not safe to
// use while Serve runs).
func (s *Server) Game() *rules.Game { return s.game }

// commandNames lists the registered commands in alphabetical order.
func (s *Server) commandNames() []string {
	names := make([]string, 0, len(s.commands))
	for n := range s.commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Serve reads commands from in and answers them on out until quit, or until
// in ends and every command read has been answered. It returns nil then,
// or the error that made writing a response fail. A Server serves once.
func (s *Server) Serve(in io.Reader, out io.Writer) error {
	s.in = newInbox(s.log)
	s.out = &writer{w: bufio.NewWriterSize(out, 64<<10)}
	go s.in.read(in)
	defer s.stopPonder()
	for {
		it, ok := s.in.pop()
		// any command, and the end of input, ends pondering first: the
		// command then runs at once, on the game as it was
		s.stopPonder()
		if !ok {
			return nil
		}
		if err := s.execute(it); err != nil {
			return err
		}
		if s.quit {
			return nil
		}
	}
}

// execute runs one queued line and writes its response.
func (s *Server) execute(it item) error {
	cmd, err := ParseCommand(it.line)
	if err != nil {
		return s.out.write(FormatResponse(cmd.ID, false, err.Error()))
	}
	h := s.commands[cmd.Name]
	if h == nil {
		s.log.Debugf("unknown command %s", quote(cmd.Name))
		return s.out.write(FormatResponse(cmd.ID, false, "unknown command"))
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.in.run(&running{seq: it.seq, linesAt: it.lines, interrupt: cancel})
	c := &Call{Command: cmd, srv: s, ctx: ctx}
	if s.onRun != nil {
		s.onRun(cmd.Name)
	}
	text, err := s.call(h, c)
	s.in.done()
	if c.streaming {
		if err != nil {
			s.log.Errorf("%s: %v", cmd.Name, err)
		} else if text != "" {
			if err := c.WriteLine(text); err != nil {
				return err
			}
		}
		return s.out.write("\n")
	}
	if err != nil {
		s.log.Debugf("%s failed: %v", cmd.Name, err)
		return s.out.write(FormatResponse(cmd.ID, false, err.Error()))
	}
	return s.out.write(FormatResponse(cmd.ID, true, text))
}

// call runs a handler, turning a panic (a bug) into a failure response so
// that one bad command does not take the engine down mid-game.
func (s *Server) call(h Handler, c *Call) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Errorf("panic in %s: %v\n%s", c.Name, r, debug.Stack())
			text, err = "", fmt.Errorf("internal error: %v", r)
		}
	}()
	return h(c)
}

// Call is one command being executed.
type Call struct {
	Command
	srv       *Server
	ctx       context.Context
	streaming bool
}

// Context is cancelled when the controller interrupts the command (GoGui's
// `# interrupt`); a search under it then returns its best result so far.
func (c *Call) Context() context.Context { return c.ctx }

// StopOnInput returns a context that is also cancelled by the next input
// line, even an empty one (or by the end of input): analysis commands run
// until the controller sends anything. Lines that were already read ahead
// when the command started cancel it at once.
func (c *Call) StopOnInput() context.Context {
	ctx, cancel := context.WithCancel(c.ctx)
	c.srv.in.stopOnInput(cancel)
	return ctx
}

// BeginStream writes the success header "=id" on a line of its own; the
// handler then writes lines with WriteLine, and the server ends the
// response with an empty line when the handler returns (a non-empty
// returned text is written as a last line first).
func (c *Call) BeginStream() error {
	c.streaming = true
	return c.srv.out.write("=" + c.ID + "\n")
}

// WriteLine writes a line (or several, separated by LF) of a streamed
// response; it is safe from any goroutine, e.g. a search's progress
// callback. Blank lines are dropped: they would end the response.
func (c *Call) WriteLine(line string) error {
	line = CleanText(strings.Trim(line, "\n"))
	if line == "" {
		return nil
	}
	return c.srv.out.write(line + "\n")
}

// writer is the one writer of responses: every write is flushed at once.
type writer struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error
}

func (w *writer) write(s string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	if _, err := w.w.WriteString(s); err != nil {
		w.err = err
		return err
	}
	w.err = w.w.Flush()
	return w.err
}

// item is a queued command line.
type item struct {
	seq   uint64 // 1, 2, ... in input order
	lines uint64 // input lines read up to and including this one
	line  string // preprocessed
}

// running is the command the executor is running.
type running struct {
	seq         uint64
	linesAt     uint64
	interrupt   context.CancelFunc
	cancelInput context.CancelFunc
}

// inbox is the queue between the reader and the executor, and the record
// the reader needs to cancel the running command. It is unbounded so that
// the reader never stops reading: an interrupt must get through however
// many commands are queued.
type inbox struct {
	log         *Logger
	mu          sync.Mutex
	cond        *sync.Cond
	items       []item
	eof         bool
	lastSeq     uint64 // last command queued
	interrupted uint64 // commands with seq <= interrupted are interrupted
	lines       uint64 // input lines read (the end of input counts as one)
	cur         *running
}

func newInbox(log *Logger) *inbox {
	in := &inbox{log: log}
	in.cond = sync.NewCond(&in.mu)
	return in
}

// read is the reader goroutine: lines of any length until the input ends.
func (in *inbox) read(r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			in.line(line)
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				in.log.Errorf("reading input: %v", err)
			}
			in.close()
			return
		}
	}
}

// line handles one raw input line.
func (in *inbox) line(raw []byte) {
	interrupt := IsInterrupt(raw)
	text := ""
	if !interrupt {
		text = Preprocess(raw)
	}
	if in.log.Enabled(LevelDebug) {
		in.log.Debugf("< %s", quoteLine(raw))
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	in.lines++
	if in.cur != nil && in.cur.cancelInput != nil {
		in.cur.cancelInput()
	}
	switch {
	case interrupt:
		// GoGui sends it while waiting for the last command it sent: it
		// interrupts that one, whether it is running or still queued.
		in.interrupted = in.lastSeq
		if in.cur != nil && in.cur.seq <= in.interrupted {
			in.cur.interrupt()
		}
	case text != "":
		in.lastSeq++
		in.items = append(in.items, item{seq: in.lastSeq, lines: in.lines, line: text})
		in.cond.Signal()
	}
}

func quoteLine(raw []byte) string {
	s := strings.TrimRight(string(raw), "\r\n")
	if len(s) > 200 {
		s = s[:200] + fmt.Sprintf("... (%d bytes)", len(raw))
	}
	return s
}

// close records the end of input: queued commands are still answered.
func (in *inbox) close() {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.eof = true
	in.lines++
	if in.cur != nil && in.cur.cancelInput != nil {
		in.cur.cancelInput()
	}
	in.cond.Broadcast()
}

// pop waits for the next command; false when the input ended and the queue
// is empty.
func (in *inbox) pop() (item, bool) {
	in.mu.Lock()
	defer in.mu.Unlock()
	for len(in.items) == 0 && !in.eof {
		in.cond.Wait()
	}
	if len(in.items) == 0 {
		return item{}, false
	}
	it := in.items[0]
	in.items[0] = item{}
	in.items = in.items[1:]
	return it, true
}

// run records the command now executing; an interrupt that arrived while it
// was queued cancels it at once.
func (in *inbox) run(r *running) {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.cur = r
	if r.seq <= in.interrupted {
		r.interrupt()
	}
}

// stopOnInput makes the next input line cancel the running command.
func (in *inbox) stopOnInput(cancel context.CancelFunc) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.cur == nil {
		cancel()
		return
	}
	prev := in.cur.cancelInput
	in.cur.cancelInput = func() {
		if prev != nil {
			prev()
		}
		cancel()
	}
	if in.lines > in.cur.linesAt {
		cancel()
	}
}

// done records that the running command finished.
func (in *inbox) done() {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.cur = nil
}
