package brass

import (
	"testing"

	"github.com/smokestack/smokestack/engine/enginetest"
)

func FuzzNotation(f *testing.F) {
	enginetest.FuzzNotation(f, Game{}, []string{
		"build cotton manchester card:manchester",
		"build coal wigan@1 cards:bury+wigan",
		"rail bury-bolton coal:wigan@2 wigan-bolton card:port",
		"sell manchester:mill>port:liverpool, bury>distant card:coal",
		"loan £30 card:barrow-in-furness",
		"develop ironworks iron:market card:mill",
		"liquidate bolton@2", "stop", "pass card:ellesmere-port",
		"develop coal mine iron works card:iron works", "canal Ellesmere Port-The Midlands card:port",
		"sell bolton>distant market card:Warrington & Runcorn",
	})
}
