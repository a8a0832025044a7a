#!/usr/bin/env bash
# The API reference page (GET /docs: the bundled Redoc rendering
# /v1/openapi.json) checked in headless Chromium: every operation and every
# error code on the page, nothing fetched from elsewhere. Installs Debian's
# chromium when missing (saying so), and fails when it cannot. Part of
# `make test`. SVC_DOCS_SCREENSHOT=file.png saves the first screen.
set -euo pipefail
cd "$(dirname "$0")/.."

find_browser() {
	for b in chromium chromium-browser google-chrome; do
		if command -v "$b" >/dev/null 2>&1; then command -v "$b"; return 0; fi
	done
	return 1
}

if [ -z "${SVC_CHROMIUM:-}" ]; then
	if ! browser=$(find_browser); then
		echo "docs_test: chromium is missing; installing Debian's chromium (apt-get update; apt-get install -y chromium)" >&2
		SUDO=""
		if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
		$SUDO apt-get update -qq
		DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
		browser=$(find_browser) || { echo "docs_test: chromium still missing after apt-get install" >&2; exit 1; }
	fi
	export SVC_CHROMIUM="$browser"
fi
echo "docs_test: using $SVC_CHROMIUM ($("$SVC_CHROMIUM" --version 2>/dev/null || echo unknown version))" >&2

${GO:-go} test -tags chromium -count=1 -timeout 5m -run '^TestDocsChromium$' ./httpapi/ 2>&1 \
	| grep -v '^[0-9]\{4\}/[0-9][0-9]/[0-9][0-9] '
exit "${PIPESTATUS[0]}"
