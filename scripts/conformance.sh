#!/usr/bin/env bash
# The conformance fixtures end to end (docs/fixtures.md): writes the default set, has it
# answered by every listed variant, by c-fast (the C port, interface version 2, taking
# edits in place) and c-fast-v1 (the same speaking version 1), by fast-lib when it is built
# (scripts/libraries.sh --swift), by the Python port in examples/fixtures and by the
# JavaScript port written from the contract's words alone (examples/fixtures/answer.mjs),
# and checks each back. Exit 1 if any answer differs, 2 if one cannot be written or checked.
#   scripts/conformance.sh [FOLDER [NAME ...]]
# FOLDER defaults to a fresh temporary folder; NAMEs (variants, c-fast, c-fast-v1, fast-lib,
# python, javascript) keep only those answerers (CI's: the reference, fast, incremental,
# c-fast, c-fast-v1, python and javascript).
# Expects .build/release/foldbench, or the foldbench $FOLDBENCH_BIN names; builds c-fast
# (scripts/libraries.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${FOLDBENCH_BIN:-.build/release/foldbench}
work=${1:-$(mktemp -d)}
shift $(($# > 0 ? 1 : 0))
only=" $* "
wanted() { [ "$only" = "  " ] || [[ "$only" == *" $1 "* ]]; }
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
for variant in $("$bin" list --json | python3 -c 'import json, sys; print("\n".join(v["name"] for v in json.load(sys.stdin)["variants"]))'); do
    wanted "$variant" || continue
    "$bin" answer --fixtures "$work/fixtures" --variant "$variant" --out "$work/$variant.jsonl" >/dev/null 2>&1 \
        || { echo "conformance: $variant did not answer: $bin answer --fixtures $work/fixtures --variant $variant" >&2; exit 2; }
    check "$variant"
done
for library in c-fast c-fast-v1 fast-lib; do
    wanted "$library" || continue
    path=.build/libraries/lib$library.so
    if [ ! -f "$path" ]; then
        echo "$library: not built (scripts/libraries.sh --swift), left out"
        continue
    fi
    "$bin" answer --fixtures "$work/fixtures" --variant-library "$path" --variant "$library" \
        --out "$work/$library.jsonl" >/dev/null 2>&1 \
        || { echo "conformance: $library did not answer: $bin answer --variant-library $path" >&2; exit 2; }
    check "$library"
done
if wanted python; then
    python3 examples/fixtures/answer.py "$work/fixtures" "$work/python.jsonl"
    check python
fi
if wanted javascript; then
    command -v node >/dev/null || { echo "conformance: node is needed for examples/fixtures/answer.mjs" >&2; exit 2; }
    node examples/fixtures/answer.mjs "$work/fixtures" "$work/javascript.jsonl"
    check javascript
fi
exit $status
