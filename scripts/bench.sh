#!/usr/bin/env bash
# The main job: installs what is missing, builds in release, checks that every
# variant (the list in Sources/Variants/VariantList.swift) resolves the shipped scenes
# as the reference does, runs the default suite and writes Results/latest.json and
# Results/latest.csv. Extra arguments go to 'foldbench run' (e.g. scripts/bench.sh
# --record, or --suite full).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
swift build -c release --product foldbench
bin=.build/release/foldbench
variants=$("$bin" list --variants)
for scene in Benchmarks/Scenes/*.json; do
    reference=$("$bin" resolve "$scene")
    for variant in $variants; do
        if [ "$("$bin" resolve "$scene" --variant "$variant")" != "$reference" ]; then
            echo "$variant and the reference disagree on $scene" >&2
            exit 1
        fi
    done
done
# Without --suite or --scenario, run measures the default suite.
"$bin" run "$@"
