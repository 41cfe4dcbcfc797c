#!/usr/bin/env bash
# Mutation testing with faults nobody chose (scripts/mutate/mutate.py): operators over
# Sources/, a seeded sample per module, each mutant built in a scratch copy and run
# against the tests that cover its module, a survivor then against the whole suite.
#   scripts/mutate.sh [--seed N] [--per-module N] [--list] [MODULE ...]
# The scratch copy and its build stay in $FOLDBENCH_MUTATE_DIR (default
# /tmp/foldbench-mutate), with the report (report.md, report.json) and a log per mutant.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh
ensure_packages
exec python3 scripts/mutate/mutate.py "$@"
