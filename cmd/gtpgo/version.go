package main

import (
	"regexp"
	"runtime/debug"
	"strings"
)

// productVersion is the release this source is, or is heading for; bump it
// right after tagging v<productVersion>. Lizzie reads `version` as Leela
// Zero's and takes the number after the first dot as its minor version,
// which must be 15 or more (Leela Zero 0.15 brought lz-analyze), so that
// number stays at 15 or above: a 1.0 would be 1.15.0. The patch number is
// always there so that suffixes such as -dev+<commit> land after the second
// dot, where Lizzie does not look.
const productVersion = "0.15.0"

var (
	// releaseVersion is a module version that names a tag: vX.Y.Z with an
	// optional pre-release, and no build metadata such as Go's +dirty.
	releaseVersion = regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$`)
	// pseudoVersion is what Go stamps for an untagged commit
	// (v0.0.0-20260102150405-abcdef123456, or vX.Y.(Z+1)-0.2026...-abcdef123456
	// after a tag); its last part is the commit.
	pseudoVersion = regexp.MustCompile(`\d{14}-([0-9a-f]{12})(\+.*)?$`)
)

// currentVersion is the version of this binary, from its build info.
func currentVersion() string {
	bi, _ := debug.ReadBuildInfo()
	return versionFrom(bi)
}

// versionFrom makes a version out of build info: the tag when the main
// module was built at one (`go install ...@v0.15.0`, or `go build` in a
// clean checkout of a tagged commit), else productVersion-dev with the
// commit as build metadata when the build knows it (0.15.0-dev+0123456789ab,
// .dirty when the checkout had uncommitted changes), else
// productVersion-dev (`go run`, `go build -buildvcs=false`, a git worktree,
// which Go does not stamp: golang.org/issue/58218).
func versionFrom(bi *debug.BuildInfo) string {
	dev := productVersion + "-dev"
	if bi == nil {
		return dev
	}
	mv := bi.Main.Version
	if releaseVersion.MatchString(mv) && !pseudoVersion.MatchString(mv) {
		return strings.TrimPrefix(mv, "v")
	}
	var rev string
	var modified bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		// `go install module@commit` builds from the module cache: no VCS
		// settings, but the pseudo-version names the commit.
		if m := pseudoVersion.FindStringSubmatch(mv); m != nil {
			rev = m[1]
		}
	}
	if rev == "" {
		return dev
	}
	// 12 hex digits, as in Go's pseudo-versions, so both ways of building a
	// commit report the same version.
	v := dev + "+" + rev[:min(len(rev), 12)]
	if modified {
		v += ".dirty"
	}
	return v
}
