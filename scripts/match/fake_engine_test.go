package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gtpgo/gtpgo/rules"
)

// The tests run engines that misbehave on purpose: the test binary itself,
// started again with "fake-engine" as its first argument (go test never
// passes that), becomes a small scripted GTP engine.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "fake-engine" {
		os.Exit(fakeEngine(os.Args[2:]))
	}
	// Under -race every process sleeps a second at exit by default; the
	// fake engines are this binary, and a match starts dozens of them.
	if os.Getenv("GORACE") == "" {
		os.Setenv("GORACE", "atexit_sleep_ms=0")
	}
	os.Exit(m.Run())
}

// fakeCommand is the command line of a fake engine with key=value options:
//
//	name=N      answer name with N (default Fake)
//	pass=N      pass from the N-th genmove on (default 3)
//	illegal=N   answer the N-th genmove with its own previous move (occupied)
//	crash=N     exit with status 3 on the N-th genmove
//	hang=N      never answer the N-th genmove
//	resign=N    resign on the N-th genmove
//	garbage=N   answer the N-th genmove with a line that is not GTP
//	say=N:TEXT  answer the N-th genmove with TEXT
//	badid=N     answer the N-th genmove with the wrong id
//	refuse=CMD  answer "? refused" to every CMD command
//	hide=CMD    leave CMD out of list_commands
//	handicap=V  fixed_handicap answer (default "B2 D4", for 5x5)
//	score=S     final_score answer (default B+1.5; "fail" fails)
//	log=PATH    append one line to PATH at startup
func fakeCommand(t *testing.T, opts ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	parts := []string{strconv.Quote(exe), "fake-engine"}
	for _, o := range opts {
		parts = append(parts, strconv.Quote(o))
	}
	return strings.Join(parts, " ")
}

// fakeEngine is the scripted engine's main loop. Its moves are the points of
// even column and row, in order, so stones never touch: no captures, no
// suicide, and the engine needs no board logic.
func fakeEngine(args []string) int {
	opt := map[string]string{"name": "Fake", "pass": "3", "score": "B+1.5", "handicap": "B2 D4"}
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		opt[k] = v
	}
	at := func(key string, n int) bool {
		v, ok := opt[key]
		return ok && v == strconv.Itoa(n)
	}
	if path := opt["log"]; path != "" {
		f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintln(f, "start", opt["name"])
			f.Close()
		}
	}
	passFrom, _ := strconv.Atoi(opt["pass"])
	geo, _ := rules.NewGeometry(19)
	occupied := map[rules.Point]bool{}
	var last rules.Point = rules.Pass
	genmoves := 0
	out := bufio.NewWriter(os.Stdout)
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		fields := strings.Fields(in.Text())
		if len(fields) == 0 {
			continue
		}
		id := ""
		if _, err := strconv.Atoi(fields[0]); err == nil {
			id, fields = fields[0], fields[1:]
		}
		if len(fields) == 0 {
			continue
		}
		cmd, cmdArgs := fields[0], fields[1:]
		reply := func(ok bool, text string) {
			status := "="
			if !ok {
				status = "?"
			}
			fmt.Fprintf(out, "%s%s %s\n\n", status, id, text)
			out.Flush()
		}
		if opt["refuse"] == cmd {
			reply(false, "refused")
			continue
		}
		switch cmd {
		case "protocol_version":
			reply(true, "2")
		case "name":
			reply(true, opt["name"])
		case "version":
			reply(true, "1.0")
		case "list_commands":
			var known []string
			for _, c := range strings.Fields("protocol_version name version list_commands boardsize clear_board komi play genmove fixed_handicap final_score time_settings time_left quit") {
				if c != opt["hide"] {
					known = append(known, c)
				}
			}
			reply(true, strings.Join(known, "\n"))
		case "boardsize":
			n, err := strconv.Atoi(strings.Join(cmdArgs, ""))
			g, gerr := rules.NewGeometry(n)
			if err != nil || gerr != nil {
				reply(false, "unacceptable size")
				continue
			}
			geo = g
			reply(true, "")
		case "clear_board":
			occupied = map[rules.Point]bool{}
			reply(true, "")
		case "fixed_handicap":
			for _, v := range strings.Fields(opt["handicap"]) {
				if p, err := geo.ParseVertex(v); err == nil {
					occupied[p] = true
				}
			}
			reply(true, opt["handicap"])
		case "komi", "time_settings", "time_left":
			reply(true, "")
		case "play":
			if len(cmdArgs) == 2 {
				if p, err := geo.ParseVertex(cmdArgs[1]); err == nil && p != rules.Pass {
					occupied[p] = true
				}
			}
			reply(true, "")
		case "genmove":
			genmoves++
			n := genmoves
			switch {
			case at("crash", n):
				fmt.Fprintln(os.Stderr, "fake engine: boom")
				return 3
			case at("hang", n):
				time.Sleep(time.Hour)
			case at("resign", n):
				reply(true, "resign")
			case at("garbage", n):
				fmt.Fprintf(out, "thinking hard about %s\n\n", cmdArgs)
				out.Flush()
			case at("badid", n):
				fmt.Fprintf(out, "=%s9 A1\n\n", id)
				out.Flush()
			case strings.HasPrefix(opt["say"], strconv.Itoa(n)+":"):
				reply(true, strings.TrimPrefix(opt["say"], strconv.Itoa(n)+":"))
			case at("illegal", n):
				reply(true, geo.Vertex(last))
			case passFrom > 0 && n >= passFrom:
				reply(true, "pass")
			default:
				p := rules.Pass
				for y := 0; y < geo.Size && p == rules.Pass; y += 2 {
					for x := 0; x < geo.Size; x += 2 {
						if q := geo.At(x, y); !occupied[q] {
							p = q
							break
						}
					}
				}
				if p != rules.Pass {
					occupied[p] = true
					last = p
				}
				reply(true, geo.Vertex(p))
			}
		case "final_score":
			if opt["score"] == "fail" {
				reply(false, "cannot score")
			} else {
				reply(true, opt["score"])
			}
		case "quit":
			reply(true, "")
			return 0
		default:
			reply(false, "unknown command")
		}
	}
	return 0
}
