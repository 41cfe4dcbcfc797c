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
# Each answerer answers and is checked in a job of its own, two at a time (the machines
# this runs on have two cores); the results are printed in the order they were started.
names=()
pids=()
# NAME COMMAND...: the answer goes to $work/NAME.jsonl, the check's report to $work/NAME.txt.
# Exit 2 when the answerer fails, 1 when its answers differ.
answer_and_check() {
    local name=$1
    shift
    "$@" >"$work/$name.log" 2>&1 \
        || { echo "conformance: $name did not answer: $* (its output: $work/$name.log)" >"$work/$name.txt"; return 2; }
    "$bin" check "$work/$name.jsonl" --fixtures "$work/fixtures" >"$work/$name.txt" || return 1
}
start() {
    while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n || true; done
    answer_and_check "$@" &
    names+=("$1")
    pids+=($!)
}
# The variants `foldbench list` shows (test-only ones, which exist to be wrong, left out).
for variant in $("$bin" list --json | python3 -c 'import json, sys; print("\n".join(v["name"] for v in json.load(sys.stdin)["variants"]))'); do
    wanted "$variant" || continue
    start "$variant" "$bin" answer --fixtures "$work/fixtures" --variant "$variant" --out "$work/$variant.jsonl"
done
for library in c-fast c-fast-v1 fast-lib; do
    wanted "$library" || continue
    path=.build/libraries/lib$library.so
    if [ ! -f "$path" ]; then
        echo "$library: not built (scripts/libraries.sh --swift), left out"
        continue
    fi
    start "$library" "$bin" answer --fixtures "$work/fixtures" --variant-library "$path" --variant "$library" \
        --out "$work/$library.jsonl"
done
if wanted python; then
    start python python3 examples/fixtures/answer.py "$work/fixtures" "$work/python.jsonl"
fi
if wanted javascript; then
    command -v node >/dev/null || { echo "conformance: node is needed for examples/fixtures/answer.mjs" >&2; exit 2; }
    start javascript node examples/fixtures/answer.mjs "$work/fixtures" "$work/javascript.jsonl"
fi
status=0
for index in "${!pids[@]}"; do
    result=0
    wait "${pids[$index]}" || result=$?
    name=${names[$index]}
    case $result in
    0) head -n 1 "$work/$name.txt" ;;
    1) cat "$work/$name.txt"; [ "$status" -eq 2 ] || status=1 ;;
    *) cat "$work/$name.txt" >&2; status=2 ;;
    esac
done
exit $status
