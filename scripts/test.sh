#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (debug build). The tests build
# the C libraries they load themselves (scripts/libraries.sh), as here.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
swift build --build-tests
scripts/libraries.sh
swift test --skip-build "$@"
