package main

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gtpgo/gtpgo/movemodel"
)

// fitOwner recovers the bucket ratings that drew the played moves of
// synthetic positions (relative to the middle bucket: MM fixes them up
// to a common factor, the virtual games pull them a little towards 1).
func TestFitOwnerRecoversRatings(t *testing.T) {
	truth := movemodel.OwnerGammas{0.2, 0.5, 1, 1.2, 1.3, 1.3, 1.2, 1.1, 0.9, 0.4}
	rng := rand.New(rand.NewPCG(1, 2))
	data := make([]ownerPosition, 20000)
	for j := range data {
		pos := ownerPosition{pass: 0.05}
		total := pos.pass
		for range 30 {
			c := ownerCandidate{strength: 0.2 + 2*rng.Float64(), bucket: int8(rng.IntN(movemodel.OwnerBuckets))}
			pos.cands = append(pos.cands, c)
			total += c.strength * float64(truth[c.bucket])
		}
		x := rng.Float64() * (total - pos.pass)
		for k, c := range pos.cands {
			if x -= c.strength * float64(truth[c.bucket]); x <= 0 || k == len(pos.cands)-1 {
				pos.played = k
				break
			}
		}
		data[j] = pos
	}
	g := fitOwner(data, 40)
	mid := movemodel.OwnerBuckets / 2
	for k := range g {
		want := truth[k] / truth[mid]
		assert.InEpsilon(t, want, g[k]/g[mid], 0.12, "bucket %d", k)
	}
	var flat movemodel.OwnerGammas
	for k := range flat {
		flat[k] = 1
	}
	llFlat, _ := ownerMeasure(data, flat)
	llFit, _ := ownerMeasure(data, g)
	assert.Greater(t, llFit, llFlat, "the fitted ratings predict the played moves better")
}
