package builtin

// arabiziOon reports an Arabizi comment (orig, as written) with an
// imperfect verb keeping the plural -oon ("tiftahoon", "tnazloon";
// dialect.Cues.Oon): the Latin spelling of the form Egyptian and Levantine
// never write (Signs.NotEgyLev, round 12), so for the learned head it rules
// them out as it does in Arabic script. The Latin markers weigh it as Gulf
// evidence only, which a head sure of another dialect could outweigh (round
// 15: the head with every feature kept, min count 1, read "ya reet
// tnazloon el 7alaqat badri" as Levantine at 1 - 2e-7).
func arabiziOon(orig string) bool {
	return transliterator().Cues(orig, englishVocab).Oon > 0
}
