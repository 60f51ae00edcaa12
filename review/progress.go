package review

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// ProgressBar returns an Options.Progress that draws a bar on w with the
// searches done, the time left and the verdict of the last move judged.
// On a terminal (tty) the bar is redrawn in place and ends with a line
// break; elsewhere (a log file) every report is a line of its own.
func ProgressBar(w io.Writer, tty bool) func(Progress) {
	const width = 24
	verdict := ""
	return func(p Progress) {
		if p.Move != nil {
			m := p.Move
			verdict = fmt.Sprintf("move %d %s %s: %s", m.Number, m.Move.Color.Letter(), m.Vertex, m.Verdict())
		}
		filled := width * p.Done / max(p.Total, 1)
		bar := strings.Repeat("#", filled) + strings.Repeat("-", width-filled)
		line := fmt.Sprintf("review [%s] %d/%d %3d%%  %s left  %s", bar, p.Done, p.Total,
			100*p.Done/max(p.Total, 1), p.ETA.Round(time.Second), verdict)
		if !tty {
			fmt.Fprintln(w, line)
			return
		}
		fmt.Fprintf(w, "\r%s\x1b[K", line)
		if p.Done == p.Total {
			fmt.Fprintln(w)
		}
	}
}
