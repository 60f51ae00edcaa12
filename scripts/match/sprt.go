package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gtpgo/gtpgo/scripts/internal/elo"
)

// sprt is Wald's sequential probability ratio test of engine 1's Elo
// advantage over engine 2: H0 says it is elo0, H1 that it is elo1 (> elo0).
// After each game the log-likelihood ratio of the results so far decides:
// at or above log((1-beta)/alpha) H1 is accepted, at or below
// log(beta/(1-alpha)) H0 is; between them the match goes on (up to -games).
// alpha is the chance of accepting H1 when H0 holds (a false positive),
// beta that of accepting H0 when H1 holds (a false negative). Games are
// Bernoulli trials with the logistic Elo model's win probability; a draw
// counts as half a win and half a loss.
type sprt struct {
	elo0, elo1, alpha, beta float64
}

// parseSPRT reads "-sprt elo0,elo1".
func parseSPRT(s string, alpha, beta float64) (*sprt, error) {
	a, b, ok := strings.Cut(s, ",")
	elo0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	elo1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	switch {
	case !ok || err0 != nil || err1 != nil:
		return nil, fmt.Errorf("-sprt %q: want elo0,elo1, e.g. 0,30", s)
	case !(elo1 > elo0) || math.Abs(elo0) > 1000 || math.Abs(elo1) > 1000:
		return nil, fmt.Errorf("-sprt %q: want elo0 < elo1, within ±1000", s)
	case !(alpha > 0 && alpha < 0.5) || !(beta > 0 && beta < 0.5):
		return nil, fmt.Errorf("-sprt-alpha and -sprt-beta must be in (0, 0.5)")
	}
	return &sprt{elo0, elo1, alpha, beta}, nil
}

// winProbability is the logistic Elo model's expected score at elo.
func winProbability(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// llr is the log-likelihood ratio of H1 against H0 after wins, draws and
// losses of engine 1.
func (t *sprt) llr(wins, draws, losses int) float64 {
	p0, p1 := winProbability(t.elo0), winProbability(t.elo1)
	win, loss := math.Log(p1/p0), math.Log((1-p1)/(1-p0))
	return float64(wins)*win + float64(losses)*loss + float64(draws)*(win+loss)/2
}

// bounds are the LLR at or below which H0 is accepted, and at or above
// which H1 is.
func (t *sprt) bounds() (lower, upper float64) {
	return math.Log(t.beta / (1 - t.alpha)), math.Log((1 - t.beta) / t.alpha)
}

// decision is "H0", "H1" or "" (undecided) for the results so far.
func (t *sprt) decision(wins, draws, losses int) string {
	lower, upper := t.bounds()
	switch l := t.llr(wins, draws, losses); {
	case l >= upper:
		return "H1"
	case l <= lower:
		return "H0"
	}
	return ""
}

// report is the summary line.
func (t *sprt) report(wins, draws, losses int) string {
	lower, upper := t.bounds()
	verdict := "undecided: more games needed"
	switch t.decision(wins, draws, losses) {
	case "H1":
		verdict = fmt.Sprintf("H1 accepted: engine 1 is %s Elo stronger or more", elo.Format(t.elo1))
	case "H0":
		verdict = fmt.Sprintf("H0 accepted: engine 1 is %s Elo or weaker", elo.Format(t.elo0))
	}
	return fmt.Sprintf("SPRT elo0 %s, elo1 %s (false positives %.0f%%, false negatives %.0f%%): LLR %.2f in [%.2f, %.2f]: %s",
		elo.Format(t.elo0), elo.Format(t.elo1), 100*t.alpha, 100*t.beta, t.llr(wins, draws, losses), lower, upper, verdict)
}
