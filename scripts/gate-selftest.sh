#!/usr/bin/env bash
# Measures 'foldbench ab': VERDICTS verdicts (default 20) for each of A/A (the checked-out
# commit built twice, into two directories, fast against fast) and planted slowdowns of
# about 2, 5 and 10 % (fast against the test-only fast-slowed-2, -5 and -10), each with
# its own seed; prints how many verdicts were slower, faster, same and inconclusive, the
# ratio measured, and the longest verdict's wall time. Usage:
#   scripts/gate-selftest.sh [VERDICTS] [SCENARIO]
# The two builds are kept in $FOLDBENCH_SELFTEST_DIR (default /tmp/foldbench-selftest)
# and rebuilt only when the commit changes.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
verdicts=${1:-20}
scenario=${2:-fold-cycle/balanced-d8/iphone-duo}
work=${FOLDBENCH_SELFTEST_DIR:-${TMPDIR:-/tmp}/foldbench-selftest}
commit=$(git rev-parse HEAD)
swift build -c release --product foldbench >/dev/null
bin=.build/release/foldbench
plugins=()
for side in a b; do
    dir=$work/$side
    if [ "$(cat "$dir.commit" 2>/dev/null)" != "$commit" ] || [ ! -f "$dir/.build/release/libFoldBenchPlugin.so" ]; then
        echo "building $commit into $dir..." >&2
        git worktree remove --force "$dir" >/dev/null 2>&1 || rm -rf "$dir"
        mkdir -p "$work"
        git worktree add --detach --force "$dir" "$commit" >/dev/null 2>&1
        (cd "$dir" && swift build -c release --product FoldBenchPlugin >/dev/null)
        echo "$commit" > "$dir.commit"
    fi
    plugins+=("$dir/.build/release/libFoldBenchPlugin.so")
done
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
