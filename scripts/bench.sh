#!/usr/bin/env bash
# The main job: installs what is missing, builds in release and the project's libraries
# (c-fast, the C port, and fast-lib, fast through the C interface), runs the default
# suite and writes Results/latest.json and Results/latest.csv. `foldbench run` checks
# every variant against the reference on every frame before timing it and refuses one
# that differs. Extra arguments go to 'foldbench run' (e.g. scripts/bench.sh --record,
# or --suite full).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
swift build -c release --product foldbench
scripts/libraries.sh --swift
# Without --suite or --scenario, run measures the default suite; without --variant, the
# libraries' variants beside the built-in ones.
.build/release/foldbench run --variant-library .build/libraries/libc-fast.so \
    --variant-library .build/libraries/libfast-lib.so "$@"
