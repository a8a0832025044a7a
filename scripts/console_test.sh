#!/usr/bin/env bash
# End-to-end test of the admin console in headless Chromium (Debian's
# chromium package, installed here when missing): token -> create account ->
# key -> buy -> refund -> traffic -> usage chart. Saves docs/console.png
# (override with SVC_CONSOLE_SCREENSHOT). Not part of `make test`: it needs apt.
set -euo pipefail
cd "$(dirname "$0")/.."

find_browser() {
	for b in chromium chromium-browser google-chrome; do
		if command -v "$b" >/dev/null 2>&1; then command -v "$b"; return 0; fi
	done
	return 1
}

if ! browser=$(find_browser); then
	echo "console_test: installing Debian's chromium" >&2
	SUDO=""
	if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
	browser=$(find_browser)
fi
echo "console_test: using $browser ($("$browser" --version 2>/dev/null || echo unknown version))" >&2

SVC_CHROMIUM="$browser" ${GO:-go} test -tags console -count=1 -timeout 5m -run '^TestConsoleChromium$' -v ./httpapi/ 2>&1 \
	| grep -v '^[0-9]\{4\}/[0-9][0-9]/[0-9][0-9] ' 
exit "${PIPESTATUS[0]}"
