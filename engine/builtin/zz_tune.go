package builtin

import (
	"fmt"
	"os"
)

func init() {
	if v := os.Getenv("SVC_SENT"); v != "" {
		fmt.Sscanf(v, "%f,%f,%f", &mixedMin, &mixedRatio, &neutralBand)
	}
}
