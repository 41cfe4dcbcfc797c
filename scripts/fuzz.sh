#!/usr/bin/env bash
# Builds the two libFuzzer targets (with AddressSanitizer) and runs each for
# SECONDS (default 60): 'differential' (bytes -> a valid scene; every variant must
# equal the reference) and 'decoder' (raw bytes -> the scene decoder; accept or reject,
# never trap). Findings land in fuzz-out/<target>/ as crash-* files.
#   scripts/fuzz.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
out=fuzz-out
build=$out/build
mkdir -p "$build"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -D FUZZING -I "$build" -L "$build")
# Each module as a static library, instrumented for coverage.
# The Foundation-free modules, in dependency order (a new variant in Sources/Variants needs no change here).
modules=(ArrangementModel ReferenceResolver FastResolver Variants SceneGenerator SceneFormat)
for module in "${modules[@]}"; do
    swiftc "${flags[@]}" -package-name FoldBench -module-name "$module" -emit-library -static -emit-module \
        -emit-module-path "$build/$module.swiftmodule" -o "$build/lib$module.a" Sources/"$module"/*.swift
done
libs=()
for ((i = ${#modules[@]} - 1; i >= 0; i--)); do libs+=("-l${modules[i]}"); done
libs+=(-lm)
# gold warns about every AddressSanitizer helper it cannot export; keep the rest.
quiet_link() { { "$@" 2>&1 1>&3 | { grep -v "Cannot export local symbol" >&2 || true; }; } 3>&1; }
quiet_link swiftc "${flags[@]}" Fuzz/DifferentialFuzz.swift "${libs[@]}" -o "$build/fuzz-differential"
quiet_link swiftc "${flags[@]}" Fuzz/SceneDecoderFuzz.swift "${libs[@]}" -o "$build/fuzz-decoder"

status=0
for target in differential decoder; do
    corpus=$out/$target/corpus
    mkdir -p "$corpus"
    seeds=Fuzz/corpus/$target
    echo "== $target: ${seconds}s" >&2
    "$build/fuzz-$target" "$corpus" "$seeds" -max_total_time="$seconds" -max_len=4096 \
        -artifact_prefix="$out/$target/" -print_final_stats=1 2>"$out/$target/log.txt" || status=$?
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb|ERROR|==ERROR|Fatal error" "$out/$target/log.txt" >&2 || true
done
exit $status
