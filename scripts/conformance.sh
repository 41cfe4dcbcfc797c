#!/usr/bin/env bash
# The conformance fixtures end to end (docs/fixtures.md): writes the default set, has it
# answered by every listed variant, by the C libraries (c-fast, fast-lib) and by the
# Python port in examples/fixtures, and checks each back. Exit 1 if any answer differs.
#   scripts/conformance.sh [FOLDER]     (default: a fresh temporary folder)
# Expects .build/release/foldbench; builds the libraries (scripts/libraries.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/foldbench
work=${1:-$(mktemp -d)}
scripts/libraries.sh >/dev/null
"$bin" fixtures --out "$work/fixtures"
status=0
check() {
    local result=0
    "$bin" check "$work/$1.jsonl" --fixtures "$work/fixtures" >"$work/$1.txt" || result=$?
    head -n 1 "$work/$1.txt"
    [ "$result" -eq 0 ] || { cat "$work/$1.txt"; status=1; }
}
# The variants `foldbench list` shows (test-only ones, which exist to be wrong, left out).
for variant in $("$bin" list | awk '/^Variants:/ {on = 1; next} /^$/ {on = 0} on && /^  [a-z]/ {sub(":", "", $1); print $1}'); do
    "$bin" answer --fixtures "$work/fixtures" --variant "$variant" --out "$work/$variant.jsonl" 2>/dev/null
    check "$variant"
done
for library in c-fast fast-lib; do
    "$bin" answer --fixtures "$work/fixtures" --variant-library ".build/libraries/lib$library.so" \
        --variant "$library" --out "$work/$library.jsonl" 2>/dev/null
    check "$library"
done
python3 examples/fixtures/answer.py "$work/fixtures" "$work/python.jsonl"
check python
exit $status
