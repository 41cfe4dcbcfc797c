#!/usr/bin/env bash
# The main job: installs what is missing, builds in release, checks that every
# variant (the list in Sources/Variants/VariantList.swift, and the project's libraries:
# c-fast, the C port, and fast-lib, fast through the C interface) resolves the shipped
# scenes as the reference does, runs the default suite and writes Results/latest.json
# and Results/latest.csv. Extra arguments go to 'foldbench run' (e.g. scripts/bench.sh
# --record, or --suite full).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
swift build -c release --product foldbench
scripts/libraries.sh --swift
bin=.build/release/foldbench
libraries=(--variant-library .build/libraries/libc-fast.so --variant-library .build/libraries/libfast-lib.so)
variants=$("$bin" list --variants "${libraries[@]}")
for scene in Benchmarks/Scenes/*.json; do
    reference=$("$bin" resolve "$scene")
    for variant in $variants; do
        if [ "$("$bin" resolve "$scene" --variant "$variant" "${libraries[@]}")" != "$reference" ]; then
            echo "$variant and the reference disagree on $scene" >&2
            exit 1
        fi
    done
done
# Without --suite or --scenario, run measures the default suite; without --variant, the
# libraries' variants beside the built-in ones.
"$bin" run "${libraries[@]}" "$@"
