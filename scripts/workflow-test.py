#!/usr/bin/env python3
"""Runs the published workflow's steps as GitHub Actions runs them, and holds that a
gate that fails fails its step and its job.

    scripts/workflow-test.py [WORKFLOW]      (default docs/github-actions.yml)

Each job's `run:` steps run in order in a scratch directory, each under the shell
GitHub would use: the step's `shell:`, else the job's or the workflow's
`defaults.run.shell`, else GitHub's default `bash -e {0}` (no pipefail); `bash`
means `bash --noprofile --norc -eo pipefail {0}`. `${{ … }}` expressions become
`1` (the matrix) or empty. A step that fails stops the job's later steps unless
they say `if: always()`, as on GitHub. `uses:` steps are skipped; `sudo`, `swift`
and `.build/release/foldbench` are stand-ins that record their arguments; the
foldbench stand-in exits with the status FAKE_STATUS_<COMMAND> names (0 when not
set), printing a line as the real one would.

Cases: (1) every command succeeds: every step passes (the harness runs them);
(2) GitHub's default shell is what the harness emulates: `false | tee` passes
under it and fails under `shell: bash`; (3) compare finds a regression (exit 1):
its step fails, and so does the job; (4) ab finds one: its step fails;
(5) pr-report cannot judge (exit 2): its step fails and the summary was written.
Exit 0 when every case holds, 1 otherwise, naming the case.
"""
import os
import re
import stat
import subprocess
import sys
import tempfile

try:
    import yaml
except ImportError:
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "pyyaml"], check=True)
    import yaml

GITHUB_DEFAULT = ["bash", "-e", "{0}"]
SHELLS = {
    "bash": ["bash", "--noprofile", "--norc", "-eo", "pipefail", "{0}"],
    "sh": ["sh", "-e", "{0}"],
}

FAKE_FOLDBENCH = """#!/usr/bin/env bash
echo "foldbench $*" >> "$FAKE_LOG"
command=$1
variable=FAKE_STATUS_${command//-/_}
status=${!variable:-0}
# Writes what --out names, as the real commands do before their status.
previous=""
for argument in "$@"; do
    if [ "$previous" = "--out" ]; then
        case "$argument" in *.md) echo "report" > "$argument" ;; *) mkdir -p "$argument"; echo '{}' > "$argument/latest.json" ;; esac
    fi
    previous=$argument
done
echo "**$command**: status $status"
exit "$status"
"""

RECORDER = """#!/usr/bin/env bash
echo "$(basename "$0") $*" >> "$FAKE_LOG"
# sudo runs what it is given (apt-get is recorded too).
if [ "$(basename "$0")" = sudo ]; then exec "$@"; fi
exit 0
"""


def shell_for(step, job, workflow):
    name = step.get("shell") or (job.get("defaults") or {}).get("run", {}).get("shell") or (
        workflow.get("defaults") or {}
    ).get("run", {}).get("shell")
    if name is None:
        return GITHUB_DEFAULT
    if name in SHELLS:
        return SHELLS[name]
    return name.split()  # a custom shell as written, "{0}" in it


def expand(text):
    return re.sub(r"\$\{\{\s*matrix\.[a-z]+\s*\}\}", "1", re.sub(r"\$\{\{(?!\s*matrix)[^}]*\}\}", "", text))


def executable(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC | stat.S_IXGRP | stat.S_IXOTH)


def run_job(workflow, job_name, statuses):
    """The job's steps as GitHub runs them: [(step name, status or None when skipped)]."""
    job = workflow["jobs"][job_name]
    results = []
    with tempfile.TemporaryDirectory() as work:
        bin_dir = os.path.join(work, "stand-ins")
        os.makedirs(bin_dir)
        for tool in ["sudo", "swift", "apt-get"]:
            executable(os.path.join(bin_dir, tool), RECORDER)
        os.makedirs(os.path.join(work, ".build", "release"))
        executable(os.path.join(work, ".build", "release", "foldbench"), FAKE_FOLDBENCH)
        for shard in range(1, 5):
            os.makedirs(os.path.join(work, f"shard-{shard}"), exist_ok=True)
        env = dict(os.environ)
        env["PATH"] = bin_dir + os.pathsep + env["PATH"]
        env["FAKE_LOG"] = os.path.join(work, "calls.log")
        env["GITHUB_STEP_SUMMARY"] = os.path.join(work, "summary.md")
        env.update({f"FAKE_STATUS_{k.replace('-', '_')}": str(v) for k, v in statuses.items()})
        failed = False
        for index, step in enumerate(job["steps"]):
            name = step.get("name") or step.get("uses") or f"step {index}"
            if "run" not in step:
                continue
            condition = str(step.get("if", ""))
            if failed and "always()" not in condition and "failure()" not in condition:
                results.append((name, None))
                continue
            script = os.path.join(work, f"step-{index}.sh")
            with open(script, "w") as f:
                f.write(expand(step["run"]))
            command = [part.replace("{0}", script) for part in shell_for(step, job, workflow)]
            status = subprocess.run(command, cwd=work, env=env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL).returncode
            results.append((name, status))
            failed = failed or status != 0
        summary = open(env["GITHUB_STEP_SUMMARY"]).read() if os.path.exists(env["GITHUB_STEP_SUMMARY"]) else ""
    return results, summary


def step_status(results, words):
    for name, status in results:
        if all(word in name.lower() for word in words):
            return status
    raise SystemExit(f"workflow-test: no step named with {words} in {[n for n, _ in results]}")


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "docs/github-actions.yml"
    workflow = yaml.safe_load(open(path))
    problems = []

    for job in workflow["jobs"]:
        results, _ = run_job(workflow, job, {})
        for name, status in results:
            if status != 0:
                problems.append(f"(1) every command succeeds, yet job {job}'s step '{name}' ended {status}")

    default = subprocess.run(["bash", "-e", "-c", "false | tee /dev/null"]).returncode
    piped = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", "false | tee /dev/null"]).returncode
    if default != 0 or piped == 0:
        problems.append(f"(2) bash -e gave {default} and bash with pipefail {piped} for 'false | tee'")

    results, _ = run_job(workflow, "report", {"compare": 1})
    if not step_status(results, ["gate", "counts"]):
        problems.append("(3) compare exited 1 (a regression), yet its step passed")
    if all(status in (0, None) for _, status in results):
        problems.append("(3) compare exited 1, yet the job passed")

    results, _ = run_job(workflow, "report", {"ab": 1})
    if not step_status(results, ["times"]):
        problems.append("(4) ab exited 1 (slower), yet its step passed")

    results, summary = run_job(workflow, "report", {"pr-report": 2})
    if not step_status(results, ["pull-request report"]):
        problems.append("(5) pr-report exited 2, yet its step passed")
    if "report" not in summary:
        problems.append("(5) pr-report failed and the job summary was not written")

    for problem in problems:
        print(f"workflow-test: {path}: {problem}", file=sys.stderr)
    if not problems:
        print(f"workflow-test: {path}: every case holds (a failing gate fails its step and its job)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
