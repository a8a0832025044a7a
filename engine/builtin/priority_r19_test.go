package builtin

import (
	"testing"

	"svc/engine/op"
)

// Sentences written for this test (round 19 priority classes,
// priority_r19.go): each high one is a complaint of an urgent class the
// earlier rules missed; each medium one is a look-alike the classes must
// leave alone.
func TestRound19PriorityClasses(t *testing.T) {
	cases := []struct{ text, priority string }{
		// public humiliation by staff
		{"الكاشير زعق فيا قدام الزباين عشان سألت عن الخصم", "high"},
		{"المشرف رفع صوته علي قدام كل الموظفين، ما في احترام", "high"},
		{"the manager yelled at me in front of my kids for asking about the bill", "high"},
		{"الموظف وقف قدام الشباك ساعة وما خلص شي", "medium"},
		// the writer's medicine, salary, money or work at stake
		{"الصيدلية ما وصلت ادويتي من اسبوع وانا مريض سكر", "high"},
		{"ضاعت الشنطة بالمطار وفيها ادوية ابوي", "high"},
		{"البنك وقف الكارت ومرتبي نازل عليه، مش عارف اسحب حاجة", "high"},
		{"النت مقطوع من يومين وأنا بشتغل من البيت", "high"},
		{"the pharmacy lost my insulin order again and I'm down to one pen", "high"},
		{"الحساب انقفل فجأة ومصاري فيه", "high"},
		{"النت بطيء شوي بالليل", "medium"},
		{"دفعت مصاري في الاوردر وطلع اللون غلط", "medium"},
		// not renewing, going to a competitor
		{"بعد هالخدمة ما رح جدد الاشتراك ولا يوم", "high"},
		{"مش هجدد العقد مع الشركة دي تاني، خدمة زفت", "high"},
		{"الأسعار زادت والتغطية ضعيفة، سأنتقل إلى شركة أخرى", "high"},
		{"الباقة غالية شوي مقارنة بالعروض", "medium"},
		// a claim or compensation waited for months
		{"صرلي تلات شهور ناطر تعويض الضرر وما حدا عم يحكيني", "high"},
		{"قدمت مطالبتي من ست اشهر ولسه محدش رد", "high"},
		{"التعويض اللي عطوني ياه قليل", "medium"},
		// a plan paid for and failing, a deposit deducted
		// a plan paid for and failing is medium since the fourteenth
		// session (the sets read since label most of them so)
		{"دافعين اشتراك سنوي والقنوات ما بتفتح من يومين", "medium"},
		{"اشتركت في الباقة الذهبية وما زال التطبيق يطلب مني الدفع", "medium"},
		{"المالك بدو يخصم التأمين كلو عشان خدش صغير بالحيط", "high"},
		{"صاحب الشقة حجز العربون ورفض يرجعه", "high"},
		{"الاشتراك الشهري صار غالي", "medium"},
		// an emergency service failing
		{"اتصلت على رقم الطوارئ عشر دقايق وما حدا رد", "high"},
		{"طلبنا الإسعاف لجدي وتأخرت ساعة كاملة", "high"},
		{"the ambulance took forty minutes to come, terrible service", "high"},
		{"استنيت ساعتين بالطوارئ قبل ما يشوفني الدكتور", "medium"},
		// vermin
		{"لقينا صراصير بالمطبخ بعد ما طلبنا الأكل", "high"},
		{"الرز اللي اشتريته منكم طالع فيه دود", "high"},
		{"disgusting, cockroaches running under our table while we ate", "high"},
		{"الأكل وصل بارد والبطاطا مش مقرمشة", "medium"},
		// chest pain, breathlessness
		{"رحت العيادة وعندي ألم في صدري وخلوني استنى ساعتين", "high"},
		{"امي عندها ضيق تنفس والموظف رفض يدخلها قبل الدور، خدمة سيئة جدا", "high"},
		// Arabizi ordinals of three or more
		{"rabe3 marra el net byefsal el yom", "high"},
		// Gulf
		{"خدمتكم سيئة مرة، ما راح اجدد معكم", "high"},
		{"ليش تبيعون تمر فيه دود؟ خدمة سيئة والله", "high"},
		{"الموظفة صرخت علي قدام الناس وأنا بس أسأل عن طلبي", "high"},
		{"التوصيل تأخر شوي اليوم ومحد رد علي", "medium"},
		// a second time stays medium
		{"تاني مرة اطلب والتوصيل متأخر", "medium"},
	}
	for _, c := range cases {
		got := Classify(op.ClassifyRequest{Text: c.text})
		if !op.In("complaint", got.Intent) {
			t.Errorf("%q: intent %v, want a complaint", c.text, got.Intent)
			continue
		}
		if got.Priority != c.priority {
			t.Errorf("%q: priority %s, want %s", c.text, got.Priority, c.priority)
		}
	}
}

// The classes alone, without the rest of classify: each high sentence
// above fires r19Urgent and each look-alike does not.
func TestR19UrgentAlone(t *testing.T) {
	for text, want := range map[string]bool{
		"المشرف رفع صوته علي قدام كل الموظفين":   true,
		"الموظف وقف قدام الشباك ساعة":            false,
		"النت مقطوع وأنا بشتغل من البيت":         true,
		"دفعت مصاري في الاوردر وطلع اللون غلط":   false,
		"مش هجدد العقد":                          true,
		"قدمت مطالبتي من ست اشهر":                true,
		"التعويض اللي عطوني ياه قليل":            false,
		"المالك بدو يخصم التأمين كلو":            true,
		"استنيت ساعتين بالطوارئ":                 false,
		"اتصلت على رقم الطوارئ وما حدا رد":       true,
		"تاني مرة اطلب والتوصيل متأخر":           false,
		"waited with chest pain for three hours": true,
		"the salad had a hair in it":             false,
	} {
		if got := r19Urgent(tokenize(text)); got != want {
			t.Errorf("r19Urgent(%q) = %v, want %v", text, got, want)
		}
	}
}
