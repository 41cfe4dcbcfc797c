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
real_run_template .build/release/foldbench "$work/template"
generate() {  # RUNS SERIES FILE: the real run's header, its first row with the series and values changed
    awk -v runs="$1" -v series="$2" -F, 'NR == 1 {
        print
        for (i = 1; i <= NF; i++) column[$i] = i
        next
    }
    NR == 2 {
        srand(7)
        split($0, row, ",")
        for (r = 0; r < runs; r++) for (s = 0; s < series; s++) {
            level = 1000 + 100 * s
            if (r > runs / 3) level *= 1.05
            if (r > 2 * runs / 3) level *= 0.97
            row[column["date"]] = sprintf("2026-01-01T00:00:%06dZ", r)
            row[column["commit"]] = sprintf("c%06d", r)
            row[column["scenario"]] = "fold-cycle/balanced-d8/iphone-duo"
            row[column["variant"]] = "v" s
            row[column["arrangements"]] = 255
            row[column["metric"]] = "timePerRelayout"
            row[column["statistic"]] = "p50"
            row[column["unit"]] = "ns"
            row[column["value"]] = sprintf("%.1f", level * (1 + 0.01 * (rand() - 0.5)))
            line = row[1]
            for (i = 2; i <= NF; i++) line = line "," row[i]
            print line
        }
    }' "$work/template/history.csv" > "$3"
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
