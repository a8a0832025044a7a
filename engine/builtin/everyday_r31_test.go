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

// TestMockedBySpeechAndLooks: a person's way of speaking likened to what
// mocks ("بيحكي متل الطاحونة", "talks like a chipmunk"), or a person who
// looks like a zombie, is an insult; a likeness that praises is not.
func TestMockedBySpeechAndLooks(t *testing.T) {
	checkFlags(t, []flagCase{
		{"المذيع هاد بيحكي متل الطاحونة ما بيسكت", true},
		{"الموظف بيتكلم زي الحمار", true},
		{"the host talks like a chipmunk on helium", true},
		{"your cashier looks like a zombie every morning", true},
		{"those delivery guys act like cavemen", true},
		// kept: right before too
		{"بيحكي متل الكبار، شاطر كتير", false},
		{"she sings like an angel", false},
		{"the car looks like a tank but drives like a dream", false},
		{"it looks like a monkey made this cake lol", false},
	})
}
