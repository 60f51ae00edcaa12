// Command earlypass is an opponent that passes early, as a beginner in a GUI
// or a weak engine does: a GTP proxy for another engine that answers
// genmove as that engine does until the game has a given number of moves,
// and with a pass from then on (telling the engine, which stays in sync).
// Every other command goes through unchanged. It measures how gtpgo ends a
// game on an unsettled board (issue: the end of the game against real
// opponents).
//
//	earlypass -after N ENGINE [ARGS...]
//	go run ./scripts/match -engine1 gtpgo -engine2 "earlypass -after 40 /usr/games/gnugo --mode gtp --level 1" ...
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

func main() {
	after := flag.Int("after", 30, "moves in the game (both colours, passes included) after which genmove passes")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: earlypass -after N ENGINE [ARGS...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 || *after < 0 {
		flag.Usage()
		os.Exit(2)
	}
	cmd := exec.Command(flag.Arg(0), flag.Args()[1:]...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		fatal(err)
	}
	if err := cmd.Start(); err != nil {
		fatal(err)
	}
	p := &proxy{after: *after, engine: stdin, replies: bufio.NewReader(stdout), out: bufio.NewWriter(os.Stdout)}
	err = p.serve(bufio.NewScanner(os.Stdin))
	stdin.Close()
	cmd.Wait()
	if err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "earlypass:", err)
	os.Exit(1)
}

// proxy forwards commands and counts the game's moves.
type proxy struct {
	after   int
	moves   int // moves of the game so far (play, genmove; undone ones taken back)
	engine  io.Writer
	replies *bufio.Reader
	out     *bufio.Writer
}

// serve answers every command of in until quit or the end of input.
func (p *proxy) serve(in *bufio.Scanner) error {
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, fields := "", strings.Fields(line)
		if _, err := strconv.Atoi(fields[0]); err == nil {
			id, fields = fields[0], fields[1:]
			if len(fields) == 0 {
				continue
			}
		}
		name := strings.ToLower(fields[0])
		var status, text string
		var err error
		if name == "genmove" && len(fields) == 2 && p.moves >= p.after {
			// tell the engine, then pass
			status, text, err = p.ask("play " + fields[1] + " pass")
			if err == nil && status == "=" {
				text = "pass"
			}
		} else {
			status, text, err = p.ask(strings.Join(fields, " "))
		}
		if err != nil {
			return err
		}
		if status == "=" {
			switch name {
			case "play", "genmove":
				p.moves++
			case "undo":
				p.moves = max(p.moves-1, 0)
			case "clear_board", "boardsize", "loadsgf":
				p.moves = 0
			}
		}
		fmt.Fprintf(p.out, "%s%s %s\n\n", status, id, text)
		if err := p.out.Flush(); err != nil {
			return err
		}
		if name == "quit" {
			return nil
		}
	}
	return in.Err()
}

// ask sends a command to the engine and reads its response: the status
// ("=" or "?") and the text.
func (p *proxy) ask(cmd string) (status, text string, err error) {
	if _, err := fmt.Fprintln(p.engine, cmd); err != nil {
		return "", "", err
	}
	var lines []string
	for {
		line, err := p.replies.ReadString('\n')
		if err != nil {
			return "", "", fmt.Errorf("%s: %w", cmd, err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if len(lines) == 0 {
				continue // blank lines before the response
			}
			break
		}
		lines = append(lines, line)
	}
	first := lines[0]
	if first == "" || (first[0] != '=' && first[0] != '?') {
		return "", "", fmt.Errorf("%s: malformed response %q", cmd, first)
	}
	status = first[:1]
	lines[0] = strings.TrimLeft(first[1:], "0123456789")
	lines[0] = strings.TrimPrefix(lines[0], " ")
	return status, strings.Join(lines, "\n"), nil
}
