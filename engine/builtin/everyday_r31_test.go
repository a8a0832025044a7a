package builtin

import "testing"

// TestSlurSpellings: the spellings of slurs people write to dodge a filter
// ("nicca", "nig", "ragheads", "honky") are flagged like the words they
// spell; a truncated repost that cuts "night" to "nig…" is not.
func TestSlurSpellings(t *testing.T) {
	checkFlags(t, []flagCase{
		{"this nicca still rapping after all that", true},
		{"look at these niccas acting up again", true},
		{"I'm starting to not like him, this nig too arrogant", true},
		{"screw the ragheads and the towelheads", true},
		{"stop trying to be down honky", true},
		{"hope you ain't hanging with that wigger", true},
		{"my nigs are all here tonight", true},
		// right before too (no "nig" then); wrong without cutOff
		{"the stars smile at the lovers on a balmy autumn nig…", false},
		{"clothes were stolen from his house last nig&#8230;", false},
		{"the lights went out last night at the show", false},
	})
}
