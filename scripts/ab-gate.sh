#!/usr/bin/env bash
# The time gate of .ci/run: `foldbench ab` on the quick suite's scenarios (fast), with
# --gate --confirm (a slower verdict fails, exit 1, only when a second, independent
# experiment finds one too; the rule is ab's). Exit 2 when ab cannot run.
#   scripts/ab-gate.sh [AB OPTIONS...]     (e.g. --baseline REV --candidate PATH)
# Prints the markdown tables; expects .build/release/foldbench to be built, or the
# foldbench $FOLDBENCH_BIN names.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${FOLDBENCH_BIN:-.build/release/foldbench}
scenarios=()
for scenario in $("$bin" list --suite quick); do
    scenarios+=(--scenario "$scenario")
done
# At most 80 trials (40 pairs of layouts) and 60 s a scenario: enough to find a slowdown
# of a few percent; reaching `same` on a noisy scenario (up to 160 trials) is not the gate's job.
"$bin" ab "${scenarios[@]}" --gate --confirm --format markdown --max-time 60 --max-trials 80 --seed 1 "$@"
