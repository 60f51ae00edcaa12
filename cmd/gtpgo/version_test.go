package main

import (
	"bytes"
	"errors"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/gtp"
)

// lizzieMinor reads a `version` response as Lizzie 0.7.4 (Debian's
// liblizzie-java) does in Leelaz.parseLine: params = line.trim().split(" "),
// then Integer.parseInt(params[1].split("\\.")[1]), and the "requires
// version 0.15 or later" dialog when that is under 15. An error stands for
// the exception that ends Lizzie's engine-reading thread.
func lizzieMinor(response string) (int, error) {
	params := strings.Split(strings.TrimSpace(response), " ")
	if len(params) < 2 {
		return 0, errors.New("no version")
	}
	ver := strings.Split(params[1], ".")
	if len(ver) < 2 {
		return 0, errors.New("ArrayIndexOutOfBoundsException")
	}
	return strconv.Atoi(ver[1])
}

func TestLizzieMinor(t *testing.T) {
	for _, tc := range []struct {
		response string
		minor    int
		ok       bool
	}{
		{"=1 0.1", 1, true},   // gtpgo's old version: the dialog
		{"=1 0.15", 15, true}, // Leela Zero 0.15
		{"=1 0.15.0-dev+abc.dirty", 15, true},
		{"=1 1.15.0", 15, true},   // the major is not looked at
		{"=1 0.15-dev", 0, false}, // a suffix right after the minor
		{"=1 0.15+cea54e339fb6", 0, false},
		{"=1 dev", 0, false}, // no dot
	} {
		minor, err := lizzieMinor(tc.response)
		if !tc.ok {
			assert.Error(t, err, tc.response)
			continue
		}
		require.NoError(t, err, tc.response)
		assert.Equal(t, tc.minor, minor, tc.response)
	}
}

func TestVersionFrom(t *testing.T) {
	const rev = "cea54e339fb677ed7b2e1931189f7a117f01c075"
	vcs := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	dev := productVersion + "-dev"
	for _, tc := range []struct {
		name     string
		main     string
		settings []debug.BuildSetting
		want     string
	}{
		{"go run, or no VCS stamp", "(devel)", nil, dev},
		{"go build of a clean checkout", "v0.0.0-20261202012107-cea54e339fb6", vcs("false"), dev + "+cea54e339fb6"},
		{"go build of a modified checkout", "v0.0.0-20261202012107-cea54e339fb6+dirty", vcs("true"), dev + "+cea54e339fb6.dirty"},
		{"go build, VCS stamp but no module version", "(devel)", vcs("false"), dev + "+cea54e339fb6"},
		{"go build at a tag", "v0.15.0", vcs("false"), "0.15.0"},
		{"go build at a tag, modified", "v0.15.0+dirty", vcs("true"), dev + "+cea54e339fb6.dirty"},
		{"go build after a tag", "v0.15.1-0.20261202012107-cea54e339fb6", vcs("false"), dev + "+cea54e339fb6"},
		{"go install @tag", "v0.16.2", nil, "0.16.2"},
		{"go install @pre-release tag", "v0.16.0-rc.1", nil, "0.16.0-rc.1"},
		{"go install @commit", "v0.0.0-20261202012107-cea54e339fb6", nil, dev + "+cea54e339fb6"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/gtpgo/gtpgo", Version: tc.main}, Settings: tc.settings}
			got := versionFrom(bi)
			assert.Equal(t, tc.want, got)
			minor, err := lizzieMinor("=1 " + got)
			require.NoError(t, err)
			assert.GreaterOrEqual(t, minor, 15)
		})
	}
	assert.Equal(t, dev, versionFrom(nil))
}

// Every version gtpgo can answer passes Lizzie's check without a dialog,
// including gtp's placeholder.
func TestVersionsPassLizzie(t *testing.T) {
	for _, v := range []string{productVersion, currentVersion(), gtp.DefaultConfig().Version} {
		minor, err := lizzieMinor("=1 " + v)
		require.NoError(t, err, v)
		assert.GreaterOrEqual(t, minor, 15, v)
	}
	assert.Len(t, strings.Split(productVersion, "."), 3, "suffixes must follow a patch number")
}

// -version prints the version and exits; GTP `version` answers the same.
func TestVersionFlagAndCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"-version"}, strings.NewReader(""), &stdout, &stderr), stderr.String())
	assert.Equal(t, "gtpgo "+currentVersion()+"\n", stdout.String())

	stdout.Reset()
	require.Equal(t, 0, run([]string{"-log", "quiet", "-threads", "1"}, strings.NewReader("1 version\n2 quit\n"), &stdout, &stderr), stderr.String())
	assert.True(t, strings.HasPrefix(stdout.String(), "=1 "+currentVersion()+"\n\n=2"), stdout.String())
}
