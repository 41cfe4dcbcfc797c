#!/usr/bin/env bash
# Measures the time comparisons of 'foldbench compare' (time and ratio): false alarms over
# A/A pairs (fast against fast, from two separate runs) and its detection rate for
# a 10 % slowdown (fast against fast-slowed-10, likewise). Usage:
#   scripts/gate-selftest.sh [PAIRS] [SCENARIO] [SECONDS-PER-SCENARIO]
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-20}
scenario=${2:-fold-cycle/balanced-d8/iphone-duo}
seconds=${3:-0.5}
swift build -c release --product foldbench >/dev/null
bin=.build/release/foldbench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for i in $(seq 0 "$pairs"); do
    "$bin" run --scenario "$scenario" --variant reference --variant fast --variant fast-slowed-10 \
        --time-per-scenario "$seconds" --out "$work/$i" >/dev/null 2>&1
done
false_alarms=0
detections=0
ratio_false_alarms=0
ratio_detections=0
for i in $(seq 1 "$pairs"); do
    previous=$((i - 1))
    if ! "$bin" compare "$work/$previous/latest.json" "$work/$i/latest.json" --gate time \
        --pair fast=fast >/dev/null; then
        false_alarms=$((false_alarms + 1))
    fi
    if ! "$bin" compare "$work/$previous/latest.json" "$work/$i/latest.json" --gate time \
        --pair fast=fast-slowed-10 >/dev/null; then
        detections=$((detections + 1))
    fi
    if ! "$bin" compare "$work/$previous/latest.json" "$work/$i/latest.json" --gate ratio \
        --pair fast=fast >/dev/null; then
        ratio_false_alarms=$((ratio_false_alarms + 1))
    fi
    if ! "$bin" compare "$work/$previous/latest.json" "$work/$i/latest.json" --gate ratio \
        --pair fast=fast-slowed-10 >/dev/null; then
        ratio_detections=$((ratio_detections + 1))
    fi
done
slowdown=$(python3 - "$work" "$pairs" <<'PY'
import json, sys, statistics
work, pairs = sys.argv[1], int(sys.argv[2])
ratios = []
for i in range(pairs + 1):
    results = {r["variant"]: r for r in json.load(open(f"{work}/{i}/latest.json"))["results"]}
    ratios.append(results["fast-slowed-10"]["metrics"]["timePerRelayout"]["p50"] / results["fast"]["metrics"]["timePerRelayout"]["p50"])
print(f"{(statistics.median(ratios) - 1) * 100:.1f}")
PY
)
echo "scenario: $scenario, $seconds s per run, $pairs pairs of separate runs"
echo "measured slowdown of fast-slowed-10: ${slowdown} %"
echo "time (Mann-Whitney on the samples): A/A false alarms $false_alarms of $pairs, slowdown detected $detections of $pairs"
echo "ratio to the reference (interleaved): A/A false alarms $ratio_false_alarms of $pairs, slowdown detected $ratio_detections of $pairs"
