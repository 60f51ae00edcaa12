package releasetest

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"debug/buildinfo"
	"encoding/hex"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// platforms are the ones scripts/release builds for.
var platforms = []struct{ goos, goarch string }{
	{"windows", "amd64"}, {"windows", "arm64"},
	{"darwin", "arm64"}, {"darwin", "amd64"},
	{"linux", "amd64"}, {"linux", "arm64"},
}

// TestReleaseArchives checks a release: GTPGO_DIST names the directory
// scripts/test has just filled with scripts/release; without it the test runs
// scripts/release itself, so it never passes for want of archives.
func TestReleaseArchives(t *testing.T) {
	dist := os.Getenv("GTPGO_DIST")
	if dist == "" {
		dist = t.TempDir()
		out, err := exec.Command("bash", "../release", dist).CombinedOutput()
		require.NoError(t, err, "scripts/release:\n%s", out)
	} else {
		t.Logf("checking the archives in GTPGO_DIST=%s", dist)
	}

	names := checkSums(t, dist)
	require.Len(t, names, len(platforms), "one archive per platform: %v", names)
	// Every name carries the same version.
	nameRE := regexp.MustCompile(`^gtpgo-(.+)-(?:windows|darwin|linux)-(?:amd64|arm64)\.(?:zip|tar\.gz)$`)
	versions := map[string]bool{}
	for _, name := range names {
		m := nameRE.FindStringSubmatch(name)
		require.NotNil(t, m, name)
		versions[m[1]] = true
	}
	require.Len(t, versions, 1, "one version: %v", names)
	version := slices.Collect(maps.Keys(versions))[0]
	license, err := os.ReadFile("../../LICENSE")
	require.NoError(t, err)

	archive := func(goos, goarch string) (name, exe string) {
		if goos == "windows" {
			return "gtpgo-" + version + "-" + goos + "-" + goarch + ".zip", "gtpgo.exe"
		}
		return "gtpgo-" + version + "-" + goos + "-" + goarch + ".tar.gz", "gtpgo"
	}
	for _, p := range platforms {
		t.Run(p.goos+"-"+p.goarch, func(t *testing.T) {
			name, exe := archive(p.goos, p.goarch)
			require.Contains(t, names, name)
			top := strings.TrimSuffix(strings.TrimSuffix(name, ".zip"), ".tar.gz") + "/"
			files := unpack(t, filepath.Join(dist, name))
			assert.ElementsMatch(t, []string{top + exe, top + "LICENSE", top + "README.txt"}, slices.Collect(maps.Keys(files)))

			assert.Equal(t, string(license), string(files[top+"LICENSE"].data))
			readme := string(files[top+"README.txt"].data)
			for _, want := range []string{version, p.goos + "-" + p.goarch, "GoGui", "Sabaki", "Drago", "Lizzie", "kgsGtp", "-move_time", "-threads", "-playouts", "-rules"} {
				assert.Contains(t, readme, want)
			}

			bin := files[top+exe]
			if p.goos != "windows" {
				assert.NotZero(t, bin.mode&0o111, "%s is executable", exe)
			}
			bi, err := buildinfo.Read(bytes.NewReader(bin.data))
			require.NoError(t, err)
			assert.Equal(t, "github.com/gtpgo/gtpgo/cmd/gtpgo", bi.Path)
			settings := map[string]string{}
			for _, s := range bi.Settings {
				settings[s.Key] = s.Value
			}
			assert.Equal(t, p.goos, settings["GOOS"])
			assert.Equal(t, p.goarch, settings["GOARCH"])
			assert.Equal(t, "true", settings["-trimpath"])
			assert.Equal(t, "0", settings["CGO_ENABLED"])
			// The name's version is the one the build info makes: the commit
			// in a dev version is the stamped one.
			if rev := settings["vcs.revision"]; rev != "" && strings.Contains(version, "-dev") {
				assert.Contains(t, version, "+"+rev[:12])
			} else if rev == "" {
				assert.NotContains(t, version, "+")
			}
		})
	}

	// The archive for this machine (linux-amd64 in CI) unpacks and plays.
	t.Run("GTP session", func(t *testing.T) {
		name, exe := archive(runtime.GOOS, runtime.GOARCH)
		require.Contains(t, names, name, "no archive for this machine")
		top := strings.TrimSuffix(strings.TrimSuffix(name, ".zip"), ".tar.gz") + "/"
		path := filepath.Join(t.TempDir(), exe)
		require.NoError(t, os.WriteFile(path, unpack(t, filepath.Join(dist, name))[top+exe].data, 0o755))

		out, err := exec.Command(path, "-version").Output()
		require.NoError(t, err)
		assert.Equal(t, "gtpgo "+version+"\n", string(out))

		session := []struct{ command, want string }{
			{"version", "= " + regexp.QuoteMeta(version)},
			{"boardsize 9", "= ?"},
			{"genmove b", "= [A-HJ][1-9]"}, // a point: 200 playouts neither pass nor resign on an empty board
			{"quit", "= ?"},
		}
		var input strings.Builder
		for _, s := range session {
			input.WriteString(s.command + "\n")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, path, "-threads", "1", "-playouts", "200", "-seed", "1", "-log", "quiet")
		cmd.Stdin = strings.NewReader(input.String())
		out, err = cmd.Output()
		require.NoError(t, err, "%s", out)
		responses := strings.Split(strings.TrimSuffix(string(out), "\n\n"), "\n\n")
		require.Len(t, responses, len(session), "%q", out)
		for i, s := range session {
			assert.Regexp(t, "^"+s.want+"$", responses[i], s.command)
		}
	})
}

// checkSums checks every line of dir/SHA256SUMS against its archive, and that
// it lists every archive in dir; it returns the archives' names in its order.
func checkSums(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "SHA256SUMS"))
	require.NoError(t, err)
	var names []string
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		sum, name, ok := strings.Cut(line, "  ")
		require.True(t, ok, "SHA256SUMS line %q", line)
		archive, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		got := sha256.Sum256(archive)
		assert.Equal(t, sum, hex.EncodeToString(got[:]), name)
		names = append(names, name)
	}
	present, err := filepath.Glob(filepath.Join(dir, "gtpgo-*"))
	require.NoError(t, err)
	for i := range present {
		present[i] = filepath.Base(present[i])
	}
	assert.ElementsMatch(t, present, names, "SHA256SUMS lists every archive")
	return names
}

type file struct {
	mode fs.FileMode
	data []byte
}

// unpack reads a .zip or .tar.gz into memory: regular files by path.
func unpack(t *testing.T, path string) map[string]file {
	t.Helper()
	files := map[string]file{}
	if strings.HasSuffix(path, ".zip") {
		zr, err := zip.OpenReader(path)
		require.NoError(t, err)
		defer zr.Close()
		for _, f := range zr.File {
			if f.FileInfo().IsDir() {
				continue
			}
			rc, err := f.Open()
			require.NoError(t, err)
			data, err := io.ReadAll(rc)
			require.NoError(t, err)
			rc.Close()
			files[f.Name] = file{f.Mode(), data}
		}
		return files
	}
	fh, err := os.Open(path)
	require.NoError(t, err)
	defer fh.Close()
	gz, err := gzip.NewReader(fh)
	require.NoError(t, err)
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files
		}
		require.NoError(t, err)
		if h.Typeflag == tar.TypeDir {
			continue
		}
		data, err := io.ReadAll(tr)
		require.NoError(t, err)
		files[h.Name] = file{h.FileInfo().Mode(), data}
	}
}
