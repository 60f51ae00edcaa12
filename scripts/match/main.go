// Command match plays a series of games between two GTP engines and reports
// the score, the win rate with its 95% confidence interval and the Elo
// difference it implies.
//
//	go run ./scripts/match -engine1 "./gtpgo" -engine2 "/usr/games/gnugo --mode gtp --level 1" \
//	    -games 20 -size 9 -komi 7 -time 2 -referee "/usr/games/gnugo --mode gtp --chinese-rules" -out /tmp/m1
//
// Each game runs on fresh engine processes (so a crashed engine is restarted
// for the next game and CPU time is measured per game). Engine failures lose
// the game for that engine: a crash, a malformed answer, an illegal move, a
// refused standard command, or a move later than the clock allows plus
// -timeout-margin. Games are saved as DIR/game-NNN.sgf and the results in
// DIR/results.dat, in gogui-twogtp's table layout. Running the same command
// again with the same -out plays only the games the table lacks.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gtpgo/gtpgo/rules"

	"github.com/gtpgo/gtpgo/scripts/internal/elo"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "match:", err)
		os.Exit(1)
	}
}

// config is a whole match's settings.
type config struct {
	engines   [2]string // command lines of engine 1 and engine 2
	alternate bool      // engine 1 plays White in odd-numbered games
	games     int
	size      int
	komi      float64
	handicap  int
	ruleset   rules.Ruleset
	tc        timeControl
	referee   string
	parallel  int
	out       string
	maxMoves  int
	margin    time.Duration // lag tolerated beyond the clock
	hard      time.Duration // cap on any command without a clock
	sprt      *sprt         // nil: play all the games

	// From the engines themselves, filled in by probe.
	names, versions, labels [2]string
	refName, refVersion     string
}

// parseFlags reads the command line into a config.
func parseFlags(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	black := fs.String("black", "", "command line of the engine that plays Black (engine 1)")
	white := fs.String("white", "", "command line of the engine that plays White (engine 2)")
	e1 := fs.String("engine1", "", "command line of engine 1 (colours alternate: Black in even games)")
	e2 := fs.String("engine2", "", "command line of engine 2")
	alternate := fs.Bool("alternate", false, "with -black/-white: exchange colours every other game")
	games := fs.Int("games", 10, "number of games")
	size := fs.Int("size", 19, "board size")
	komi := fs.Float64("komi", 7.5, "komi")
	handicap := fs.Int("handicap", 0, "fixed handicap stones (2..9), placed with fixed_handicap")
	rulesName := fs.String("rules", "chinese", "rules that judge legality ("+strings.Join(rules.RulesetNames(), ", ")+"); sent as kgs-rules to engines that list it")
	perMove := fs.Float64("time", 0, "seconds per move: time_settings 0 <t> 1 (Canadian, one stone per period; engines get whole seconds, rounded up)")
	mainTime := fs.Float64("main", 0, "main time in seconds (alone: sudden death)")
	byoyomi := fs.Float64("byoyomi", 0, "byo-yomi period in seconds after main time (Canadian)")
	stones := fs.Int("stones", 1, "moves per byo-yomi period")
	referee := fs.String("referee", "", "command line of an engine that scores finished games with final_score, e.g. \"gnugo --mode gtp\"")
	parallel := fs.Int("parallel", 1, "games played at once")
	out := fs.String("out", "", "directory for game-NNN.sgf and results.dat (required; rerun to resume)")
	maxMoves := fs.Int("maxmoves", 0, "move limit per game, then the position is scored (0: 3 x size x size)")
	margin := fs.Float64("timeout-margin", 1, "seconds a move may exceed the clock before it loses on time")
	hard := fs.Float64("hard-timeout", 300, "seconds any command may take when no clock applies (a hung engine loses)")
	sprtFlag := fs.String("sprt", "", "elo0,elo1: stop as soon as a sequential probability ratio test decides between engine 1 being elo0 or elo1 Elo stronger (-games is then the most)")
	alpha := fs.Float64("sprt-alpha", 0.05, "with -sprt: the chance of accepting elo1 when elo0 holds (false positive)")
	beta := fs.Float64("sprt-beta", 0.05, "with -sprt: the chance of accepting elo0 when elo1 holds (false negative)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: match (-black CMD -white CMD | -engine1 CMD -engine2 CMD) -out DIR [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	cfg := &config{
		alternate: *alternate, games: *games, size: *size, komi: *komi, handicap: *handicap,
		referee: strings.TrimSpace(*referee), parallel: *parallel, out: *out, maxMoves: *maxMoves,
		margin: seconds(*margin), hard: seconds(*hard),
	}
	switch {
	case *black != "" && *white != "" && *e1 == "" && *e2 == "":
		cfg.engines = [2]string{*black, *white}
	case *e1 != "" && *e2 != "" && *black == "" && *white == "":
		cfg.engines = [2]string{*e1, *e2}
		cfg.alternate = true
	default:
		return nil, errors.New("give either -black and -white, or -engine1 and -engine2")
	}
	var err error
	if cfg.ruleset, err = rules.RulesetByName(*rulesName); err != nil {
		return nil, err
	}
	if _, err := rules.NewGeometry(cfg.size); err != nil {
		return nil, err
	}
	switch {
	case cfg.out == "":
		return nil, errors.New("-out DIR is required")
	case cfg.games < 1:
		return nil, fmt.Errorf("-games %d: need at least one game", cfg.games)
	case cfg.parallel < 1:
		return nil, fmt.Errorf("-parallel %d: need at least 1", cfg.parallel)
	case cfg.handicap == 1 || cfg.handicap < 0 || cfg.handicap > 9:
		return nil, fmt.Errorf("-handicap %d: fixed handicap is 2..9 stones (or 0)", cfg.handicap)
	case *perMove < 0 || *mainTime < 0 || *byoyomi < 0 || *margin < 0 || *hard <= 0:
		return nil, errors.New("times must not be negative, and -hard-timeout must be positive")
	case *stones < 1:
		return nil, fmt.Errorf("-stones %d: need at least 1", *stones)
	case *perMove > 0 && *byoyomi > 0 && *perMove != *byoyomi:
		return nil, errors.New("-time is -byoyomi with one stone per period; give one of them")
	case *perMove > 0 && *stones != 1:
		return nil, errors.New("-time means one stone per period; use -byoyomi with -stones")
	}
	cfg.tc = timeControl{main: *mainTime, byoyomi: *byoyomi, stones: *stones}
	if *perMove > 0 {
		cfg.tc.byoyomi, cfg.tc.stones = *perMove, 1
	}
	if cfg.maxMoves <= 0 {
		cfg.maxMoves = 3 * cfg.size * cfg.size
	}
	if *sprtFlag != "" {
		if cfg.sprt, err = parseSPRT(*sprtFlag, *alpha, *beta); err != nil {
			return nil, err
		}
	}
	return cfg, nil
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// run is the whole program: parse flags, check the engines, resume or start
// the results table, play the missing games and print the summary.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(cfg.out, 0o755); err != nil {
		return err
	}
	if err := probe(ctx, cfg); err != nil {
		return err
	}
	datPath := filepath.Join(cfg.out, "results.dat")
	dat, err := readDatFile(datPath)
	if err != nil {
		return err
	}
	header := datHeader(cfg)
	if dat == nil {
		dat = &datFile{Props: header}
	} else if err := checkResume(dat, header); err != nil {
		return fmt.Errorf("%s: %v; use another -out to start a new match", datPath, err)
	}
	var todo []int
	for i := 0; i < cfg.games; i++ {
		if !dat.hasGame(i) && !cfg.decided(dat) {
			todo = append(todo, i)
		}
	}
	resumed := cfg.games - len(todo)
	if resumed > 0 {
		fmt.Fprintf(stderr, "resuming: %d of %d games already in %s\n", resumed, cfg.games, datPath)
	}
	if err := writeDatFile(datPath, dat); err != nil {
		return err
	}
	dups := loadDupKeys(cfg, dat)

	// A table that cannot be written stops the match: games played after
	// that would be lost.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan gameResult)
	go func() {
		defer close(jobs)
		for _, i := range todo {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < min(cfg.parallel, len(todo)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				rec, err := playGame(ctx, cfg, i)
				results <- gameResult{rec, err}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	var runErr, saveErr error
	stopped := false // the SPRT decided: games in progress are dropped
	for res := range results {
		switch {
		case res.err != nil:
			// An interruption: the game in progress is dropped.
			runErr = res.err
		case saveErr == nil && !stopped:
			markDuplicate(dups, res.rec)
			if saveErr = saveGame(cfg, datPath, dat, res.rec); saveErr == nil {
				fmt.Fprintln(stderr, progressLine(cfg, dat, res.rec.row))
			} else {
				cancel()
			}
			if cfg.decided(dat) {
				stopped = true
				cancel()
			}
		}
	}
	if saveErr != nil {
		return saveErr
	}
	printSummary(stdout, cfg, dat)
	if runErr != nil && !stopped {
		return fmt.Errorf("match stopped: %w; rerun the same command to play the remaining games", runErr)
	}
	return nil
}

// decided tells whether the SPRT has decided on the games in the table.
func (cfg *config) decided(dat *datFile) bool {
	if cfg.sprt == nil {
		return false
	}
	t := tallyRows(dat.Rows)
	return cfg.sprt.decision(t.wins[0], t.draws, t.wins[1]) != ""
}

// gameResult is what a worker hands back for one game.
type gameResult struct {
	rec *gameRecord
	err error
}

// dupKey identifies a game for duplicate detection: the same moves with the
// same engine on each colour.
func dupKey(alt bool, moves string) string { return boolField(alt) + "|" + moves }

// loadDupKeys reads the recorded games' SGF files so that resumed matches
// still see duplicates of earlier games; unreadable files are skipped.
func loadDupKeys(cfg *config, dat *datFile) map[string]int {
	dups := map[string]int{}
	for _, r := range dat.Rows {
		data, err := os.ReadFile(filepath.Join(cfg.out, fmt.Sprintf("game-%03d.sgf", r.Game)))
		if err != nil {
			continue
		}
		moves, err := sgfMoveKey(data)
		if err != nil {
			continue
		}
		key := dupKey(r.Alt, moves)
		if j, ok := dups[key]; !ok || r.Game < j {
			dups[key] = r.Game
		}
	}
	return dups
}

// markDuplicate sets the DUP column of a game that repeats an earlier one
// move for move (deterministic engines do), as gogui-twogtp does.
func markDuplicate(dups map[string]int, rec *gameRecord) {
	if rec.sgf.game.MoveNumber() == 0 {
		return
	}
	key := dupKey(rec.row.Alt, rec.sgf.moveKey())
	if j, ok := dups[key]; ok {
		rec.row.Dup = strconv.Itoa(j)
		return
	}
	dups[key] = rec.row.Game
}

// saveGame writes the SGF, then adds the row to the table and rewrites it, so
// the table never names a game whose SGF is missing.
func saveGame(cfg *config, datPath string, dat *datFile, rec *gameRecord) error {
	path := filepath.Join(cfg.out, fmt.Sprintf("game-%03d.sgf", rec.row.Game))
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := rec.sgf.write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	dat.Rows = append(dat.Rows, rec.row)
	return writeDatFile(datPath, dat)
}

// probe starts each engine once to learn its name and version and to check
// that it accepts this match's board size, komi and handicap, so a bad
// command line fails the match at once instead of forfeiting every game.
func probe(ctx context.Context, cfg *config) error {
	cmds := []string{fmt.Sprintf("boardsize %d", cfg.size), "clear_board", "komi " + formatKomi(cfg.komi)}
	if cfg.handicap > 0 {
		cmds = append(cmds, fmt.Sprintf("fixed_handicap %d", cfg.handicap))
	}
	check := func(what, command string) (name, version string, err error) {
		e, err := startEngine(ctx, command, cfg.hard)
		if err != nil {
			return "", "", fmt.Errorf("%s %q: %v", what, command, err)
		}
		defer e.close()
		for _, c := range cmds {
			if _, err := e.send(c, cfg.hard); err != nil {
				return "", "", fmt.Errorf("%s %q: %v", what, command, err)
			}
		}
		if what == "referee" {
			// list_commands, not a trial final_score: GNU Go spends
			// minutes scoring an empty 19x19 board
			list, err := e.send("list_commands", cfg.hard)
			if err != nil {
				return "", "", fmt.Errorf("referee %q: %v", command, err)
			}
			if !slices.Contains(strings.Fields(list), "final_score") {
				return "", "", fmt.Errorf("referee %q cannot score: final_score is not in its list_commands", command)
			}
		}
		return e.name, e.version, nil
	}
	for i := 0; i < 2; i++ {
		n, v, err := check(fmt.Sprintf("engine%d", i+1), cfg.engines[i])
		if err != nil {
			return err
		}
		cfg.names[i], cfg.versions[i] = n, v
	}
	if cfg.referee != "" {
		n, v, err := check("referee", cfg.referee)
		if err != nil {
			return err
		}
		cfg.refName, cfg.refVersion = n, v
	}
	cfg.labels = engineLabels(cfg.names, cfg.versions)
	return nil
}

// engineLabels names the two engines distinctly: by name, else name:version
// if the versions differ, else name[1] and name[2].
func engineLabels(names, versions [2]string) [2]string {
	var l [2]string
	for i := range l {
		l[i] = strings.TrimSpace(names[i])
		if l[i] == "" {
			l[i] = fmt.Sprintf("engine%d", i+1)
		}
	}
	if l[0] != l[1] {
		return l
	}
	if versions[0] != versions[1] && versions[0] != "" && versions[1] != "" && len(versions[0])+len(versions[1]) <= 80 {
		return [2]string{l[0] + ":" + versions[0], l[1] + ":" + versions[1]}
	}
	return [2]string{l[0] + "[1]", l[1] + "[2]"}
}

// resumeKeys are the header properties that must match to resume a table.
var resumeKeys = []string{"BlackCommand", "WhiteCommand", "RefereeCommand", "Size", "Komi", "Handicap", "Rules", "TimeControl", "Alternate"}

// datHeader is the table header of a new match.
func datHeader(cfg *config) []datProp {
	ref, refCmd := "-", "-"
	if cfg.referee != "" {
		ref, refCmd = cfg.refName, cfg.referee
	}
	host, _ := os.Hostname()
	return []datProp{
		{"Black", cfg.names[0]}, {"BlackCommand", cfg.engines[0]}, {"BlackLabel", cfg.labels[0]}, {"BlackVersion", cfg.versions[0]},
		{"White", cfg.names[1]}, {"WhiteCommand", cfg.engines[1]}, {"WhiteLabel", cfg.labels[1]}, {"WhiteVersion", cfg.versions[1]},
		{"Referee", ref}, {"RefereeCommand", refCmd}, {"RefereeVersion", cfg.refVersion},
		{"Size", strconv.Itoa(cfg.size)}, {"Komi", formatKomi(cfg.komi)}, {"Handicap", strconv.Itoa(cfg.handicap)},
		{"Rules", cfg.ruleset.Name}, {"TimeControl", cfg.tc.String()}, {"TimeoutMargin", cfg.margin.String()},
		{"Alternate", boolField(cfg.alternate)}, {"MaxMoves", strconv.Itoa(cfg.maxMoves)},
		{"Date", time.Now().Format("2006-01-02 15:04:05")}, {"Host", host}, {"Xml", "0"},
	}
}

// checkResume tells whether an existing table was made by the same match.
func checkResume(dat *datFile, header []datProp) error {
	for _, key := range resumeKeys {
		want := ""
		for _, p := range header {
			if p.Key == key {
				want = datField(p.Value)
			}
		}
		got, _ := dat.prop(key)
		if got != want {
			return fmt.Errorf("it was made with %s %q, this run has %q", key, got, want)
		}
	}
	return nil
}

// tally is the count of a table's results, by engine.
type tally struct {
	games          int
	wins           [2]int
	draws, unknown int
	colorWins      [3]int    // wins by colour: [rules.Black], [rules.White]
	faults         [5][2]int // [faultKind][engine]
	moveLimit      int
	duplicates     int
	moves          int
	time, cpu      [2]float64
	// games the referee counted (a score, not a resignation or a fault),
	// and in how many each engine's own final_score named the referee's
	// winner and came within one point of its margin
	counted      int
	sameWinner   [2]int
	withinOne    [2]int
	scoreAnswers [2]int // counted games in which the engine gave a score
}

var faultPlurals = [...]string{"crashes", "time-outs", "malformed responses", "refused commands", "illegal moves"}

var errMsgRE = regexp.MustCompile(`^(.+?) by engine([12]) `)

// rowResult is a row's result from engine 1's side (B = engine 1): the
// referee's, else the engines' if they agree, else "?".
func rowResult(r datRow) string {
	if s := normResult(r.ResR); s != "?" {
		return s
	}
	if b := normResult(r.ResB); b != "?" && b == normResult(r.ResW) {
		return b
	}
	return "?"
}

// tallyScoring compares each engine's final_score with the referee's on a
// game the referee counted: what tells whether an engine's end-of-game
// judgement counts what the referee counts.
func (t *tally) tallyScoring(r datRow) {
	ref, ok := rules.MarginOf(normResult(r.ResR))
	if normResult(r.ResR) == "0" {
		ref, ok = 0, true
	}
	if !ok {
		return
	}
	t.counted++
	for i, own := range [2]string{r.ResB, r.ResW} {
		n := normResult(own)
		m, ok := rules.MarginOf(n)
		if n == "0" {
			m, ok = 0, true
		}
		if !ok {
			continue
		}
		t.scoreAnswers[i]++
		if (m > 0) == (ref > 0) && (m < 0) == (ref < 0) {
			t.sameWinner[i]++
		}
		if math.Abs(m-ref) <= 1 {
			t.withinOne[i]++
		}
	}
}

func tallyRows(rows []datRow) tally {
	var t tally
	for _, r := range rows {
		t.games++
		t.moves += r.Len
		t.time[0] += r.TimeB
		t.time[1] += r.TimeW
		t.cpu[0] += r.CPUB
		t.cpu[1] += r.CPUW
		res := rowResult(r)
		winner := -1
		switch {
		case res == "0":
			t.draws++
		case strings.HasPrefix(res, "B+"):
			winner = 0
		case strings.HasPrefix(res, "W+"):
			winner = 1
		default:
			t.unknown++
		}
		if winner >= 0 {
			t.wins[winner]++
			// Engine 1 plays Black unless the colours were exchanged.
			if (winner == 0) != r.Alt {
				t.colorWins[rules.Black]++
			} else {
				t.colorWins[rules.White]++
			}
		}
		t.tallyScoring(r)
		if m := errMsgRE.FindStringSubmatch(r.ErrMsg); r.Err && m != nil {
			if k, ok := parseFaultKind(m[1]); ok {
				t.faults[k][m[2][0]-'1']++
			}
		}
		if r.Dup != "" && r.Dup != "-" {
			t.duplicates++
		}
		if strings.HasPrefix(r.ErrMsg, "move limit") {
			t.moveLimit++
		}
	}
	return t
}

// progressLine is the one-line report after each game.
func progressLine(cfg *config, dat *datFile, row datRow) string {
	done := 0
	for i := 0; i < cfg.games; i++ {
		if dat.hasGame(i) {
			done++
		}
	}
	t := tallyRows(dat.Rows)
	black := cfg.labels[0]
	if row.Alt {
		black = cfg.labels[1]
	}
	res := rowResult(row)
	if row.Alt {
		res = invertResult(res) // back to real colours
	}
	return fmt.Sprintf("[%d/%d] game %d (Black %s): %s, %d moves | %s %d - %s %d, draws %d, unknown %d",
		done, cfg.games, row.Game, black, res, row.Len,
		cfg.labels[0], t.wins[0], cfg.labels[1], t.wins[1], t.draws, t.unknown)
}

// printSummary prints the match result with its statistics.
func printSummary(w io.Writer, cfg *config, dat *datFile) {
	t := tallyRows(dat.Rows)
	l := cfg.labels
	games := "games"
	if t.games == 1 {
		games = "game"
	}
	fmt.Fprintf(w, "%s vs %s: %d %s, %dx%d, komi %s, %s rules, time %s\n",
		l[0], l[1], t.games, games, cfg.size, cfg.size, formatKomi(cfg.komi), cfg.ruleset.Name, cfg.tc)
	fmt.Fprintf(w, "  %s wins %d, %s wins %d, draws %d, unknown %d\n", l[0], t.wins[0], l[1], t.wins[1], t.draws, t.unknown)
	if s, err := matchStats(t.wins[0], t.draws, t.wins[1]); err == nil {
		fmt.Fprintf(w, "  %s win rate %.1f%% (95%% CI %.1f%% .. %.1f%%, Wilson)\n", l[0], 100*s.Rate, 100*s.RateLo, 100*s.RateHi)
		fmt.Fprintf(w, "  Elo %s - %s: %s (95%% CI %s .. %s)\n", l[0], l[1], elo.Format(s.Elo), elo.Format(s.EloLo), elo.Format(s.EloHi))
	}
	if cfg.sprt != nil {
		fmt.Fprintf(w, "  %s\n", cfg.sprt.report(t.wins[0], t.draws, t.wins[1]))
	}
	fmt.Fprintf(w, "  Black won %d, White won %d\n", t.colorWins[rules.Black], t.colorWins[rules.White])
	var parts []string
	for k := faultCrash; k <= faultIllegal; k++ {
		f := t.faults[k]
		parts = append(parts, fmt.Sprintf("%s %d (%d/%d)", faultPlurals[k], f[0]+f[1], f[0], f[1]))
	}
	fmt.Fprintf(w, "  losses by engine failure (engine1/engine2): %s\n", strings.Join(parts, ", "))
	if t.duplicates > 0 {
		fmt.Fprintf(w, "  duplicates (games that repeat an earlier one move for move, DUP column): %d; deterministic engines?\n", t.duplicates)
	}
	if t.moveLimit > 0 {
		fmt.Fprintf(w, "  games stopped at the move limit: %d\n", t.moveLimit)
	}
	if t.counted > 0 {
		var parts []string
		for i := range l {
			parts = append(parts, fmt.Sprintf("%s %d/%d of %d", l[i], t.sameWinner[i], t.withinOne[i], t.scoreAnswers[i]))
		}
		fmt.Fprintf(w, "  games the referee counted: %d; final_score with the referee's winner/within one point of its count: %s\n",
			t.counted, strings.Join(parts, ", "))
	}
	if t.games > 0 {
		g := float64(t.games)
		fmt.Fprintf(w, "  average length %.1f moves; genmove time per game %s %.1fs, %s %.1fs; CPU per game %.1fs, %.1fs\n",
			float64(t.moves)/g, l[0], t.time[0]/g, l[1], t.time[1]/g, t.cpu[0]/g, t.cpu[1]/g)
	}
	fmt.Fprintf(w, "  results: %s\n", filepath.Join(cfg.out, "results.dat"))
}
