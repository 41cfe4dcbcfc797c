#!/usr/bin/env bash
# Builds the variants that FoldBench loads through its C interface
# (Sources/CVariantInterface/include/foldbench_variant.h) into .build/libraries/:
#   libc-fast.so                the fast resolver's design in C99 (gcc -O2, or $CC)
#   libmisbehaving-FAULT.so     test only: c-fast breaking one rule (libraries/misbehaving)
#   libfast-lib.so              with --swift: the fast variant itself, built by SwiftPM
#                               as a shared library (what the interface costs)
# Prints nothing on success; the paths are fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/libraries
mkdir -p "$out"
cc=${CC:-gcc}
flags=(-std=c99 -O2 -g -Wall -Wextra -pedantic -fPIC -shared -I Sources/CVariantInterface/include)
"$cc" "${flags[@]}" -o "$out/libc-fast.so" libraries/c-fast/c_fast.c -lm
for fault in crash hang overrun refuse version clash no-release allocate wrong stale; do
    macro=FAULT_$(printf '%s' "$fault" | tr 'a-z-' 'A-Z_')
    "$cc" "${flags[@]}" -D"$macro" -o "$out/libmisbehaving-$fault.so" libraries/misbehaving/misbehaving.c -lm
done
if [ "${1:-}" = --swift ]; then
    swift build -c release --product FoldBenchFastVariant
    cp .build/release/libFoldBenchFastVariant.so "$out/libfast-lib.so"
fi
