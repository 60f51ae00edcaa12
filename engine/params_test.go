package engine

import (
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every parameter has a name, a group, a help text and (unless it is a
// boolean) a bounded range that its default lies in.
func TestEveryParameterHasARange(t *testing.T) {
	p := DefaultParams()
	require.NoError(t, p.Validate())
	names := map[string]bool{}
	for _, info := range p.List() {
		assert.NotEmpty(t, info.Name)
		assert.False(t, names[info.Name], "%s named twice", info.Name)
		names[info.Name] = true
		assert.Contains(t, ParamGroups, info.Group, info.Name)
		assert.NotEmpty(t, info.Help, info.Name)
		switch info.Kind {
		case "bool":
			assert.Empty(t, info.Range, info.Name)
		case "string":
			assert.NotEmpty(t, info.Range, info.Name)
			assert.Error(t, p.Set(info.Name, "no such choice"), info.Name)
		default:
			// the default is accepted, the far ends of the numbers are not
			assert.NoError(t, p.Set(info.Name, info.Value), info.Name)
			for _, far := range []float64{1e300, -1e300} {
				v := strconv.FormatFloat(far, 'g', -1, 64)
				if info.Kind == "int" {
					v = strconv.FormatInt(int64(math.Copysign(math.MaxInt64, far)), 10)
				}
				assert.Error(t, p.Set(info.Name, v), "%s = %s", info.Name, v)
			}
		}
	}
	assert.Len(t, names, len(paramFields))
}

func TestParamRanges(t *testing.T) {
	tests := []struct {
		name, value string
		err         string // "" = accepted
	}{
		{"threads", "1", ""},
		{"threads", "256", ""},
		{"threads", "0", "parameter threads must be in [1,256], not 0"},
		{"threads", "two", `parameter threads: "two" is not an integer`},
		{"resign_threshold", "0", ""},
		{"resign_threshold", "0.5", "parameter resign_threshold must be in [0,0.5), not 0.5"},
		{"rave_equiv", "0", "parameter rave_equiv must be in (0,1e9], not 0"},
		{"score_bonus", "NaN", "parameter score_bonus must be in [0,0.5), not NaN"},
		{"policy", "light", ""},
		{"policy", "medium", `parameter policy must be one of heavy, light, not "medium"`},
		{"ponder", "maybe", `parameter ponder: "maybe" is not a boolean`},
		{"status_playouts", "0", "parameter status_playouts must be in [1,100000], not 0"},
		{"final_dead_ownership", "-1", ""},
		{"final_dead_ownership", "1.5", "parameter final_dead_ownership must be in [-1,1], not 1.5"},
		{"enclosed_joined_max_points", "49", "parameter enclosed_joined_max_points must be in [1,48], not 49"},
		{"no_such_parameter", "1", `unknown parameter "no_such_parameter"`},
	}
	for _, tc := range tests {
		t.Run(tc.name+"="+tc.value, func(t *testing.T) {
			p := DefaultParams()
			before := p
			err := p.Set(tc.name, tc.value)
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.err)
			assert.Equal(t, before, p, "a refused value changes nothing")
		})
	}
}

// Validate catches what code sets past Set, and SetParams refuses it.
func TestValidateWholeParams(t *testing.T) {
	p := DefaultParams()
	p.JudgeParams.EnclosedDepth = 0
	assert.EqualError(t, p.Validate(), "parameter enclosed_depth must be in [1,64], not 0")
	assert.Error(t, New(DefaultParams()).SetParams(p))
}
