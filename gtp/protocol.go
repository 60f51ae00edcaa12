package gtp

import (
	"fmt"
	"strings"
)

// Preprocess applies GTP v2's input preprocessing (section 3.1) to one line
// without its LF: control characters other than HT are removed (CR among
// them), everything from the first '#' on is cut, HT becomes a space, and
// surrounding white space is trimmed. An empty result means the line is to
// be ignored.
func Preprocess(line []byte) string {
	var b strings.Builder
	b.Grow(len(line))
	for _, c := range line {
		switch {
		case c == '#':
			return strings.TrimSpace(b.String())
		case c == '\t':
			b.WriteByte(' ')
		case c < 32 || c == 127:
			// discarded, CR included
		default:
			b.WriteByte(c)
		}
	}
	return strings.Trim(b.String(), " ")
}

// IsInterrupt tells whether a raw input line is GoGui's interrupt signal,
// the comment line `# interrupt` (GoGui's interrupt.xml). Preprocessing
// turns it into an empty line, so the reader checks the raw line first.
func IsInterrupt(line []byte) bool {
	s := strings.TrimSpace(stripControl(line))
	rest, ok := strings.CutPrefix(s, "#")
	return ok && strings.TrimSpace(rest) == "interrupt"
}

// stripControl removes control characters except HT, which becomes a space.
func stripControl(line []byte) string {
	var b strings.Builder
	for _, c := range line {
		switch {
		case c == '\t':
			b.WriteByte(' ')
		case c < 32 || c == 127:
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Command is one parsed GTP command.
type Command struct {
	ID   string // the optional numeric id, as sent ("" when absent)
	Name string
	Args []string
}

// ParseCommand splits a preprocessed, non-empty line into id, name and
// arguments. A line holding only an id is an error; the returned Command
// still carries the id so the error response can echo it.
func ParseCommand(line string) (Command, error) {
	fields := strings.Fields(line)
	var c Command
	if len(fields) > 0 && isDigits(fields[0]) {
		c.ID = fields[0]
		fields = fields[1:]
	}
	if len(fields) == 0 {
		return c, fmt.Errorf("missing command name")
	}
	c.Name = fields[0]
	c.Args = fields[1:]
	return c, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// FormatResponse writes a complete response: "=id result\n\n" on success,
// "?id message\n\n" on failure. The text is cleaned with CleanText so that
// no empty line can end the response early.
func FormatResponse(id string, ok bool, text string) string {
	mark := "="
	if !ok {
		mark = "?"
	}
	return mark + id + " " + CleanText(text) + "\n\n"
}

// CleanText makes text safe inside a response: only printable ASCII, spaces
// and single LFs survive (HT becomes a space, other control characters and
// non-ASCII bytes are replaced or dropped), blank lines are removed except a
// leading LF (diagram responses start on the line after "= "), and trailing
// newlines are cut.
func CleanText(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	lines := strings.Split(text, "\n")
	wrote := false
	for i, line := range lines {
		clean := cleanLine(line)
		if strings.TrimSpace(clean) == "" {
			if i == 0 && len(lines) > 1 {
				wrote = true // keep the leading LF: the result starts on the next line
			}
			continue
		}
		if wrote {
			b.WriteByte('\n')
		}
		b.WriteString(clean)
		wrote = true
	}
	return b.String()
}

// cleanLine keeps printable ASCII; HT becomes a space, CR and other control
// characters vanish, bytes above 126 become '?'.
func cleanLine(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if s[i] < 32 || s[i] > 126 {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\t':
			b = append(b, ' ')
		case c < 32:
		case c > 126:
			b = append(b, '?')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// quote shows a controller-supplied token in an error message: ASCII-only
// and shortened, since a line may be a megabyte of garbage.
func quote(s string) string {
	const limit = 40
	if len(s) > limit {
		s = s[:limit] + "..."
	}
	return fmt.Sprintf("%+q", s)
}
