#!/usr/bin/env bash
# Measures 'foldbench ab' on the checked-out commit checked out twice, into two
# directories ($FOLDBENCH_SELFTEST_DIR, default /tmp/foldbench-selftest), each compiled
# for code layouts by ab itself (rebuilt only when the sources change).
#   scripts/gate-selftest.sh [--unrelated] [--loaded] [VERDICTS] [SCENARIO]
#       VERDICTS verdicts (default 20) for each of A/A (fast against fast) and planted
#       slowdowns of 2, 5 and 10 % (fast against the test-only fast-slowed-2, -5 and
#       -10), each with its own seed: how many were slower, faster, same and
#       inconclusive, the ratio measured, and the longest verdict's wall time.
#   scripts/gate-selftest.sh [--unrelated] [--loaded] --ci RUNS
#       RUNS runs (default 50) of CI's time gate (scripts/ab-gate.sh) on the two builds,
#       unchanged code against itself: how many would have failed CI.
#   --unrelated: the second checkout differs by two functions nothing calls, one in
#       Sources/FastResolver and one ahead of the frame loop in Sources/Variants, so
#       that the code moves as it does under a real change that leaves the loop alone.
#   --loaded: a CPU-bound process runs on the other core all along.
# $FOLDBENCH_SELFTEST_CONDITIONS picks the conditions (default: fast fast-slowed-2
# fast-slowed-5 fast-slowed-10). A verdict's time includes ab's check that both
# checkouts are built (a few seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
mode=verdicts
unrelated=no
loaded=no
while [ $# -gt 0 ]; do
    case "$1" in
        --ci) mode=ci ;;
        --unrelated) unrelated=yes ;;
        --loaded) loaded=yes ;;
        *) break ;;
    esac
    shift
done
work=${FOLDBENCH_SELFTEST_DIR:-${TMPDIR:-/tmp}/foldbench-selftest}
commit=$(git rev-parse HEAD)
swift build -c release --product foldbench >/dev/null
bin=.build/release/foldbench
sides=()
for side in a b; do
    dir=$work/$side
    perturbed=$([ "$side" = b ] && echo "$unrelated" || echo no)
    key=$(git rev-parse HEAD:Sources)-$(git rev-parse HEAD:Package.swift)-unrelated-$perturbed
    if [ "$(cat "$dir.key" 2>/dev/null)" != "$key" ] || [ ! -f "$dir/Package.swift" ]; then
        echo "checking $commit out into $dir..." >&2
        git worktree remove --force "$dir" >/dev/null 2>&1 || rm -rf "$dir"
        mkdir -p "$work"
        git worktree add --detach --force "$dir" "$commit" >/dev/null 2>&1
        if [ "$perturbed" = yes ]; then
            printf '\n/// Nothing calls this: an unrelated change (scripts/gate-selftest.sh --unrelated).\n%s\n' \
                'public func selftestUnrelatedChange(_ x: Int) -> Int { x &* 31 &+ 7 }' \
                >> "$dir/Sources/FastResolver/FastResolver.swift"
            sed -i '0,/^public final class FrameLoop/s//@inline(never) public func selftestUnrelatedLoopNeighbour(_ x: [Int]) -> Int { x.reduce(0, \&+) }\n\n&/' \
                "$dir/Sources/Variants/FrameLoop.swift"
            grep -q selftestUnrelatedLoopNeighbour "$dir/Sources/Variants/FrameLoop.swift"
        fi
        echo "$key" > "$dir.key"
    fi
    sides+=("$dir")
done
if [ "$loaded" = yes ]; then
    (while :; do :; done) &
    load=$!
    trap 'kill $load 2>/dev/null' EXIT
fi
conditions="quiet"
[ "$unrelated" = yes ] && conditions="unrelated change"
[ "$loaded" = yes ] && conditions="$conditions, loaded"

if [ "$mode" = ci ]; then
    runs=${1:-50}
    failures=0
    unconfirmed=0
    for run in $(seq 1 "$runs"); do
        status=0
        log=$(scripts/ab-gate.sh --baseline "${sides[0]}" --candidate "${sides[1]}" 2>&1 >/dev/null) || status=$?
        [ "$status" -eq 0 ] || failures=$((failures + 1))
        case "$log" in *"not confirmed"*) unconfirmed=$((unconfirmed + 1)) ;; esac
        echo "run $run: exit $status" >&2
    done
    echo "CI's time gate on unchanged code (commit ${commit:0:12} built twice; $conditions), $runs runs:" \
        "failed $failures, a slower verdict not confirmed $unconfirmed"
    exit 0
fi

verdicts=${1:-20}
scenario=${2:-fold-cycle/balanced-d8/iphone-duo}
echo "scenario: $scenario, $verdicts verdicts per condition, commit ${commit:0:12} built twice ($conditions)"
for condition in ${FOLDBENCH_SELFTEST_CONDITIONS:-fast fast-slowed-2 fast-slowed-5 fast-slowed-10}; do
    counts=""
    ratios=()
    longest=0
    for seed in $(seq 1 "$verdicts"); do
        start=$(date +%s.%N)
        read -r verdict ratio < <("$bin" ab --baseline "${sides[0]}" --candidate "${sides[1]}" --scenario "$scenario" \
            --pair "fast=$condition" --seed "$seed" --format json 2>/dev/null |
            python3 -c 'import json, sys; r = json.load(sys.stdin)["results"][0]; print(r["verdict"].replace(" ", "-"), r["ratio"])')
        seconds=$(echo "$(date +%s.%N) - $start" | bc)
        longest=$(echo "if ($seconds > $longest) $seconds else $longest" | bc)
        counts="$counts $verdict"
        ratios+=("$ratio")
        echo "$condition seed $seed: $verdict $ratio (${seconds%.*} s)" >&2
    done
    summary=""
    for verdict in slower faster same inconclusive; do
        summary="$summary $verdict $(echo "$counts" | tr ' ' '\n' | grep -c "^$verdict$" || true),"
    done
    mean=$(printf '%s\n' "${ratios[@]}" | awk '{s += $1} END {printf "%.4f", s / NR}')
    label=$([ "$condition" = fast ] && echo "A/A" || echo "fast -> $condition")
    printf '%-24s%s mean ratio %s, longest verdict %.1f s\n' "$label:" "${summary%,};" "$mean" "$longest"
done
