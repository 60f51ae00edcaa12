// Command gtpgo is a Go (baduk) engine speaking GTP v2 on stdin/stdout.
//
// Usage:
//
//	gtpgo [flags]                 play over GTP (what a GUI runs)
//	gtpgo bench [-size N] [-playouts N] [-threads N]
//	gtpgo review [-playouts N | -seconds S] [-o OUT.sgf] [-plot OUT.png] GAME.sgf
//
// Run `gtpgo -help` for the flags; every engine parameter is one.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/gtpgo/gtpgo/engine"
	"github.com/gtpgo/gtpgo/gtp"
	"github.com/gtpgo/gtpgo/rules"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "bench" {
		return bench(args[1:], stdout, stderr)
	}
	if len(args) > 0 && args[0] == "review" {
		return reviewCmd(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("gtpgo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	params := engine.DefaultParams()
	for _, info := range params.List() {
		help := info.Help
		switch {
		case info.Kind == "string":
			help += " (one of " + strings.ReplaceAll(info.Range, "|", ", ") + ")"
		case info.Range != "":
			help += " (range " + info.Range + ")"
		}
		fs.Var(&paramFlag{params: &params, name: info.Name, kind: info.Kind}, info.Name, help)
	}
	fs.Var(&paramFlag{params: &params, name: "move_time", kind: "float"}, "time", "same as -move_time")
	fs.Var(&paramFlag{params: &params, name: "memory_mb", kind: "int"}, "memory", "same as -memory_mb")
	size := fs.Int("size", 19, "board size of the session until the controller sends boardsize (2..25)")
	komi := fs.Float64("komi", 7.5, "komi until the controller sends komi")
	rulesName := fs.String("rules", "japanese", "rules: "+strings.Join(rules.RulesetNames(), ", ")+" (kgs-rules and a loaded SGF's RU change them)")
	logLevel := fs.String("log", "info", "stderr log level: quiet, error, info or debug")
	liveGfx := fs.Bool("live_gfx", false, "GoGui live graphics: while generating a move, draw the variation, candidates and speed (gogui-gfx blocks on stderr)")
	showVersion := fs.Bool("version", false, "print the version and exit")
	version := currentVersion()
	fs.Usage = func() {
		fmt.Fprintf(stderr, "gtpgo %s: a Go engine speaking GTP v2 on stdin and stdout.\n\n", version)
		fmt.Fprintf(stderr, "Usage:\n  gtpgo [flags]\n  gtpgo bench [-size N] [-playouts N] [-threads N]   measure playout and search speed\n"+
			"  gtpgo review [-playouts N | -seconds S] [-o OUT.sgf] [-plot OUT.png] GAME.sgf   review a game (-help for more)\n\n")
		fmt.Fprintf(stderr, "Flags (engine parameters can also be changed over GTP with gtpgo-param):\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gtpgo: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	if *showVersion {
		fmt.Fprintf(stdout, "gtpgo %s\n", version)
		return 0
	}
	r, err := rules.RulesetByName(*rulesName)
	if err != nil {
		fmt.Fprintf(stderr, "gtpgo: %v\n", err)
		return 2
	}
	level, err := gtp.ParseLevel(*logLevel)
	if err != nil {
		fmt.Fprintf(stderr, "gtpgo: %v\n", err)
		return 2
	}
	if err := params.Validate(); err != nil {
		fmt.Fprintf(stderr, "gtpgo: %v\n", err)
		return 2
	}
	errOut := gtp.NewSyncWriter(stderr) // log lines and gfx blocks, each whole
	log := gtp.NewLogger(errOut, level, 1024)
	defer log.Close(time.Second)
	cfg := gtp.DefaultConfig()
	cfg.Version = version
	cfg.BoardSize, cfg.Komi, cfg.Rules, cfg.Log = *size, *komi, r, log
	if *liveGfx {
		cfg.LiveGfx = gtp.NewLiveGfx(errOut)
		defer cfg.LiveGfx.Close()
	}
	srv, err := gtp.New(engine.New(params), cfg)
	if err != nil {
		fmt.Fprintf(stderr, "gtpgo: %v\n", err)
		return 2
	}
	log.Infof("gtpgo %s: %dx%d, komi %g, %s rules, %d threads", version, *size, *size, *komi, r.Name, params.Threads)
	if err := srv.Serve(stdin, stdout); err != nil {
		log.Errorf("%v", err)
		return 1
	}
	return 0
}

// paramFlag is one engine parameter as a command-line flag.
type paramFlag struct {
	params *engine.Params
	name   string
	kind   string
}

func (f *paramFlag) String() string {
	if f == nil || f.params == nil {
		return ""
	}
	for _, info := range f.params.List() {
		if info.Name == f.name {
			return info.Value
		}
	}
	return ""
}

func (f *paramFlag) Set(v string) error { return f.params.Set(f.name, v) }

// IsBoolFlag lets boolean parameters be given as a bare -name.
func (f *paramFlag) IsBoolFlag() bool { return f.kind == "bool" }
