#!/usr/bin/env bash
# Profiles one scenario under callgrind, limited to the relayout loop (prepare and
# set-up are not counted), and prints the functions that cost the most instructions.
#   scripts/profile.sh SCENARIO [VARIANT] [--svg] [--frames N]
# e.g. scripts/profile.sh fold-cycle/balanced-d8/iphone-duo fast --svg
# --svg also renders the call graph to Results/profile/<variant>.svg (gprof2dot and
# graphviz are installed on demand).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
scenario=""; variant=fast; svg=false; frames=120
while [ $# -gt 0 ]; do
    case "$1" in
        --svg) svg=true ;;
        --frames) frames=$2; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        -*) echo "profile.sh: unknown option $1" >&2; exit 2 ;;
        *) if [ -z "$scenario" ]; then scenario=$1; else variant=$1; fi ;;
    esac
    shift
done
[ -n "$scenario" ] || { echo "usage: scripts/profile.sh SCENARIO [VARIANT] [--svg] [--frames N]" >&2; exit 2; }
ensure_packages
swift build -c release --product foldbench >/dev/null
out=Results/profile
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the debug information of current Swift toolchains.
objcopy --strip-debug .build/release/foldbench "$work/foldbench"
SWIFT_DETERMINISTIC_HASHING=1 MALLOC_CONF=dirty_decay_ms:-1,muzzy_decay_ms:-1 \
    valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no \
    --callgrind-out-file="$work/callgrind.out" "$work/foldbench" count-instructions \
    --scenario "$scenario" --variant "$variant" --frames "$frames" 2>"$work/valgrind.log" \
    || { cat "$work/valgrind.log" >&2; exit 2; }
dump=$(grep -l "Client Request: $scenario $variant" "$work"/callgrind.out* | head -n 1)
cp "$dump" "$out/$variant.callgrind.out"
total=$(grep -E "^totals:" "$dump" | awk "{print \$2}")
echo "$scenario, $variant: $total instructions in $frames relayouts ($((total / frames)) per relayout)"
echo
callgrind_annotate --inclusive=no "$dump" 2>/dev/null | sed -n '/file:function/,$p' | sed -n '3,17p' \
    | swift demangle --simplified | cut -c1-160
echo
echo "raw profile: $out/$variant.callgrind.out (open with callgrind_annotate or kcachegrind)"
if $svg; then
    command -v dot >/dev/null || { sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo; $sudo_cmd apt-get install -y -qq graphviz >/dev/null; }
    command -v gprof2dot >/dev/null || python3 -m pip install -q gprof2dot
    python3 -m gprof2dot -f callgrind "$dump" | swift demangle --simplified | dot -Tsvg -o "$out/$variant.svg"
    echo "call graph: $out/$variant.svg"
fi
