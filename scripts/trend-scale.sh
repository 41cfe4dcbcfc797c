#!/usr/bin/env bash
# How 'foldbench trend' scales with the history: generates histories of 1,000 and
# 10,000 runs of one series and of 100,000 rows over 100 series (a 5 % step up at a
# third, 3 % down at two thirds, 1 % noise), reads each with a release build, and
# prints the wall time, the peak memory and the change points found.
#   scripts/trend-scale.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
swift build -c release --product foldbench >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
generate() {  # RUNS SERIES FILE
    awk -v runs="$1" -v series="$2" 'BEGIN {
        srand(7)
        print "date,commit,dirty,host,scenario,variant,arrangements,metric,statistic,value,unit"
        for (r = 0; r < runs; r++) for (s = 0; s < series; s++) {
            level = 1000 + 100 * s
            if (r > runs / 3) level *= 1.05
            if (r > 2 * runs / 3) level *= 0.97
            printf "2026-01-01T00:00:%06dZ,c%06d,false,ci,fold-cycle/balanced-d8/iphone-duo,v%d,255,timePerRelayout,p50,%.1f,ns\n", r, r, s, level * (1 + 0.01 * (rand() - 0.5))
        }
    }' > "$3"
}
printf '%-28s %10s %12s %14s\n' "history" "seconds" "peak MiB" "change points"
for spec in "1000 1" "10000 1" "1000 100"; do
    set -- $spec
    file="$work/history-$1-$2.csv"
    generate "$1" "$2" "$file"
    /usr/bin/time -f "%e %M" -o "$work/time" .build/release/foldbench trend "$file" --out "$work/out" > "$work/summary.md" 2>/dev/null
    read -r seconds kilobytes < "$work/time"
    found=$(grep -o '[0-9]* change point(s)' "$work/summary.md" | grep -o '^[0-9]*')
    printf '%-28s %10s %12s %14s\n' "$(( $1 * $2 )) rows, $2 series" "$seconds" "$(( kilobytes / 1024 ))" "$found"
done
