#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
swift build --build-tests
swift test --skip-build "$@"
