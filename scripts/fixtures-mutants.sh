#!/usr/bin/env bash
# Checks the conformance fixtures against the planted faults of the resolvers: for each
# scripts/mutants/*.patch that touches Sources/ReferenceResolver or Sources/FastResolver,
# builds the faulty foldbench in a scratch copy, writes the answers of the variants the
# fault can reach (the reference; incremental for IncrementalResolver.swift; fast,
# fast-preorder and incremental, which share fast's code, for the rest) to a fixture set
# the unpatched build made, and checks them with the unpatched build. Prints one markdown
# row per fault and variant whose answers differ (or one row saying none did): the frames
# that differ, the rules the scorecard holds it against, and the first difference. Exit
# 1 if a fault is not caught.
#   scripts/fixtures-mutants.sh [NAME ...]      (default: every such patch)
# Fixtures: the default set, or the one in $FOLDBENCH_FIXTURES (a folder) when set. The
# scratch copy stays in $FOLDBENCH_FIXTURE_MUTANTS_DIR (default /tmp/foldbench-fixture-mutants).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
root=$(pwd)
work=${FOLDBENCH_FIXTURE_MUTANTS_DIR:-${TMPDIR:-/tmp}/foldbench-fixture-mutants}
case "$work" in "$root"|"$root"/*) echo "fixtures-mutants: the work folder must lie outside the repository" >&2; exit 2 ;; esac
export GIT_CEILING_DIRECTORIES=$work
tree=$work/tree
mkdir -p "$tree" "$work/logs"

if [ $# -gt 0 ]; then
    patches=()
    for name in "$@"; do patches+=("scripts/mutants/${name%.patch}.patch"); done
else
    mapfile -t patches < <(grep -l '^+++ b/Sources/\(ReferenceResolver\|FastResolver\)/' scripts/mutants/*.patch)
fi

swift build -c release --product foldbench >/dev/null
good=$root/.build/release/foldbench
fixtures=${FOLDBENCH_FIXTURES:-$work/fixtures}
[ -n "${FOLDBENCH_FIXTURES:-}" ] || "$good" fixtures --out "$fixtures" 2>/dev/null

find "$tree" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [ -e "$file" ] && printf '%s\0' "$file"
done | tar --null -T - -cf - | tar -xf - -C "$tree"

echo "| fault | variant | caught | frames differing | rules held (panes) | first difference |"
echo "| --- | --- | --- | ---: | --- | --- |"
missed=()
for patch in "${patches[@]}"; do
    name=$(basename "$patch" .patch)
    log=$work/logs/$name.log
    variants="fast fast-preorder incremental"
    grep -q '^+++ b/Sources/ReferenceResolver/' "$patch" && variants=reference
    grep -q '^+++ b/Sources/FastResolver/IncrementalResolver.swift' "$patch" && variants=incremental
    if ! (cd "$tree" && git apply "$root/$patch") >"$log" 2>&1; then
        echo "| $name | $variants | does not apply ($log) | | | |"
        missed+=("$name")
        continue
    fi
    caught=no
    if (cd "$tree" && swift build --product foldbench) >>"$log" 2>&1; then
        for variant in $variants; do
            if ! timeout 900 "$tree/.build/debug/foldbench" answer --fixtures "$fixtures" --variant "$variant" \
                --out "$work/answers.jsonl" 2>>"$log"; then
                echo "| $name | $variant | the faulty build did not answer ($log) | | | |"
                continue
            fi
            status=0
            "$good" check "$work/answers.jsonl" --fixtures "$fixtures" --format json >"$work/check.json" \
                2>"$work/check.err" || status=$?
            if [ "$status" -eq 2 ]; then
                # Answers out of range (a negative size, say) are refused, not compared.
                caught=yes
                echo "| $name | $variant | refused | | | $(sed 's/^foldbench: error: [^:]*: //' "$work/check.err" | head -n 1) |"
                continue
            fi
            [ "$status" -eq 1 ] || continue
            caught=yes
            python3 - "$work/check.json" "$name" "$variant" <<'EOF'
import json, sys
report = json.load(open(sys.argv[1]))
held = ", ".join(f"{r['rule']} ({r['differing']:,})" for r in report["scorecard"] if r["differing"])
first = next(s for s in report["scenarios"] if "firstDifference" in s)
d = first["firstDifference"]
where = f"{first['name']} frame {d['frame']}, {d['id']} {d['field']}: {d['rule']} {d['section']}"
print(f"| {sys.argv[2]} | {sys.argv[3]} | yes | {report['frames'] - report['framesAgreeing']:,} | {held} | {where} |")
EOF
        done
    else
        echo "| $name | $variants | does not build ($log) | | | |"
    fi
    [ "$caught" = yes ] || { echo "| $name | $variants | no: every answer agrees | 0 | | |"; missed+=("$name"); }
    (cd "$tree" && git apply -R "$root/$patch") || { echo "fixtures-mutants: cannot undo $name" >&2; exit 2; }
done
[ ${#missed[@]} -eq 0 ] || { echo "not caught: ${missed[*]}" >&2; exit 1; }
