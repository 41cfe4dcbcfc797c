#!/usr/bin/env bash
# Renders the run report and the trend dashboard in headless Chromium, as a reader
# sees them, and fails when the browser logs anything to its console (an error, a
# script that should not be there), when a page has no chart, or when a chart has
# no data. Keeps screenshots: Results/report/run-report.png and Results/report/trend.png.
# The pages come from three short recorded runs of two scenarios in a scratch
# directory; the run report is also written to Results/report/index.html. Pages
# given as arguments are checked instead (screenshots beside them, PAGE.png).
#   scripts/check-pages.sh [PAGE.html ...]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages chromium
swift build -c release --product foldbench >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
if [ $# -gt 0 ]; then
    pages=("$@")
else
    for _ in 1 2 3; do
        .build/release/foldbench run --scenario fold-cycle/balanced-d8/iphone-duo \
            --scenario rotate-half-open/balanced-d4/hinged-duo --time-per-scenario 0.2 --record --out "$work" \
            >/dev/null 2>"$work/run.log" || { cat "$work/run.log" >&2; exit 1; }
    done
    mkdir -p Results/report
    .build/release/foldbench report "$work/latest.json" --out Results/report 2>/dev/null
    .build/release/foldbench trend "$work/history.csv" --out "$work/trend" >/dev/null 2>&1
fi

check() {  # PAGE SCREENSHOT HEIGHT
    local page=$1 shot=$2 height=$3 dom="$work/dom.html" log="$work/console.log"
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --enable-logging=stderr --v=0 \
        --dump-dom "file://$(realpath "$page")" >"$dom" 2>"$log"
    local charts empty console
    charts=$(grep -o 'class="chart"' "$dom" | wc -l || true)
    empty=$(grep -o 'data-marks="0"' "$dom" | wc -l || true)
    console=$(grep -c ':CONSOLE' "$log" || true)
    if [ "$charts" -eq 0 ] || [ "$empty" -gt 0 ] || [ "$console" -gt 0 ]; then
        echo "FAILED $page: $charts charts, $empty without data, $console console messages" >&2
        grep ':CONSOLE' "$log" >&2 || true
        failed=1
    else
        echo "ok     $page: $charts charts, each with data; no console message"
    fi
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1320,"$height" \
        --screenshot="$shot" "file://$(realpath "$page")" >/dev/null 2>&1
    echo "       screenshot: $shot"
}
if [ $# -gt 0 ]; then
    for page in "${pages[@]}"; do check "$page" "$page.png" 1400; done
else
    check Results/report/index.html Results/report/run-report.png 1400
    check "$work/trend/index.html" Results/report/trend.png 1000
fi
exit $failed
