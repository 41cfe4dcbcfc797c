#!/usr/bin/env bash
# Draws the README's pictures again with foldbench itself: frog-atlas on a Galaxy Z
# Fold7, folded and half-open (a documentation test fails when they drift); and the
# architecture's picture of the modules in layers, docs/images/layers.svg, from
# docs/images/layers.dot with graphviz (installed when missing).
#   scripts/drawings.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
command -v dot >/dev/null || ensure_packages graphviz
dot -Tsvg docs/images/layers.dot -o docs/images/layers.svg
swift build --product foldbench >/dev/null
for posture in closed:folded halfOpen:unfolded; do
    .build/debug/foldbench draw Benchmarks/Scenes/frog-atlas.json --device galaxy-z-fold7 \
        --posture "${posture%%:*}" --orientation portrait --scale 0.5 \
        --out "docs/images/frog-atlas-${posture##*:}.svg"
done
