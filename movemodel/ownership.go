package movemodel

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/gtpgo/gtpgo/rules"
)

// Ownership as a feature (Pachi's mcowner): who owns a candidate's point at
// the end of the search's playouts says whether playing there still
// matters. Strong players seldom play deep in territory the playouts give
// to either side and often where ownership is in doubt. The share of
// playouts in which the player to move owns the point falls into one of
// OwnerBuckets equal buckets, each with its own rating, learned by
// scripts/trainmm -owner on top of the model's other ratings (the playouts
// are the search's, which the game records do not have) and embedded from
// ownership.txt.
const OwnerBuckets = 10

// OwnerBucket is the bucket of a point the player to move owns in share
// (0 to 1) of the playouts.
func OwnerBucket(share float64) int {
	return min(OwnerBuckets-1, max(0, int(share*OwnerBuckets)))
}

// OwnerShare is the share of playouts in which c owns a point whose
// ownership is o (the mean over the playouts of +1 where Black owns it, -1
// where White does, 0 for neither).
func OwnerShare(o float64, c rules.Color) float64 {
	if c == rules.White {
		o = -o
	}
	return (o + 1) / 2
}

// OwnerGammas are the rating of each ownership bucket.
type OwnerGammas [OwnerBuckets]float32

//go:embed ownership.txt
var ownershipText string

// DefaultOwnerGammas are the embedded ratings, parsed when first asked for.
var DefaultOwnerGammas = sync.OnceValues(func() (OwnerGammas, error) { return ParseOwnerGammas(ownershipText) })

// FormatOwnerGammas writes the ratings as ParseOwnerGammas reads them:
// the provenance's lines as comments ("# "), then the ratings on one line.
func FormatOwnerGammas(g OwnerGammas, provenance string) string {
	var sb strings.Builder
	for _, line := range strings.Split(strings.TrimRight(provenance, "\n"), "\n") {
		sb.WriteString(strings.TrimRight("# "+line, " ") + "\n")
	}
	for i, v := range g {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.FormatFloat(float64(v), 'g', 6, 32))
	}
	sb.WriteByte('\n')
	return sb.String()
}

// ParseOwnerGammas reads ratings FormatOwnerGammas wrote: lines starting
// with "#" are comments, the one other line holds OwnerBuckets positive
// numbers.
func ParseOwnerGammas(text string) (OwnerGammas, error) {
	var g OwnerGammas
	found := false
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if found {
			return g, fmt.Errorf("ownership ratings: more than one line of ratings")
		}
		found = true
		fields := strings.Fields(line)
		if len(fields) != OwnerBuckets {
			return g, fmt.Errorf("ownership ratings: %d numbers, want %d", len(fields), OwnerBuckets)
		}
		for i, f := range fields {
			v, err := strconv.ParseFloat(f, 32)
			if err != nil || !(v > 0) || v > 1e6 {
				return g, fmt.Errorf("ownership ratings: %q is not a positive rating", f)
			}
			g[i] = float32(v)
		}
	}
	if !found {
		return g, fmt.Errorf("ownership ratings: no line of ratings")
	}
	return g, nil
}
