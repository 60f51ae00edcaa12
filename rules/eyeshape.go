package rules

// EyeShape is what the shape of an eye space says of the group around it.
type EyeShape int

const (
	// EyeSpaceLives: bigger than six points, or a shape that makes two
	// eyes whoever moves first (a straight or bent four, say)
	EyeSpaceLives EyeShape = iota
	// EyeSpaceDead: one eye whoever moves first (one or two points, a
	// squared four)
	EyeSpaceDead
	// EyeSpaceKillable: dead if the attacker takes the vital point first
	// (a straight or bent three, a pyramid four, a crossed or bulky five, a
	// rabbity six)
	EyeSpaceKillable
)

// eyeShapeMax is the largest eye space a shape kills: a rabbity six.
const eyeShapeMax = 6

// ClassifyEyeSpace tells what the shape of space, connected points of b,
// says of the group around it, and its vital point: the first of its
// points with the most neighbours inside it. The judgement's eye shapes
// and the playouts' nakade share it; it allocates nothing.
func ClassifyEyeSpace(b *Board, space []Point) (shape EyeShape, vital Point) {
	n := len(space)
	if n > eyeShapeMax {
		return EyeSpaceLives, NoPoint
	}
	// each point's neighbours inside the space; the shapes differ by them
	var inside [eyeShapeMax]int
	edges := 0
	for i := range n {
		for j := i + 1; j < n; j++ {
			for _, d := range b.Neighbors() {
				if space[i]+Point(d) == space[j] {
					inside[i]++
					inside[j]++
					edges++
				}
			}
		}
	}
	most, vital := -1, NoPoint
	for i := range n {
		if inside[i] > most {
			most, vital = inside[i], space[i]
		}
	}
	// a connected space on the grid closes a cycle only around a 2x2 block
	square := edges >= n
	killable := false
	switch {
	case n <= 2, n == 4 && square:
		return EyeSpaceDead, vital
	case n == 3: // straight or bent
		killable = true
	case n == 4: // the pyramid (a straight or bent four lives)
		killable = most == 3
	case n == 5: // crossed, or bulky: a square with one more point
		killable = most == 4 || most == 3 && square
	case n == 6: // rabbity: a crossed five with a point that closes a square
		killable = most == 4 && square
	}
	if killable {
		return EyeSpaceKillable, vital
	}
	return EyeSpaceLives, vital
}
