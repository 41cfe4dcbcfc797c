#!/usr/bin/env bash
# Builds the libFuzzer targets (the package in Fuzz/, with AddressSanitizer) and runs
# each for SECONDS (default 60), one after the other:
#   differential  bytes -> a generated scene; every variant must equal the reference
#   sequence      bytes -> a tree and a walk of contexts; every variant, relayouting the
#                 walk in order, must equal the reference at every step
#                 (FOLDBENCH_FUZZ_VARIANT=NAME checks that variant alone)
#   decoder       raw bytes -> the scene decoder
#   report        raw bytes -> the report readers (compare, report, export, merge)
#   history       raw bytes -> the history reader (trend)
#   device        raw bytes -> the device profile reader (--device-file)
#   trace         raw bytes -> the motion trace reader (--motion-file), replayed by every variant
#   arguments     bytes split at NUL -> a command's argument parser
# Findings land in fuzz-out/<target>/ as crash-* files; the status is non-zero when
# any target found one.
#   scripts/fuzz.sh [SECONDS] [TARGET...]      (SECONDS 0: build only)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(differential sequence decoder report history device trace arguments)
out=fuzz-out
build=$out/build
mkdir -p "$out"
# SwiftPM gives every executable its own main, so libFuzzer's driver is linked without
# its main (fuzzer_no_main) and each target calls LLVMFuzzerRunDriver; the coverage
# instrumentation is what -sanitize=fuzzer would add.
resources=$(dirname "$(dirname "$(command -v swift)")")/lib/clang
driver=$(ls "$resources"/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)
stub=$PWD/$out/jemalloc-stub
jemalloc_stub "$stub"
# SwiftPM can keep the file list of a path dependency from an earlier build and miss
# a new source file: drop its build description so that it plans again.
rm -f "$build"/release/description.json
# gold warns about every AddressSanitizer helper it cannot export; keep the rest.
swift build --package-path Fuzz --scratch-path "$build" -c release \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    -Xswiftc -DFUZZING -Xswiftc -g -Xlinker "$driver" -Xlinker -lstdc++ \
    -Xlinker -rpath -Xlinker "$stub" -Xlinker --disable-new-dtags 2>&1 |
    { grep -v "Cannot export local symbol" || true; }
bin=$(swift build --package-path Fuzz --scratch-path "$build" -c release --show-bin-path)
[ "$seconds" -gt 0 ] || exit 0

# A trap should end in libFuzzer's report, not in Swift's backtracer (which reads
# memory AddressSanitizer does not let it read).
export SWIFT_BACKTRACE=enable=no
status=0
for target in "${targets[@]}"; do
    program=$bin/Fuzz${target^}
    [ -x "$program" ] || { echo "fuzz.sh: no target '$target'" >&2; exit 2; }
    corpus=$out/$target/corpus
    mkdir -p "$corpus"
    seeds=Fuzz/corpus/$target
    # Reports and histories need room for a few rows of real data, profiles for their sources.
    case $target in report | history) max_len=16384 ;; device | trace) max_len=8192 ;; *) max_len=4096 ;; esac
    echo "== $target: ${seconds}s" >&2
    "$program" "$corpus" "$seeds" -max_total_time="$seconds" -max_len=$max_len -rss_limit_mb=2048 \
        -artifact_prefix="$out/$target/" -print_final_stats=1 2>"$out/$target/log.txt" || status=$?
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb|ERROR|==ERROR|Fatal error" "$out/$target/log.txt" >&2 || true
    # The sequence target counts the contexts it checked.
    grep "^steps: " "$out/$target/log.txt" | tail -1 >&2 || true
done
exit $status
