#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (debug build). The tests build
# the C libraries they load themselves (scripts/libraries.sh), as here.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
# The resolvers, the model and the generators optimised in this debug build (Package.swift):
# the suite runs in about a third of the time. A plain `swift build` afterwards builds
# those modules again without it.
export FOLDBENCH_OPTIMISED_TESTS=1
swift build --build-tests
scripts/libraries.sh
swift test --skip-build "$@"
