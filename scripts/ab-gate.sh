#!/usr/bin/env bash
# The time gate of .ci/run: `foldbench ab` on the quick suite's scenarios (fast), with
# --gate; a slower verdict fails (exit 1) only when a second, independent experiment
# (another seed, fresh processes) finds one too. Exit 2 when ab cannot run.
#   scripts/ab-gate.sh [AB OPTIONS...]     (e.g. --baseline REV --candidate PATH)
# Prints the markdown tables; expects .build/release/foldbench to be built.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=.build/release/foldbench
scenarios=()
for scenario in $("$bin" list --suite quick); do
    scenarios+=(--scenario "$scenario")
done
# At most 80 trials (40 pairs of layouts) and 60 s a scenario: enough to find a slowdown
# of a few percent; reaching `same` on a noisy scenario (up to 160 trials) is not the gate's job.
ab() { "$bin" ab "${scenarios[@]}" --gate --format markdown --max-time 60 --max-trials 80 --seed "$@"; }
ab 1 "$@"
status=$?
if [ "$status" -eq 1 ]; then
    echo "a slower verdict: confirming with a second experiment..." >&2
    ab 2 "$@"
    status=$?
    [ "$status" -eq 1 ] || echo "not confirmed: the second experiment found nothing slower" >&2
fi
exit "$status"
