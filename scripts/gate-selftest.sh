#!/usr/bin/env bash
# Measures 'foldbench ab' on the checked-out commit built twice, into two directories
# ($FOLDBENCH_SELFTEST_DIR, default /tmp/foldbench-selftest; rebuilt only when the
# sources or Package.swift change).
#   scripts/gate-selftest.sh [VERDICTS] [SCENARIO]
#       VERDICTS verdicts (default 20) for each of A/A (fast against fast) and planted
#       slowdowns of 2, 5 and 10 % (fast against the test-only fast-slowed-2, -5 and
#       -10), each with its own seed: how many were slower, faster, same and
#       inconclusive, the ratio measured, and the longest verdict's wall time.
#   scripts/gate-selftest.sh --ci RUNS
#       RUNS runs (default 50) of CI's time gate (scripts/ab-gate.sh) on the two builds,
#       unchanged code against itself: how many would have failed CI.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
mode=verdicts
if [ "${1:-}" = "--ci" ]; then mode=ci; shift; fi
work=${FOLDBENCH_SELFTEST_DIR:-${TMPDIR:-/tmp}/foldbench-selftest}
commit=$(git rev-parse HEAD)
key=$(git rev-parse HEAD:Sources)-$(git rev-parse HEAD:Package.swift)
swift build -c release --product foldbench >/dev/null
bin=.build/release/foldbench
plugins=()
for side in a b; do
    dir=$work/$side
    if [ "$(cat "$dir.key" 2>/dev/null)" != "$key" ] || [ ! -f "$dir/.build/release/libFoldBenchPlugin.so" ]; then
        echo "building $commit into $dir..." >&2
        git worktree remove --force "$dir" >/dev/null 2>&1 || rm -rf "$dir"
        mkdir -p "$work"
        git worktree add --detach --force "$dir" "$commit" >/dev/null 2>&1
        (cd "$dir" && swift build -c release --product FoldBenchPlugin >/dev/null)
        echo "$key" > "$dir.key"
    fi
    plugins+=("$dir/.build/release/libFoldBenchPlugin.so")
done

if [ "$mode" = ci ]; then
    runs=${1:-50}
    failures=0
    unconfirmed=0
    for run in $(seq 1 "$runs"); do
        status=0
        log=$(scripts/ab-gate.sh --baseline "${plugins[0]}" --candidate "${plugins[1]}" 2>&1 >/dev/null) || status=$?
        [ "$status" -eq 0 ] || failures=$((failures + 1))
        case "$log" in *"not confirmed"*) unconfirmed=$((unconfirmed + 1)) ;; esac
        echo "run $run: exit $status" >&2
    done
    echo "CI's time gate on unchanged code (commit ${commit:0:12} built twice), $runs runs:" \
        "failed $failures, a slower verdict not confirmed $unconfirmed"
    exit 0
fi

verdicts=${1:-20}
scenario=${2:-fold-cycle/balanced-d8/iphone-duo}
echo "scenario: $scenario, $verdicts verdicts per condition, commit ${commit:0:12} built twice"
for condition in fast fast-slowed-2 fast-slowed-5 fast-slowed-10; do
    counts=""
    ratios=()
    longest=0
    for seed in $(seq 1 "$verdicts"); do
        start=$(date +%s.%N)
        line=$("$bin" ab --baseline "${plugins[0]}" --candidate "${plugins[1]}" --scenario "$scenario" \
            --pair "fast=$condition" --seed "$seed" 2>/dev/null | tail -n 1)
        seconds=$(echo "$(date +%s.%N) - $start" | bc)
        longest=$(echo "if ($seconds > $longest) $seconds else $longest" | bc)
        counts="$counts ${line##* }"
        ratios+=("$(echo "$line" | awk '{print $(NF-4)}')")
    done
    summary=""
    for verdict in slower faster same inconclusive; do
        summary="$summary $verdict $(echo "$counts" | tr ' ' '\n' | grep -c "^$verdict$" || true),"
    done
    mean=$(printf '%s\n' "${ratios[@]}" | awk '{s += $1} END {printf "%.4f", s / NR}')
    label=$([ "$condition" = fast ] && echo "A/A" || echo "fast -> $condition")
    printf '%-24s%s mean ratio %s, longest verdict %.1f s\n' "$label:" "${summary%,};" "$mean" "$longest"
done
