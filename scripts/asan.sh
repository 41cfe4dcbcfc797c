#!/usr/bin/env bash
# The quick suite, and every command that reads or writes files, under AddressSanitizer
# (a debug build of its own in .build/asan). Any sanitizer report, leak included, or
# a failing command fails the script.
#   scripts/asan.sh [SECONDS-PER-SCENARIO]      (default 0.2)
# Allocation counts are not measured here: jemalloc's malloc would fight
# AddressSanitizer's, so the build loads a stand-in libjemalloc.so.2 whose mallctl
# reports no counter (as scripts/fuzz.sh does), and the table shows none.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
seconds=${1:-0.2}
build=.build/asan
stub=$PWD/$build/jemalloc-stub
jemalloc_stub "$stub"
swift build --scratch-path "$build" --product foldbench -Xswiftc -sanitize=address \
    -Xlinker -rpath -Xlinker "$stub" -Xlinker --disable-new-dtags 2>&1 |
    { grep -v "Cannot export local symbol" || true; }
foldbench=$(swift build --scratch-path "$build" --show-bin-path)/foldbench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Swift's backtracer would read memory the sanitizer guards; let the sanitizer report.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=86
# Foundation's Process.run leaves a weak-reference side table behind (toolchain code,
# once per child process); everything else must be freed.
printf '%s\n' 'leak:Foundation7ProcessC3run' >"$work/lsan.supp"
export LSAN_OPTIONS=suppressions=$work/lsan.supp:print_suppressions=0

step() {
    echo "== $*" >&2
    local status=0
    "$@" >"$work/out" 2>"$work/err" || status=$?
    if grep -q "Sanitizer" "$work/err"; then
        cat "$work/err" >&2
        echo "asan.sh: AddressSanitizer reported on: $*" >&2
        exit 1
    fi
    if [ "$status" -ne 0 ]; then
        tail -20 "$work/err" >&2
        echo "asan.sh: exit status $status from: $*" >&2
        exit 1
    fi
}
step "$foldbench" run --suite quick --time-per-scenario "$seconds" --record --out "$work/results"
step "$foldbench" compare "$work/results/latest.json" "$work/results/latest.json"
step "$foldbench" report "$work/results/latest.json" --out "$work/page"
step "$foldbench" export "$work/results/latest.json" --format google-benchmark --out "$work/google.json"
step "$foldbench" merge "$work/results/latest.json" --out "$work/merged"
step "$foldbench" trend "$work/results/history.csv" --out "$work/trend"
for scene in Benchmarks/Scenes/*.json; do
    step "$foldbench" resolve "$scene" --variant fast
    step "$foldbench" resolve "$scene" --device iphone-duo --posture flat
done
echo "asan.sh: the quick suite and every command ran under AddressSanitizer with no report" >&2
