#!/usr/bin/env bash
# Profiles one variant's relayout loop under callgrind (prepare and warm-up are not
# counted): the costliest functions, and with --lines the costliest source lines and
# the hot loop's source with each line's instructions; a flame graph, folded stacks
# and an annotated HTML page under Results/profile/.
#   scripts/profile.sh SCENARIO [VARIANT] [--lines] [--cache-sim] [--diff REV] [--frames N] [--svg]
# e.g. scripts/profile.sh fold-cycle/balanced-d8/iphone-duo fast --lines
#      scripts/profile.sh fold-cycle/balanced-d8/iphone-duo fast --diff HEAD~3
# --diff REV also profiles revision REV (built in release into the build cache) and
# shows what gained or lost instructions, per function and per line, with a
# differential flame graph. --svg also renders callgrind's call graph with gprof2dot
# and graphviz (installed on demand). The work is done by 'foldbench profile'.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
scenario=""; variant=fast; svg=false; extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --svg) svg=true ;;
        --lines|--cache-sim) extra+=("$1") ;;
        --frames) extra+=(--frames "$2"); shift ;;
        --diff) extra+=(--baseline "$2"); shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        -*) echo "profile.sh: unknown option $1" >&2; exit 2 ;;
        *) if [ -z "$scenario" ]; then scenario=$1; else variant=$1; fi ;;
    esac
    shift
done
[ -n "$scenario" ] || { echo "usage: scripts/profile.sh SCENARIO [VARIANT] [--lines] [--cache-sim] [--diff REV] [--frames N] [--svg]" >&2; exit 2; }
ensure_packages
swift build -c release --product foldbench >/dev/null
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The folder is the one `foldbench profile` names in its last line ("wrote DIR/VARIANT.{...}").
{ .build/release/foldbench profile --scenario "$scenario" --variant "$variant" "${extra[@]}" 2>&1 1>&3 | tee "$log" >&2; } 3>&1
if $svg; then
    command -v dot >/dev/null || { sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo; $sudo_cmd apt-get install -y -qq graphviz >/dev/null; }
    command -v gprof2dot >/dev/null || python3 -m pip install -q gprof2dot
    out=$(sed -n 's|^wrote \(.*\)/[^/]*\.{.*$|\1|p' "$log" | tail -n 1)
    python3 -m gprof2dot -f callgrind "$out/$variant.callgrind.addresses.out" | swift demangle --simplified | dot -Tsvg -o "$out/$variant.callgraph.svg"
    echo "call graph: $out/$variant.callgraph.svg"
fi
