#!/usr/bin/env bash
# Checks 'foldbench bisect' on a scratch clone of the checked-out commit whose history
# plants two regressions among commits that change nothing measured:
#   1 docs   2 the reference resolves every tree twice (its instructions double)
#   3 docs   4 fast relayouts every 10th frame twice (its time, about 10 %)   5 docs
# 'bisect --metric instructions --variant reference' must name commit 2, and
# 'bisect --metric time' (fast) commit 4, whose instructions the reference does not see.
#   scripts/bisect-selftest.sh [WORK_DIR]
# About 15 minutes: each commit measured is built (release, and for time, for layouts).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
swift build -c release --product foldbench >/dev/null
bin=$PWD/.build/release/foldbench
work=${1:-$(mktemp -d)}
repo=$work/repo
rm -rf "$repo"
git clone -q . "$repo"
cd "$repo"
git config user.email selftest@foldbench.invalid
git config user.name "bisect selftest"
step() { git commit -qam "$1"; git rev-parse HEAD; }
good=$(git rev-parse HEAD)
echo "docs, one" >> docs/measurements.md
step "docs: one line" >/dev/null
sed -i 's|^        Self.resolve(tree.root, in: context, appendingTo: \&panes)$|        var twice: [PaneLayout] = []\n        Self.resolve(tree.root, in: context, appendingTo: \&twice)\n&|' \
    Sources/ReferenceResolver/ReferenceResolver.swift
grep -q "appendingTo: &twice" Sources/ReferenceResolver/ReferenceResolver.swift
instructions=$(step "reference: resolve every tree twice (planted instruction regression)")
echo "docs, two" >> docs/measurements.md
step "docs: another line" >/dev/null
sed -i '0,/            FastResolver(), summary:/s//            RepeatingResolver(name: "fast", period: 10), summary:/' Sources/Variants/VariantList.swift
grep -q 'RepeatingResolver(name: "fast", period: 10)' Sources/Variants/VariantList.swift
time=$(step "fast: relayout every 10th frame twice (planted time regression)")
echo "docs, three" >> docs/measurements.md
bad=$(step "docs: a third line")
export FOLDBENCH_BUILD_CACHE=$work/builds
status=0
"$bin" bisect --good "$good" --bad "$bad" --metric instructions --variant reference \
    --scenario fold-cycle/balanced-d4/iphone-duo --format json > "$work/instructions.json" || status=$?
"$bin" bisect --good "$good" --bad "$bad" --metric time \
    --scenario fold-cycle/balanced-d8/iphone-duo --format json > "$work/time.json" || status=$?
first() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["outcome"].get("first", {}).get("commit", "none"))' "$1"; }
answer() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["answer"])' "$1"; }
echo "instructions: $(answer "$work/instructions.json")"
echo "time: $(answer "$work/time.json")"
[ "$(first "$work/instructions.json")" = "$instructions" ] || { echo "instructions: expected ${instructions:0:12}" >&2; exit 1; }
[ "$(first "$work/time.json")" = "$time" ] || { echo "time: expected ${time:0:12}" >&2; exit 1; }
echo "both planted regressions found (reports in $work)"
exit "$status"
