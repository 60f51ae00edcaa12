package review

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/rules"
)

// syntheticReview is a 60-move game whose Black win rate is 60% until
// Black blunders at move 30 and 15% after, with a lead of +5 then -15; White
// makes a mistake at move 41.
func syntheticReview() *Review {
	r := &Review{Start: &Eval{WinRate: 0.6, ScoreLead: 5}, Thresholds: DefaultThresholds}
	for i := 1; i <= 60; i++ {
		c := rules.Black
		if i%2 == 0 {
			c = rules.White
		}
		next := &Eval{WinRate: 0.6, ScoreLead: 5}
		if i >= 30 {
			next = &Eval{WinRate: 0.15, ScoreLead: -15}
		}
		m := Move{Number: i, Move: rules.Move{Color: c}, Next: next}
		switch i {
		case 30:
			m.Severity, m.WinDrop = Blunder, 0.45
		case 41:
			m.Severity, m.WinDrop = Mistake, 0.12
		}
		r.Moves = append(r.Moves, m)
	}
	return r
}

func key(c color.Color) [4]uint32 {
	r, g, b, a := c.RGBA()
	return [4]uint32{r >> 8, g >> 8, b >> 8, a >> 8}
}

func TestPlot(t *testing.T) {
	r := syntheticReview()
	data, err := r.PNG()
	require.NoError(t, err)
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	require.Equal(t, image.Rect(0, 0, PlotWidth, PlotHeight), img.Bounds())

	count := map[[4]uint32]int{}
	for y := 0; y < PlotHeight; y++ {
		for x := 0; x < PlotWidth; x++ {
			count[key(img.At(x, y))]++
		}
	}
	assert.Greater(t, count[key(WinRateColor)], PlotWidth, "the win-rate curve across the plot, 2 pixels thick")
	assert.Greater(t, count[key(ScoreLeadColor)], PlotWidth, "the score-lead curve")
	assert.Greater(t, count[key(MarkerColors[Blunder])], 50, "Black's blunder: a filled disc")
	assert.Greater(t, count[key(MarkerColors[Mistake])], 20, "White's mistake: a ring")
	assert.Zero(t, count[key(MarkerColors[Inaccuracy])], "no inaccuracy")

	// the curves where the plot says: x from the move number, y from the
	// win rate (0% at the bottom) and the lead (its scale: 15 points
	// rounds up to 20, 0 on the 50% line)
	x0, x1 := marginLeft, PlotWidth-marginRight-1
	y0, y1 := marginTop, PlotHeight-marginBottom-1
	xAt := func(move int) int { return x0 + int(math.Round(float64(move*(x1-x0))/60)) }
	column := func(x int, c color.Color) []int {
		var ys []int
		for y := y0; y <= y1; y++ {
			if key(img.At(x, y)) == key(c) {
				ys = append(ys, y)
			}
		}
		return ys
	}
	yWin := func(w float64) int { return y0 + int((1-w)*float64(y1-y0)+0.5) }
	yLead := func(l float64) int { return y0 + int((0.5-l/40)*float64(y1-y0)+0.5) }
	assert.Contains(t, column(xAt(10), WinRateColor), yWin(0.6))
	assert.Contains(t, column(xAt(50), WinRateColor), yWin(0.15))
	assert.Contains(t, column(xAt(10), ScoreLeadColor), yLead(5))
	assert.Contains(t, column(xAt(50), ScoreLeadColor), yLead(-15))
	// the blunder's band at move 30, from the top of the plot to the bottom
	assert.Equal(t, key(blunderBand), key(img.At(xAt(30)-2, y0+1)))
	assert.Equal(t, key(blunderBand), key(img.At(xAt(30)+2, y1-1)))
	assert.NotEqual(t, key(blunderBand), key(img.At(xAt(30)+3, y1-1)))
}

// The smoothing cancels the swing between positions with Black and with
// White to move, and keeps a level curve level.
func TestCurves(t *testing.T) {
	r := &Review{Start: &Eval{WinRate: 0.6, ScoreLead: 4}}
	for i, w := range []float64{0.4, 0.6, 0.4, 0.6} {
		r.Moves = append(r.Moves, Move{Number: i + 1, Next: &Eval{WinRate: w, ScoreLead: 10 * w}})
	}
	win, lead, smoothWin, smoothLead := r.Curves()
	assert.Equal(t, []float64{0.6, 0.4, 0.6, 0.4, 0.6}, win)
	assert.Equal(t, []float64{4, 4, 6, 4, 6}, lead)
	for i, want := range []float64{(1.2 + 0.4) / 3, 0.5, 0.5, 0.5, (0.4 + 1.2) / 3} {
		assert.InDelta(t, want, smoothWin[i], 1e-12, "position %d", i)
	}
	assert.InDelta(t, 5, smoothLead[2], 1e-12)
	assert.Equal(t, []float64{1, 1, 1}, smooth([]float64{1, 1, 1}))
}
