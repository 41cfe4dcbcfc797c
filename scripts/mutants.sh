#!/usr/bin/env bash
# Proves the tests can fail: plants each fault of scripts/mutants/*.patch, one at a
# time, in a scratch copy of the working tree (tracked and new files; the checkout
# itself is never patched), builds, runs the tests the patch names, and counts the
# fault as killed when they fail. Prints killed/total and names the survivors; exits
# 1 if any fault survives, 2 if the unpatched tests fail or a patch does not apply
# or build.
#   scripts/mutants.sh [NAME ...]       (default: every patch; NAME without .patch)
# Each patch starts with two lines, then a unified diff:
#   Fault: what the patch breaks, in a few words
#   Tests: the `swift test --filter` expression that must catch it
# The scratch copy and its build stay in $FOLDBENCH_MUTANTS_DIR (default
# /tmp/foldbench-mutants) between runs, so a second run only rebuilds what the faults
# touch. It lies outside the repository so that `git apply` there cannot reach the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
root=$(pwd)
work=${FOLDBENCH_MUTANTS_DIR:-${TMPDIR:-/tmp}/foldbench-mutants}
case "$work" in "$root"|"$root"/*) echo "mutants: FOLDBENCH_MUTANTS_DIR must lie outside the repository" >&2; exit 2 ;; esac
export GIT_CEILING_DIRECTORIES=$work
# The tests as scripts/test.sh and CI run them: the hot modules optimised, so that the
# floor bounds an optimised library's time as it does in a release run.
export FOLDBENCH_OPTIMISED_TESTS=1
tree=$work/tree
logs=$work/logs
mkdir -p "$tree" "$logs"

if [ $# -gt 0 ]; then
    patches=()
    for name in "$@"; do patches+=("scripts/mutants/${name%.patch}.patch"); done
else
    patches=(scripts/mutants/*.patch)
fi
for patch in "${patches[@]}"; do
    [ -f "$patch" ] || { echo "mutants: no such patch: $patch" >&2; exit 2; }
done

# The working tree's files, copied over the scratch tree; its .build is kept.
find "$tree" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [ -e "$file" ] && printf '%s\0' "$file"
done | tar --null -T - -cf - | tar -xf - -C "$tree"

build() { (cd "$tree" && swift build --build-tests) >"$1" 2>&1; }
tests() { (cd "$tree" && timeout 900 swift test --skip-build --filter "$1") >"$2" 2>&1; }

echo "mutants: building and testing the unpatched tree in $tree" >&2
build "$logs/unpatched-build.log" || { echo "mutants: the unpatched tree does not build: $logs/unpatched-build.log" >&2; exit 2; }
tests '.*' "$logs/unpatched-tests.log" || { echo "mutants: the unpatched tests fail: $logs/unpatched-tests.log" >&2; exit 2; }

killed=0
survivors=()
broken=()
started=$SECONDS
for patch in "${patches[@]}"; do
    name=$(basename "$patch" .patch)
    fault=$(sed -n 's/^Fault: //p' "$tree/$patch" | head -n 1)
    filter=$(sed -n 's/^Tests: //p' "$tree/$patch" | head -n 1)
    log=$logs/$name.log
    # The copy's own patch, so that editing the checkout during a run changes nothing.
    if [ -z "$filter" ] || ! (cd "$tree" && git apply "$patch") >"$log" 2>&1; then
        printf '%-9s %-40s %s\n' "BROKEN" "$name" "does not apply, or has no Tests: line ($log)"
        broken+=("$name")
        continue
    fi
    begin=$SECONDS
    if ! build "$log"; then
        printf '%-9s %-40s %s\n' "BROKEN" "$name" "does not build ($log)"
        broken+=("$name")
    elif tests "$filter" "$log"; then
        printf '%-9s %-40s %s\n' "SURVIVED" "$name" "$fault"
        survivors+=("$name")
    else
        failed=$(grep -cE '^✘ Test .*(failed|recorded)' "$log" || true)
        printf '%-9s %-40s %s (%s s; %s failing test lines)\n' "killed" "$name" "$fault" $((SECONDS - begin)) "$failed"
        killed=$((killed + 1))
    fi
    (cd "$tree" && git apply -R "$patch") || { echo "mutants: cannot undo $name" >&2; exit 2; }
done
# Leave the scratch build matching the unpatched tree for the next run.
build "$logs/unpatched-build.log" || true

total=${#patches[@]}
echo
echo "killed $killed/$total in $(((SECONDS - started) / 60)) min"
[ ${#survivors[@]} -eq 0 ] || echo "survived: ${survivors[*]}"
[ ${#broken[@]} -eq 0 ] || echo "broken: ${broken[*]}"
[ ${#broken[@]} -eq 0 ] || exit 2
[ ${#survivors[@]} -eq 0 ] || exit 1
