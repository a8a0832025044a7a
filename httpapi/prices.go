package httpapi

// List prices in credits (SPEC.md "Credits and pricing"; 1 credit = 0.001 USD).
const (
	priceClassify    int64 = 6
	priceTranslate   int64 = 5
	priceDetect      int64 = 2
	priceModerate    int64 = 4
	priceRubric      int64 = 3
	priceReply       int64 = 8
	priceReportBasic int64 = 500
	priceReportPro   int64 = 1500
	priceFeedback    int64 = 0
)
