#!/usr/bin/env bash
# tour.sh: every /v1 operation once, end to end, against a running svc
# (`make run`): health, openapi, detect, classify, reply (to the comment just
# classified), translate, moderate, rubric, report, feedback (on that
# classification), comments (the classified comment is listed under its
# dialect), analytics and usage. One line per step; stops with the answer at
# the first status that is not 2xx (exit 1).
#
#   SVC_KEY=svc_live_sk_... examples/tour.sh          # SVC_URL defaults to http://127.0.0.1:8080
#
# SVC_KEY must be a live key with credits (the demo live key `make run`
# prints on its first start: 25 USD): the tour spends about 0.53 USD
# (detect 2, classify 6, reply 8, translate 5, moderate 4, rubric 3 and a
# basic report 500 credits; reads and feedback are free). A sandbox key is
# limited to 10 requests a minute, fewer than the tour's 13.
# Needs bash, curl, grep, sed and cut; the request bodies are the JSON files
# beside this script.
set -euo pipefail

url=${SVC_URL:-http://127.0.0.1:8080}
url=${url%/}
key=${SVC_KEY:-}
if [ -z "$key" ]; then
	echo "tour: set SVC_KEY to a live key (make run prints the demo live key on its first start)" >&2
	exit 2
fi
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
step=0
total=13

# call NAME METHOD PATH [BODY_FILE]: one request; the answer is left in
# $tmp/body and its headers in $tmp/headers. Prints the step's line; exits 1
# on a transport failure or a status outside 2xx.
call() {
	local name=$1 method=$2 path=$3 body=${4:-} code
	step=$((step + 1))
	local args=(-sS --max-time 120 -o "$tmp/body" -D "$tmp/headers" -w '%{http_code}' -X "$method"
		-H "Authorization: Bearer $key")
	if [ -n "$body" ]; then
		args+=(-H 'Content-Type: application/json' --data-binary "@$body")
	fi
	if ! code=$(curl "${args[@]}" "$url$path"); then
		printf 'tour: [%d/%d] %s: %s %s: no answer from %s\n' "$step" "$total" "$name" "$method" "$path" "$url" >&2
		exit 1
	fi
	case $code in
	2??) ;;
	*)
		printf 'tour: [%d/%d] %s: %s %s answered %s:\n' "$step" "$total" "$name" "$method" "$path" "$code" >&2
		cat "$tmp/body" >&2
		echo >&2
		exit 1
		;;
	esac
	local bal
	bal=$(grep -i '^x-svc-balance:' "$tmp/headers" | tr -d '\r' | cut -d' ' -f2 || true)
	printf '[%2d/%d] %-10s %-4s %-40s %s%s\n' "$step" "$total" "$name" "$method" "$path" "$code" "${bal:+  balance $bal USD}"
}

# field NAME: the first string value of "NAME" in the last answer.
field() {
	grep -o "\"$1\":\"[^\"]*\"" "$tmp/body" | head -n 1 | cut -d'"' -f4
}

# expect TEXT WHAT: the last answer contains TEXT, else exit 1.
expect() {
	if ! grep -qF -- "$1" "$tmp/body"; then
		printf 'tour: [%d/%d] the answer lacks %s:\n' "$step" "$total" "$2" >&2
		cat "$tmp/body" >&2
		echo >&2
		exit 1
	fi
}

call health GET /v1/health
call openapi GET /v1/openapi.json
expect '"openapi"' "the OpenAPI version"
call detect POST /v1/detect "$dir/detect.json"
call classify POST /v1/classify "$dir/classify.json"
id=$(field id)
dialect=$(field dialect)
case $id in cls_*) ;; *)
	echo "tour: classify returned no classification id" >&2
	exit 1
	;;
esac
call reply POST "/v1/comments/$id/reply" "$dir/reply.json"
call translate POST /v1/translate "$dir/translate.json"
call moderate POST /v1/moderate "$dir/moderate.json"
call rubric POST /v1/rubric/classify "$dir/rubric.json"
call report POST /v1/report "$dir/report.json"
sed "s/CLASSIFICATION_ID/$id/" "$dir/feedback.json" >"$tmp/feedback.json"
call feedback POST /v1/feedback "$tmp/feedback.json"
call comments GET "/v1/comments?limit=10&dialect=${dialect:-egyptian}"
expect "\"$id\"" "the classified comment $id"
call analytics GET "/v1/analytics?group_by=week"
call usage GET "/v1/usage?group_by=endpoint"
echo "tour: all $total operations answered 2xx (classification $id, dialect ${dialect:-?})"
