package gtp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPreprocess(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"play b D4\n", "play b D4"},
		{"play b D4\r\n", "play b D4"},
		{"play\tb\tD4", "play b D4"},
		{"  play b D4  ", "play b D4"},
		{"play b D4 # a comment", "play b D4"},
		{"# only a comment", ""},
		{"# interrupt", ""},
		{"", ""},
		{" \t \r", ""},
		{"pl\x00ay b\x01 D\x7f4", "play b D4"},
		{"na\rme", "name"},
		{"1 name#x", "1 name"},
		{"\x1b[1mname", "[1mname"},
		{"name \xff\xfe", "name \xff\xfe"}, // 8-bit bytes are not control characters
	} {
		assert.Equal(t, tc.want, Preprocess([]byte(tc.in)), "%q", tc.in)
	}
}

func TestIsInterrupt(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"# interrupt\n", true},
		{"# interrupt\r\n", true},
		{"#interrupt", true},
		{"  #\tinterrupt  ", true},
		{"# interrupted", false},
		{"# comment", false},
		{"interrupt", false},
		{"genmove b # interrupt", false},
		{"", false},
	} {
		assert.Equal(t, tc.want, IsInterrupt([]byte(tc.in)), "%q", tc.in)
	}
}

func TestParseCommand(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Command
		err  bool
	}{
		{"name", Command{Name: "name", Args: []string{}}, false},
		{"12 play b D4", Command{ID: "12", Name: "play", Args: []string{"b", "D4"}}, false},
		{"0 genmove   w", Command{ID: "0", Name: "genmove", Args: []string{"w"}}, false},
		{"99999999999999999999999 name", Command{ID: "99999999999999999999999", Name: "name", Args: []string{}}, false},
		{"-1 name", Command{Name: "-1", Args: []string{"name"}}, false},
		{"12", Command{ID: "12"}, true},
		{"1a name", Command{Name: "1a", Args: []string{"name"}}, false},
	} {
		got, err := ParseCommand(tc.in)
		if tc.err {
			require.Error(t, err, tc.in)
			assert.Equal(t, tc.want.ID, got.ID, tc.in)
			continue
		}
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
}

func TestFormatResponse(t *testing.T) {
	for _, tc := range []struct {
		id   string
		ok   bool
		text string
		want string
	}{
		{"", true, "", "= \n\n"},
		{"7", true, "", "=7 \n\n"},
		{"12", true, "D4", "=12 D4\n\n"},
		{"3", false, "illegal move", "?3 illegal move\n\n"},
		{"", false, "unknown command", "? unknown command\n\n"},
		// multi-line results never contain an empty line
		{"", true, "a\n\nb\n \n\tc\n\n", "= a\nb\n c\n\n"},
		// a leading LF is kept: diagrams start under the "= " line
		{"4", true, "\nrow1\nrow2", "=4 \nrow1\nrow2\n\n"},
		{"", true, "a\r\nb\x00c\xffd", "= a\nbc?d\n\n"},
		{"", true, "\n\n\n", "= \n\n"},
	} {
		assert.Equal(t, tc.want, FormatResponse(tc.id, tc.ok, tc.text), "%q", tc.text)
	}
}
