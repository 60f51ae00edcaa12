package gtp

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gtpgo/gtpgo/engine"
)

func TestTimeSettingsFromGTP(t *testing.T) {
	tests := []struct {
		main, byo float64
		stones    int
		want      engine.TimeSettings
	}{
		{0, 1, 0, engine.TimeSettings{System: engine.NoTimeLimit}},
		{300, 0, 0, engine.TimeSettings{System: engine.Absolute, Main: 300 * time.Second}},
		{600, 30, 5, engine.TimeSettings{System: engine.Canadian, Main: 600 * time.Second, Period: 30 * time.Second, Stones: 5}},
		{0, 10, 1, engine.TimeSettings{System: engine.Canadian, Period: 10 * time.Second, Stones: 1}},
	}
	for _, tc := range tests {
		got, err := timeSettingsFromGTP(tc.main, tc.byo, tc.stones)
		require.NoError(t, err)
		assert.Equal(t, tc.want, got)
	}
	_, err := timeSettingsFromGTP(-1, 0, 0)
	assert.Error(t, err)
}
