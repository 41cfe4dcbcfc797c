#!/usr/bin/env bash
# Builds the variants that FoldBench loads through its C interface
# (Sources/CVariantInterface/include/foldbench_variant.h) into .build/libraries/:
#   libc-fast.so                the fast resolver's design in C99 (gcc -O2: $CC, else cc,
#                               else the Swift toolchain's clang)
#   libc-fast-v1.so             the same, speaking interface version 1 (no edits in place)
#   libmisbehaving-FAULT.so     test only: c-fast breaking one rule (libraries/misbehaving)
#   libfast-lib.so              with --swift: the fast variant itself, built by SwiftPM
#                               as a shared library (what the interface costs)
# Each library is written under a temporary name and renamed, so that a test loading
# one while another process rebuilds it never sees half a file. A library whose stamp
# (LIB.so.stamp) holds the digest of what it is built from (the C sources, the
# interface's header, this script, the compiler and its flags) is left as it is, so that
# the tests and CI's steps, which each call this, build once. A digest and not file
# times: a copy of the tree (scripts/mutants.sh's) keeps its sources' times, and a
# library built from a planted fault would look newer than the sources without it.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/libraries
mkdir -p "$out"
cc=${CC:-cc}
command -v "$cc" >/dev/null 2>&1 || cc=clang
flags=(-std=c99 -O2 -g -Wall -Wextra -pedantic -fPIC -shared -I Sources/CVariantInterface/include)
inputs=(libraries/c-fast/c_fast.c libraries/misbehaving/misbehaving.c Sources/CVariantInterface/include/*.h "$0")
digest=$({ cat "${inputs[@]}"; printf '%s\n' "$(command -v "$cc")" "${flags[@]}"; } | sha256sum | cut -d ' ' -f 1)
pending=()
build() {  # OUTPUT SOURCE [FLAGS...]
    local target=$1 source=$2
    shift 2
    local stamp="$digest $*"
    [ -f "$target" ] && [ "$(cat "$target.stamp" 2>/dev/null)" = "$stamp" ] && return 0
    {
        "$cc" "${flags[@]}" "$@" -o "$target.$$" "$source" -lm && mv -f "$target.$$" "$target" &&
            printf '%s\n' "$stamp" >"$target.stamp.$$" && mv -f "$target.stamp.$$" "$target.stamp"
    } &
    pending+=($!)
    # Two compilers at a time: the machines this runs on have two cores.
    if [ "${#pending[@]}" -ge 2 ]; then
        wait "${pending[0]}"
        pending=("${pending[@]:1}")
    fi
}
build "$out/libc-fast.so" libraries/c-fast/c_fast.c
build "$out/libc-fast-v1.so" libraries/c-fast/c_fast.c -DC_FAST_VERSION_1
for fault in crash hang deaf overrun refuse version clash no-release allocate wrong stale exit write-context \
    write-tree stop late-crash fork far-overrun underrun far-underrun print constructor skip forget-edit \
    forget-subtree infinite keep-tree edit-crash forge-report forge-done forge-failure escape \
    escape-crash thread handler slow-prepare close-channel protect-panes limit rounding exhaust memo; do
    build "$out/libmisbehaving-$fault.so" libraries/misbehaving/misbehaving.c -D"FAULT_$(printf '%s' "$fault" | tr 'a-z-' 'A-Z_')"
done
for job in "${pending[@]}"; do wait "$job"; done
if [ "${1:-}" = --swift ]; then
    swift build -c release --product FoldBenchFastVariant
    cp .build/release/libFoldBenchFastVariant.so "$out/libfast-lib.so.$$"
    mv -f "$out/libfast-lib.so.$$" "$out/libfast-lib.so"
fi
