package gtp

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Transcripts in testdata/gtp are pairs NAME.in (fed to a fresh server with
// the default session and the test engine settings, until EOF) and NAME.out
// (the exact output). In .out files a few placeholders stand for what the
// search decides: {vertex} a vertex or pass, {move} also resign, {float} a
// decimal number, {any} the rest of a line.
var placeholders = map[string]string{
	`\{vertex\}`: `(?:[A-HJ-Z](?:[1-9]|1[0-9]|2[0-5])|pass)`,
	`\{move\}`:   `(?:[A-HJ-Z](?:[1-9]|1[0-9]|2[0-5])|pass|resign)`,
	`\{float\}`:  `[0-9]+\.[0-9]+`,
	`\{any\}`:    `[^\n]*`,
}

func transcriptPattern(want string) *regexp.Regexp {
	re := regexp.QuoteMeta(want)
	for ph, pat := range placeholders {
		re = strings.ReplaceAll(re, ph, pat)
	}
	return regexp.MustCompile(`^` + re + `$`)
}

func TestTranscripts(t *testing.T) {
	inputs, err := filepath.Glob("../testdata/gtp/*.in")
	require.NoError(t, err)
	require.NotEmpty(t, inputs)
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		t.Run(name, func(t *testing.T) {
			input, err := os.ReadFile(in)
			require.NoError(t, err)
			want, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".out")
			require.NoError(t, err)
			got := runScript(t, newTestServer(t), string(input))
			if !transcriptPattern(string(want)).MatchString(got) {
				assert.Equal(t, string(want), got, "transcript %s", name)
			}
		})
	}
}
