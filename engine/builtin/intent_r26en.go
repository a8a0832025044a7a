package builtin

// priceComplaintEn reports an English comment that finds a price too high
// in words no complaint cue lists (the read set engprio1's medium
// complaints about prices, left "other" and neutral): a price named as
// rising ("went from 9.99 to 12.49", "went up to 60", "keep creeping up",
// "up again") or judged ("rates are crazy", "is steep", "a rip",
// "barely covers the petrol"). A comment, not a tweet (classify's caller
// checks).
func priceComplaintEn(toks []token) bool {
	price := false
	for i := range toks {
		k := toks[i].key
		next, next2 := nextKeys(toks, i)
		switch {
		case priceNounsEn[k]:
			price = true
		case k == "went" && next == "from" && i+4 < len(toks) && priceFigure(toks[i+2].key) && toks[i+3].key == "to" && priceFigure(toks[i+4].key):
			return true // "went from 9.99 to 12.49"
		case k == "creeping" && next == "up", k == "barely" && (next == "covers" || next == "cover"):
			return true
		case (k == "is" || k == "are" || k == "so") && priceJudged[next], (k == "way" || k == "too") && next == "steep":
			if price || next == "steep" {
				return true // "rates this summer are crazy", "is steep"
			}
		case k == "going" && next == "up" && next2 == "again", k == "up" && next == "again" && price:
			return true
		}
	}
	return false
}

// priceFigure: a price as written ("9.99", "12", "£3", "60aed").
func priceFigure(k string) bool {
	for _, r := range k {
		if r >= '0' && r <= '9' {
			return true
		}
	}
	return false
}

var (
	priceNounsEn = wordSet("price", "prices", "rate", "rates", "fee", "fees", "cost", "costs", "charges", "bill", "bills", "fare", "fares", "subscription", "tariff")
	priceJudged  = wordSet("crazy", "insane", "steep", "ridiculous", "outrageous", "extortionate", "daylight")
)

// chargedFairly reports "charged" or "billed" followed within three words
// by a sum found small ("charged half what I expected", "charged me less
// than quoted", "billed only for the parts"): a price praised, no money
// taken.
func chargedFairly(toks []token) bool {
	for i := range toks {
		if k := toks[i].key; k != "charged" && k != "billed" && k != "charge" {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			if fairSums[toks[j].key] {
				return true
			}
		}
	}
	return false
}

var fairSums = wordSet("half", "less", "only", "just", "fair", "reasonable", "nothing", "cheaper", "little", "fraction", "honestly", "honest")
