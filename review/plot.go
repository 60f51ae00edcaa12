package review

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"

	"github.com/gtpgo/gtpgo/rules"
)

// The plot's size in pixels.
const (
	PlotWidth  = 960
	PlotHeight = 400
)

// The plot's colours: Black's win rate (smoothed), Black's score lead, and the
// mistake markers by severity (Black's mistakes are filled discs, White's
// rings; a blunder also gets a pale vertical band).
var (
	WinRateColor   = color.RGBA{0x1f, 0x4e, 0xc8, 0xff}
	ScoreLeadColor = color.RGBA{0x1b, 0x9e, 0x3e, 0xff}
	MarkerColors   = [4]color.RGBA{
		Inaccuracy: {0xe0, 0xa8, 0x00, 0xff},
		Mistake:    {0xf0, 0x6a, 0x00, 0xff},
		Blunder:    {0xd8, 0x10, 0x20, 0xff},
	}
	background  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	gridColor   = color.RGBA{0xe4, 0xe4, 0xe4, 0xff}
	axisColor   = color.RGBA{0x60, 0x60, 0x60, 0xff}
	fillColor   = color.RGBA{0xdc, 0xe6, 0xfa, 0xff}
	rawColor    = color.RGBA{0x9c, 0xb0, 0xe0, 0xff}
	blunderBand = color.RGBA{0xfb, 0xe0, 0xe2, 0xff}
	labelColor  = color.RGBA{0x30, 0x30, 0x30, 0xff}
)

// plot margins: labels on the left (win rate), right (score lead) and
// bottom (move numbers)
const (
	marginLeft   = 48
	marginRight  = 56
	marginTop    = 14
	marginBottom = 28
)

// Plot draws the game's graph, PlotWidth x PlotHeight: Black's win rate
// (0% at the bottom, 100% at the top), smoothed (the bold line, the area
// between it and 50% shaded) and as searched (the thin pale line); Black's
// score lead, smoothed, on its own scale (labelled on the right, 0 on the
// 50% line, symmetric); and the mistakes marked at the moves that made
// them. The x axis is the move number: 0 is the start, n the position
// after move n.
func (r *Review) Plot() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, PlotWidth, PlotHeight))
	draw.Draw(img, img.Bounds(), image.NewUniform(background), image.Point{}, draw.Src)
	x0, x1 := marginLeft, PlotWidth-marginRight-1
	y0, y1 := marginTop, PlotHeight-marginBottom-1
	n := len(r.Moves)
	raw, _, win, score := r.Curves()
	maxLead := 0.0
	for _, s := range score {
		maxLead = max(maxLead, math.Abs(s))
	}
	scale := 5.0
	for _, s := range []float64{5, 10, 20, 30, 50, 80, 100, 150, 200, 300, 400, 600} {
		scale = s
		if maxLead <= s {
			break
		}
	}
	xAt := func(i float64) int { return x0 + int(math.Round(i*float64(x1-x0)/float64(max(n, 1)))) }
	yWin := func(w float64) int { return y0 + int(math.Round((1-w)*float64(y1-y0))) }
	yScore := func(s float64) int {
		s = max(-scale, min(scale, s))
		return y0 + int(math.Round((0.5-s/(2*scale))*float64(y1-y0)))
	}

	// blunder bands, then the grid
	for _, m := range r.Moves {
		if m.Severity == Blunder {
			x := xAt(float64(m.Number))
			fillRect(img, x-2, y0, x+2, y1, blunderBand)
		}
	}
	for _, w := range []float64{0, 0.25, 0.75, 1} {
		hline(img, x0, x1, yWin(w), gridColor)
	}
	step := tickStep(n)
	for i := step; i < n; i += step {
		vline(img, xAt(float64(i)), y0, y1, gridColor)
	}

	// the win-rate area against 50%
	mid := yWin(0.5)
	for x := x0; x <= x1; x++ {
		pos := float64(x-x0) * float64(max(n, 1)) / float64(x1-x0)
		i := min(int(pos), n)
		w := win[i]
		if i < n {
			w += (win[i+1] - win[i]) * (pos - float64(i))
		}
		vline(img, x, min(mid, yWin(w)), max(mid, yWin(w)), fillColor)
	}
	hline(img, x0, x1, mid, axisColor)

	// the curves: score lead, raw win rate, smoothed win rate
	for i := 0; i < n; i++ {
		line(img, xAt(float64(i)), yWin(raw[i]), xAt(float64(i+1)), yWin(raw[i+1]), 1, rawColor)
	}
	for i := 0; i < n; i++ {
		line(img, xAt(float64(i)), yScore(score[i]), xAt(float64(i+1)), yScore(score[i+1]), 2, ScoreLeadColor)
	}
	for i := 0; i < n; i++ {
		line(img, xAt(float64(i)), yWin(win[i]), xAt(float64(i+1)), yWin(win[i+1]), 2, WinRateColor)
	}
	if n == 0 {
		fillRect(img, x0-1, yWin(win[0])-1, x0+1, yWin(win[0])+1, WinRateColor)
	}

	// mistake markers, on the win-rate curve after the move
	for _, m := range r.Moves {
		if m.Severity == Fine {
			continue
		}
		x, y := xAt(float64(m.Number)), yWin(win[m.Number])
		radius := [4]int{0, 3, 4, 6}[m.Severity]
		c := MarkerColors[m.Severity]
		disc(img, x, y, radius+1, background)
		if m.Move.Color == rules.Black {
			disc(img, x, y, radius, c)
		} else {
			ring(img, x, y, radius, c)
		}
	}

	// frame and labels
	hline(img, x0, x1, y0, axisColor)
	hline(img, x0, x1, y1, axisColor)
	vline(img, x0, y0, y1, axisColor)
	vline(img, x1, y0, y1, axisColor)
	for _, w := range []float64{0, 0.5, 1} {
		s := strconv.Itoa(int(100*w)) + "%"
		text(img, x0-6-textWidth(s), yWin(w)-glyphH/2, s, WinRateColor)
	}
	sc := strconv.Itoa(int(scale))
	for _, l := range []struct {
		s string
		v float64
	}{{"B+" + sc, scale}, {"0", 0}, {"W+" + sc, -scale}} {
		text(img, x1+6, yScore(l.v)-glyphH/2, l.s, ScoreLeadColor)
	}
	for i := 0; i <= n; i += step {
		s := strconv.Itoa(i)
		text(img, xAt(float64(i))-textWidth(s)/2, y1+6, s, labelColor)
	}
	return img
}

// PNG is the plot encoded as PNG.
func (r *Review) PNG() ([]byte, error) {
	var b bytes.Buffer
	if err := png.Encode(&b, r.Plot()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// tickStep is the spacing of the move-number ticks: at most about 12.
func tickStep(n int) int {
	for _, s := range []int{5, 10, 20, 25, 50, 100} {
		if n/s <= 12 {
			return s
		}
	}
	return 200
}

func fillRect(img *image.RGBA, xa, ya, xb, yb int, c color.RGBA) {
	draw.Draw(img, image.Rect(xa, ya, xb+1, yb+1), image.NewUniform(c), image.Point{}, draw.Src)
}

func hline(img *image.RGBA, xa, xb, y int, c color.RGBA) { fillRect(img, xa, y, xb, y, c) }
func vline(img *image.RGBA, x, ya, yb int, c color.RGBA) { fillRect(img, x, ya, x, yb, c) }

// line draws from (xa, ya) to (xb, yb) with a square pen of the given width.
func line(img *image.RGBA, xa, ya, xb, yb, width int, c color.RGBA) {
	dx, dy := abs(xb-xa), -abs(yb-ya)
	sx, sy := sign(xb-xa), sign(yb-ya)
	e := dx + dy
	for {
		fillRect(img, xa-width/2, ya-width/2, xa+(width-1)/2, ya+(width-1)/2, c)
		if xa == xb && ya == yb {
			return
		}
		e2 := 2 * e
		if e2 >= dy {
			e += dy
			xa += sx
		}
		if e2 <= dx {
			e += dx
			ya += sy
		}
	}
}

func disc(img *image.RGBA, cx, cy, radius int, c color.RGBA) {
	for y := -radius; y <= radius; y++ {
		for x := -radius; x <= radius; x++ {
			if x*x+y*y <= radius*radius+radius/2 {
				img.SetRGBA(cx+x, cy+y, c)
			}
		}
	}
}

func ring(img *image.RGBA, cx, cy, radius int, c color.RGBA) {
	inner := (radius - 2) * (radius - 2)
	for y := -radius; y <= radius; y++ {
		for x := -radius; x <= radius; x++ {
			if d := x*x + y*y; d <= radius*radius+radius/2 && d > inner {
				img.SetRGBA(cx+x, cy+y, c)
			}
		}
	}
}

func abs(x int) int { return max(x, -x) }

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// A tiny bitmap font for the labels: glyphs 5 pixels high, drawn twice
// the size; '#' is ink.
const (
	glyphScale = 2
	glyphH     = 5 * glyphScale
	glyphGap   = glyphScale
)

var glyphs = map[byte][5]string{
	'0': {"###", "#.#", "#.#", "#.#", "###"},
	'1': {".#.", "##.", ".#.", ".#.", "###"},
	'2': {"###", "..#", "###", "#..", "###"},
	'3': {"###", "..#", "###", "..#", "###"},
	'4': {"#.#", "#.#", "###", "..#", "..#"},
	'5': {"###", "#..", "###", "..#", "###"},
	'6': {"###", "#..", "###", "#.#", "###"},
	'7': {"###", "..#", "..#", ".#.", ".#."},
	'8': {"###", "#.#", "###", "#.#", "###"},
	'9': {"###", "#.#", "###", "..#", "###"},
	'%': {"#.#", "..#", ".#.", "#..", "#.#"},
	'+': {"...", ".#.", "###", ".#.", "..."},
	'-': {"...", "...", "###", "...", "..."},
	'B': {"###.", "#..#", "###.", "#..#", "###."},
	'W': {"#...#", "#...#", "#.#.#", "#.#.#", ".#.#."},
}

func textWidth(s string) int {
	w := 0
	for i := 0; i < len(s); i++ {
		w += len(glyphs[s[i]][0])*glyphScale + glyphGap
	}
	return max(w-glyphGap, 0)
}

// text draws s with its top-left corner at (x, y).
func text(img *image.RGBA, x, y int, s string, c color.RGBA) {
	for i := 0; i < len(s); i++ {
		g := glyphs[s[i]]
		for row, bits := range g {
			for col := 0; col < len(bits); col++ {
				if bits[col] == '#' {
					px, py := x+col*glyphScale, y+row*glyphScale
					fillRect(img, px, py, px+glyphScale-1, py+glyphScale-1, c)
				}
			}
		}
		x += len(g[0])*glyphScale + glyphGap
	}
}
