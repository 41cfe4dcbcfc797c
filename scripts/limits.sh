#!/usr/bin/env bash
# Tries foldbench's inputs at their real sizes and prints, for each, the exit status,
# the wall time and the peak resident memory (GNU time), with the first line of
# standard error. Fails when an input takes more than 2 GiB or 60 s before it is
# answered, or when the million-arrangement scene misses its target (1 GiB, 10 s).
#   scripts/limits.sh [WORKDIR]      (default: a temporary directory, removed after)
# Needs python3 and /usr/bin/time; builds foldbench in release. About 4 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages python3
# GNU time (the shell's own 'time' keyword reports no memory).
if [ ! -x /usr/bin/time ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq time >/dev/null
fi
swift build -c release --product foldbench >&2
foldbench=$PWD/.build/release/foldbench
work=${1:-}
if [ -z "$work" ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"

# The million-arrangement scenes, by foldbench itself: balanced-d20 in a plain
# 2000 x 1600 context (every other primary prefers a 0.4 ratio) and the same tree on
# iphone-duo half-open (its fold as a reserved region); then two depth-20 trees under
# one more arrangement (ids prefixed apart), one over the limit.
"$foldbench" scene balanced-d20 --bounds 2000x1600 >"$work/balanced-d20.json"
"$foldbench" scene balanced-d20 >"$work/balanced-d20-fold.json"
# A random tree of a million arrangements (overlays, preferences, regions: the most
# JSON per arrangement, 445 MB), over the default value limit, raised for it.
"$foldbench" scene random-n1000000 >"$work/random-n1000000.json"
# The same with short ids and no preferences at all: the least JSON per arrangement.
sed 's/, "split": {"horizontal": {"ratio": {"ideal": 0.4}}, "vertical": {"ratio": {"ideal": 0.4}}}//g' \
    "$work/balanced-d20-fold.json" >"$work/balanced-d20-bare.json"
root() { sed -e 's/^.*"root"://' -e 's/}$//' "$1"; }
{
    printf '{"context":{"bounds":{"x":0,"y":0,"width":2000,"height":1600}},"root":{"primary":{"id":"top-p","arrangement":'
    root "$work/balanced-d20.json" | sed 's/"id": "/"id": "a/g'
    printf '},"secondary":{"id":"top-s","arrangement":'
    root "$work/balanced-d20.json" | sed 's/"id": "/"id": "b/g'
    printf '}}}\n'
} >"$work/balanced-d21.json"
real_run_template "$foldbench" "$work/template"

python3 - "$work" <<'PY'
import csv, json, os, sys
work = sys.argv[1]

# 1 GiB: refused from its size alone (a sparse file is enough).
with open(f"{work}/one-gigabyte.json", "wb") as out:
    out.truncate(1 << 30)

# The costliest document per byte under the file limit: small objects in one array,
# about 50 bytes of memory per value, 500 MB of them.
with open(f"{work}/many-values.json", "w", buffering=1 << 20) as out:
    out.write('{"context":{"bounds":{"x":0,"y":0,"width":10,"height":10},"reservedRegions":[')
    chunk = ",".join(['{"a":0}'] * 10000)
    for i in range(6250):
        out.write(("," if i else "") + chunk)
    out.write("]}}\n")

# Histories made of the real run's rows: its header, and its first row with the
# date, commit, scenario, metric and value changed.
with open(f"{work}/template/history.csv") as template:
    rows = list(csv.reader(template))
header, row = rows[0], dict(zip(rows[0], rows[1]))
def history(path, runs, series, value):
    with open(path, "w", buffering=1 << 20, newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(header)
        for run in range(runs):
            for s in range(series):
                fields = dict(row, commit=f"c{run:06x}", metric="timePerRelayout", statistic="p50", unit="ns",
                    value=str(value(run, s)), scenario=f"fold-cycle/balanced-d{s % 12 + 1}/iphone-duo",
                    date="2026-%02d-%02dT%02d:%02d:%02dZ" % (1 + run // 5000 % 12, 1 + run // 200 % 28, run // 60 % 24, run % 60, 0))
                writer.writerow([fields[column] for column in header])
# A million rows: 20 series of 50,000 runs, a step in each; and one series of a
# million runs, searched in its newest points.
history(f"{work}/history.csv", 50000, 20, lambda run, s: 1000 + (50 if run > 25000 else 0) + (run * 7919 + s * 104729) % 17)
history(f"{work}/one-series.csv", 1000000, 1, lambda run, s: 1000 + (50 if run > 990000 else 0) + (run * 7919) % 17)

# The real run's report with a million time samples and a million frame times in its result.
with open(f"{work}/template/latest.json") as template:
    report = json.load(template)
samples = [1000 + (i * 7919) % 97 for i in range(1000000)]
result = report["results"][0]
result.update(frames=1000000, batchFrames=1, timeSamples=samples, frameTimes=samples)
report["results"] = [result]
with open(f"{work}/million-samples.json", "w") as out:
    json.dump(report, out)
PY

status=0
printf '%-30s %6s %8s %10s  %s\n' case exit seconds "peak MiB" "first line of standard error" >&2
# try NAME EXPECTED-STATUS MAX-SECONDS MAX-MIB COMMAND...
try() {
    local name=$1 expected=$2 seconds=$3 mebibytes=$4
    shift 4
    local code=0
    /usr/bin/time -f "%e %M" -o "$work/$name.time" "$@" >"$work/$name.out" 2>"$work/$name.err" || code=$?
    # GNU time puts "Command exited with non-zero status N" first when it is not 0.
    read -r elapsed kilobytes < <(tail -1 "$work/$name.time")
    local peak=$((kilobytes / 1024))
    local verdict=""
    [ "$code" -eq "$expected" ] || verdict+=" [exit $code, expected $expected]"
    awk -v e="$elapsed" -v m="$seconds" 'BEGIN { exit !(e > m) }' && verdict+=" [over ${seconds} s]"
    [ "$peak" -le "$mebibytes" ] || verdict+=" [over ${mebibytes} MiB]"
    printf '%-30s %6s %8s %10s  %s%s\n' "$name" "$code" "$elapsed" "$peak" "$(head -c 150 "$work/$name.err" | head -1)" "$verdict" >&2
    [ -z "$verdict" ] || status=1
}
if [ -z "${LIMITS_SKIP_D20:-}" ]; then
    try resolve-1048575-arrangements 0 10 1024 "$foldbench" resolve "$work/balanced-d20.json"
    try resolve-1048575-with-fold 0 10 1024 "$foldbench" resolve "$work/balanced-d20-fold.json"
    # fast compiles its tables from the tree, both in memory at once.
    try resolve-1048575-fold-fast 0 20 1024 "$foldbench" resolve "$work/balanced-d20-fold.json" --variant fast
    try resolve-1048575-bare-fast 0 20 1024 "$foldbench" resolve "$work/balanced-d20-bare.json" --variant fast
    # incremental keeps the tree in two orders, sharing one copy of the plans.
    try resolve-1048575-fold-incremental 0 30 1024 "$foldbench" resolve "$work/balanced-d20-fold.json" \
        --variant incremental
    try resolve-random-1000000-fast 0 60 1024 "$foldbench" resolve "$work/random-n1000000.json" --variant fast \
        --max-json-values 40000000
fi
try resolve-2097151-arrangements 2 60 2048 "$foldbench" resolve "$work/balanced-d21.json"
try resolve-1GiB-file 2 60 2048 "$foldbench" resolve "$work/one-gigabyte.json"
try resolve-500MB-of-values 2 60 2048 "$foldbench" resolve "$work/many-values.json"
try trend-1000000-rows-20-series 0 60 2048 "$foldbench" trend "$work/history.csv" --out "$work/trend"
try trend-1000000-rows-1-series 0 60 2048 "$foldbench" trend "$work/one-series.csv" --out "$work/trend-one"
try compare-1000000-samples 0 60 2048 "$foldbench" compare "$work/million-samples.json" "$work/million-samples.json"
try report-1000000-samples 0 60 2048 "$foldbench" report "$work/million-samples.json" --out "$work/page"
wc -c "$work/balanced-d20.json" "$work/resolve-1048575-arrangements.out" "$work/page/index.html" 2>/dev/null >&2 || true
exit $status
