#!/usr/bin/env bash
# Renders the run report, the trend dashboard and the layout drawings in headless
# Chromium, as a reader sees them, and fails when the browser logs anything to its
# console (an error, a script that should not be there), when a page has no chart, a
# chart no data, the run report no filmstrip, or a drawing other pane boxes or red
# outlines than its resolution has, or the pull-request report (rendered as GitHub
# renders markdown) without its tables or its planted regression; and the run report
# and trend dashboard when they scroll sideways at 390 px or 1,400 px. Keeps screenshots:
# Results/report/run-report.png, trend.png, drawing-frog-atlas.png,
# drawing-balanced-d8.png, disagreement.png and pr-report.png (with pr-report.md).
# The pages come from three short recorded runs of two scenarios in a scratch
# directory; the run report is also written to Results/report/index.html. Pages
# given as arguments are checked instead (screenshots beside them, PAGE.png).
#   scripts/check-pages.sh [PAGE.html ...]
# Builds .build/release/foldbench, unless $FOLDBENCH_BIN names a foldbench to use.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages chromium cmark-gfm
bin=${FOLDBENCH_BIN:-.build/release/foldbench}
[ -n "${FOLDBENCH_BIN:-}" ] || swift build -c release --product foldbench >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
if [ $# -gt 0 ]; then
    pages=("$@")
else
    for _ in 1 2 3; do
        "$bin" run --scenario fold-cycle/balanced-d8/iphone-duo \
            --scenario rotate-half-open/balanced-d4/hinged-duo --time-per-scenario 0.2 --record --out "$work" \
            >/dev/null 2>"$work/run.log" || { cat "$work/run.log" >&2; exit 1; }
    done
    mkdir -p Results/report
    "$bin" report "$work/latest.json" --out Results/report 2>/dev/null
    "$bin" trend "$work/history.csv" --out "$work/trend" >/dev/null 2>&1
fi

# render PAGE SCREENSHOT HEIGHT: the DOM Chromium built into $work/dom.html, its
# console into $work/console.log, and a screenshot.
render() {
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --enable-logging=stderr --v=0 \
        --dump-dom "file://$(realpath "$1")" >"$work/dom.html" 2>"$work/console.log"
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1320,"$3" \
        --screenshot="$2" "file://$(realpath "$1")" >/dev/null 2>&1
}

check() {  # PAGE SCREENSHOT HEIGHT
    local page=$1 shot=$2 height=$3 dom="$work/dom.html" log="$work/console.log"
    render "$page" "$shot" "$height"
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
    echo "       screenshot: $shot"
}
# check_drawing PAGE SCREENSHOT BOXES OUTLINED: the page's pane boxes and red outlines,
# counted in the DOM Chromium built, against what the resolution says they must be.
check_drawing() {
    local page=$1 shot=$2 boxes=$3 outlined=$4 dom="$work/dom.html" log="$work/console.log"
    render "$page" "$shot" 1000
    local found differs console
    found=$(grep -o 'class="box"' "$dom" | wc -l || true)
    differs=$(grep -o 'class="differs" data-pane' "$dom" | wc -l || true)
    console=$(grep -c ':CONSOLE' "$log" || true)
    if [ "$found" -ne "$boxes" ] || [ "$differs" -ne "$outlined" ] || [ "$console" -gt 0 ]; then
        echo "FAILED $page: $found pane boxes (expected $boxes), $differs outlined (expected $outlined), $console console messages" >&2
        grep ':CONSOLE' "$log" >&2 || true
        failed=1
    else
        echo "ok     $page: $found pane boxes, $differs outlined, as the resolution says; no console message"
    fi
    echo "       screenshot: $shot"
}
# check_pr_report MARKDOWN SCREENSHOT: the markdown rendered by cmark-gfm with GitHub's
# extensions into a page, which Chromium must show with its tables, the regression
# named, and no console message.
check_pr_report() {
    local markdown=$1 shot=$2 page="$work/pr-report.html" dom="$work/dom.html" log="$work/console.log"
    { printf '%s\n' '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' \
        '<style>body{font:14px system-ui,sans-serif;max-width:1012px;margin:16px auto;padding:0 16px}' \
        'table{border-collapse:collapse;display:block;overflow-x:auto}td,th{border:1px solid #d0d7de;padding:4px 8px}</style>' \
        '</head><body>'
      cmark-gfm --extension table --extension autolink --extension strikethrough "$markdown"
      printf '%s\n' '</body></html>'; } >"$page"
    render "$page" "$shot" 1200
    local tables regression console
    tables=$(grep -o '<table>' "$dom" | wc -l || true)
    # The verdict is the first heading, the failing change in bold in the table.
    regression=$(grep -c '<h2>FoldBench: ❌ [0-9]* regression' "$dom" || true)
    console=$(grep -c ':CONSOLE' "$log" || true)
    if [ "$tables" -lt 1 ] || [ "$regression" -eq 0 ] || [ "$console" -gt 0 ]; then
        echo "FAILED $markdown: $tables tables, $regression regressions shown, $console console messages" >&2
        failed=1
    else
        echo "ok     $markdown: $tables tables, the planted regression shown; no console message"
    fi
    echo "       screenshot: $shot"
}
# check_widths PAGE: the page read at a phone's width (390 px) and a desktop's (1,400
# px) must not scroll sideways (a wide table or chart scrolls in its own box).
# Headless Chromium's window is at least 500 px wide, so the page is loaded in an
# iframe of the width asked for, beside it, and a script reads the page's own width;
# screenshots PAGE-390.png and PAGE-1400.png in $work.
check_widths() {
    local page=$1 wrapper
    wrapper="$(dirname "$page")/.width-check.html"
    for width in 390 1400; do
        printf '%s\n' "<!doctype html><html><body style=\"margin:0\"><iframe id=\"f\" src=\"$(basename "$page")\"" \
            " style=\"width:${width}px;height:900px;border:0\"></iframe><script>document.getElementById('f').onload =" \
            " function () { var d = this.contentDocument.documentElement;" \
            " document.title = 'scroll-width:' + d.scrollWidth + ':' + d.clientWidth; };</script></body></html>" \
            >"$wrapper"
        local measured
        measured=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
            --allow-file-access-from-files --window-size=$((width + 20)),900 \
            --dump-dom "file://$(realpath "$wrapper")" 2>/dev/null | grep -o 'scroll-width:[0-9]*:[0-9]*' | head -1)
        timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files \
            --window-size=$((width + 20)),900 --screenshot="$work/$(basename "$page" .html)-$width.png" \
            "file://$(realpath "$wrapper")" >/dev/null 2>&1
        local scroll=${measured#scroll-width:}
        local inner=${scroll#*:}
        scroll=${scroll%%:*}
        if [ -z "$measured" ] || [ "$scroll" -gt "$inner" ]; then
            echo "FAILED $page at $width px: the page is ${scroll:-?} px wide in ${inner:-?} px" >&2
            failed=1
        else
            echo "ok     $page at $width px: no sideways scrolling ($scroll px in $inner px)"
        fi
    done
    rm -f "$wrapper"
}
visible_panes() { grep -c '"visible": true' "$1" || true; }  # in a resolution as 'resolve' prints it

if [ $# -gt 0 ]; then
    for page in "${pages[@]}"; do check "$page" "$page.png" 1400; done
else
    check Results/report/index.html Results/report/run-report.png 1400
    figures=$(grep -o '<figure data-frame=' Results/report/index.html | wc -l || true)
    if [ "$figures" -eq 0 ]; then
        echo "FAILED Results/report/index.html: no filmstrip" >&2
        failed=1
    else
        echo "       $figures filmstrip frames"
    fi
    check_widths Results/report/index.html
    check "$work/trend/index.html" Results/report/trend.png 1000
    check_widths "$work/trend/index.html"
    # Drawings: a shipped scene on a device, and a scenario's frame of 255 arrangements.
    foldbench=$bin
    scene=Benchmarks/Scenes/frog-atlas.json
    $foldbench draw $scene --device galaxy-z-fold7 --posture halfOpen --orientation portrait \
        --out "$work/frog.svg" 2>/dev/null
    $foldbench resolve $scene --device galaxy-z-fold7 --posture halfOpen --orientation portrait >"$work/frog.json"
    check_drawing "$work/frog.svg" Results/report/drawing-frog-atlas.png "$(visible_panes "$work/frog.json")" 0
    $foldbench draw --scenario fold-cycle/balanced-d8/iphone-duo --frame 300 --out "$work/d8.svg" 2>/dev/null
    check_drawing "$work/d8.svg" Results/report/drawing-balanced-d8.png 510 0
    # A disagreement: the reference's answer with one width changed, as another engine might
    # give it, to a number with every digit (the page shows them all, and must still fit a phone).
    $foldbench resolve $scene >"$work/right.json"
    awk '/"width": / && !done { sub(/"width": [0-9.]+/, "\"width\": 13.0500034434275"); done = 1 } { print }' \
        "$work/right.json" >"$work/wrong.json"
    if $foldbench resolve $scene --check "$work/disagreement.html" --answer "$work/wrong.json" 2>"$work/check.log"; then
        echo "FAILED resolve --check: a wrong answer was accepted" >&2
        failed=1
    fi
    check_drawing "$work/disagreement.html" Results/report/disagreement.png \
        $((2 * $(visible_panes "$work/right.json"))) 2
    check_widths "$work/disagreement.html"
    # The pull-request report for a planted regression: one run of fast and fast-slowed
    # with counts; the baseline keeps fast, the new report has fast-slowed's results
    # under fast's name. Rendered as GitHub renders markdown (cmark-gfm), then in Chromium.
    $foldbench run --scenario fold-cycle/balanced-d4/iphone-duo --variant fast --variant fast-slowed \
        --time-per-scenario 0.05 --frames 60 --instructions --out "$work/pr" >/dev/null 2>"$work/pr.log" \
        || { cat "$work/pr.log" >&2; exit 1; }
    python3 - "$work/pr/latest.json" "$work/pr-baseline.json" "$work/pr-new.json" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
keep = lambda name: [r for r in report["results"] if r["variant"] == name]
baseline = dict(report, results=keep("fast"))
new = dict(report, results=[dict(r, variant="fast") for r in keep("fast-slowed")])
json.dump(baseline, open(sys.argv[2], "w"))
json.dump(new, open(sys.argv[3], "w"))
PY
    printf '%s\n' '**1 slower** in 1 experiment (planted for this check).' >"$work/ab.md"
    # Its status is the gate's: 1, a regression.
    pr_status=0
    $foldbench pr-report "$work/pr-new.json" --baseline "$work/pr-baseline.json" --ab "$work/ab.md" \
        --out Results/report/pr-report.md 2>/dev/null || pr_status=$?
    if [ "$pr_status" -ne 1 ]; then echo "FAILED pr-report exited $pr_status on a planted regression, not 1" >&2; failed=1; fi
    check_pr_report Results/report/pr-report.md Results/report/pr-report.png
fi
exit $failed
