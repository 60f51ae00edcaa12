package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/review"
	"github.com/gtpgo/gtpgo/rules"
)

// reviewPlayouts is the budget per position when neither -playouts nor
// -seconds is given.
const reviewPlayouts = 2000

// reviewCmd is `gtpgo review`: it analyses every move of a game and writes
// the annotated SGF (and, with -plot, the win-rate graph).
func reviewCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gtpgo review", flag.ContinueOnError)
	fs.SetOutput(stderr)
	playouts := fs.Int("playouts", reviewPlayouts, "playouts per position")
	seconds := fs.Float64("seconds", 0, "seconds per position, instead of -playouts")
	threads := fs.Int("threads", runtime.NumCPU(), "search threads")
	out := fs.String("o", "", "the reviewed SGF (default: GAME-review.sgf beside the game)")
	plot := fs.String("plot", "", "also draw the win-rate and score-lead graph into this PNG file")
	gameIndex := fs.Int("game", 1, "which game of a collection to review (from 1)")
	rulesName := fs.String("rules", "japanese", "rules when the SGF has no RU (or unknown rules): "+strings.Join(rules.RulesetNames(), ", "))
	komi := fs.Float64("komi", 7.5, "komi when the SGF has no KM")
	seed := fs.Int64("seed", 0, "random seed of the searches (0 = from the clock)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: gtpgo review [-playouts N | -seconds S] [-o OUT.sgf] [-plot OUT.png] GAME.sgf\n\n")
		fmt.Fprintf(stderr, "Searches every position of the game's main line and writes an SGF with each move's win rate\n"+
			"and score lead before and after it, gtpgo's preferred variation, the mistakes marked, and a\n"+
			"summary in the root comment. GAME.sgf may be a collection (see -game), gzip'd or not.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "gtpgo review: "+format+"\n", a...)
		return 2
	}
	switch {
	case fs.NArg() != 1:
		fs.Usage()
		return 2
	case set["playouts"] && set["seconds"]:
		return fail("give -playouts or -seconds, not both")
	case *playouts < 1 || *seconds < 0 || *threads < 1:
		return fail("-playouts and -threads must be positive, -seconds not negative")
	}
	opt := review.Options{Params: engine.DefaultParams(), Komi: *komi}
	opt.Params.Threads, opt.Params.Seed = *threads, *seed
	if *seconds > 0 {
		opt.Time = time.Duration(*seconds * float64(time.Second))
	} else {
		opt.Playouts = *playouts
	}
	var err error
	if opt.Rules, err = rules.RulesetByName(*rulesName); err != nil {
		return fail("%v", err)
	}
	in := fs.Arg(0)
	if *out == "" {
		*out = reviewName(in, *gameIndex)
	}
	if same(in, *out) || same(in, *plot) {
		return fail("%s would overwrite the game", in)
	}
	for _, path := range []string{*out, *plot} {
		// a review takes minutes: check where it goes first
		if st, err := os.Stat(filepath.Dir(path)); path != "" && (err != nil || !st.IsDir()) {
			return fail("cannot write %s: %s is not a directory", path, filepath.Dir(path))
		}
	}

	game, err := review.Load(in, *gameIndex)
	if err != nil {
		fmt.Fprintf(stderr, "gtpgo review: %v\n", err)
		return 1
	}
	tty := false
	if f, ok := stderr.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			tty = true
		}
	}
	opt.Progress = review.ProgressBar(stderr, tty)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rev, err := review.Run(ctx, game, opt)
	if err != nil {
		if tty {
			fmt.Fprintln(stderr)
		}
		fmt.Fprintf(stderr, "gtpgo review: %s: %v\n", in, err)
		return 1
	}
	// everything is built before anything is written
	sgf := rev.SGF()
	var img []byte
	if *plot != "" {
		if img, err = rev.PNG(); err != nil {
			fmt.Fprintf(stderr, "gtpgo review: %v\n", err)
			return 1
		}
	}
	if err := writeFileAtomic(*out, sgf); err != nil {
		fmt.Fprintf(stderr, "gtpgo review: %v\n", err)
		return 1
	}
	if img != nil {
		if err := writeFileAtomic(*plot, img); err != nil {
			fmt.Fprintf(stderr, "gtpgo review: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "%s\n\nWrote %s", rev.Summary(), *out)
	if img != nil {
		fmt.Fprintf(stdout, " and %s", *plot)
	}
	fmt.Fprintln(stdout, ".")
	return 0
}

// reviewName is the default output: game.sgf (or .sgf.gz) becomes
// game-review.sgf, game-3-review.sgf for the third game of a collection.
func reviewName(in string, index int) string {
	base := strings.TrimSuffix(in, ".gz")
	base = strings.TrimSuffix(base, filepath.Ext(base))
	if index != 1 {
		base += fmt.Sprintf("-%d", index)
	}
	return base + "-review.sgf"
}

// same tells whether two paths name the same existing file.
func same(a, b string) bool {
	if b == "" {
		return false
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it into place, so that path is never left half written.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
