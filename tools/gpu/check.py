#!/usr/bin/env python3
"""Runs GPU checks on a GPU machine, from binaries built elsewhere: each family's steps
(families.py) in order, each with its output in a log of its own; a failing step is reported with
the tail of its log and the next one still runs. What each family shows (its summary, the lines
that matter of some logs) is printed last.

usage: check.py [--dry-run] FAMILY[,FAMILY...] BIN_DIR OUT_DIR [ARGS...]
       check.py --list

BIN_DIR: rooflab and the test binaries (a release build's roofline/cli/rooflab and tests/*/...
binaries, gathered in one folder), with BIN_DIR/lib holding the shared libraries the machine
lacks. Each family's logs and outputs go to OUT_DIR/FAMILY. ARGS replace the families' default
arguments (opencl_scan: --size N). --dry-run prints the commands instead of running them. Exits 1
when a step failed, 2 on a usage error.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from families import FAMILIES

TOOLS = Path(__file__).resolve().parent.parent


def cuda_program(name):
    """A CUDA toolkit program: the one on the PATH, else the toolkit's default place."""
    return shutil.which(name) or f"/usr/local/cuda/bin/{name}"


def fill(command, values):
    """COMMAND with its placeholders filled in; a list value is spliced where an argument is
    exactly its placeholder. Braces of other names (rooflab's own {local_rank}) stay."""
    out = []
    for arg in command:
        whole = re.fullmatch(r"\{(\w+)\}", arg)
        if whole and isinstance(values.get(whole[1]), list):
            out += values[whole[1]]
        else:
            out.append(re.sub(r"\{(\w+)\}", lambda m: values.get(m[1], m[0]), arg))
    return out


class Runner:
    """Runs steps with their output in OUT/NAME.log; remembers whether one failed."""

    def __init__(self, out, env, dry_run):
        self.out, self.env, self.dry_run = out, env, dry_run
        self.failed = False

    def log(self, name):
        return self.out / f"{name}.log"

    def step(self, name, command, timeout=0):
        if timeout:
            # timeout(1) rather than Python's: it stops what the command started too.
            command = ["timeout", str(timeout), *command]
        if self.dry_run:
            print(f"{name}: {shlex.join(command)}")
            return
        start = time.monotonic()
        with open(self.log(name), "w") as log:
            try:
                rc = subprocess.run(command, stdout=log, stderr=subprocess.STDOUT,
                                    env=self.env).returncode
            except OSError as error:
                print(error, file=log)
                rc = 127
        print(f"{name}: rc={rc} ({time.monotonic() - start:.0f} s)", flush=True)
        if rc != 0:
            self.failed = True
            print(*self.log(name).read_text(errors="replace").splitlines()[-15:], sep="\n")


def nvidia_opencl(run, values):
    """NVIDIA's first OpenCL device that `rooflab devices` lists, or None."""
    run.step("devices", fill(["{bin}/rooflab", "devices"], values))
    if run.dry_run:
        return "opencl:P:D"
    listed = run.log("devices").read_text(errors="replace")
    print(listed, end="")
    found = re.search(r"^(opencl:\S+).*NVIDIA", listed, re.MULTILINE)
    return found[1] if found else None


def every_gpu():
    """-d cuda:G for every GPU that nvidia-smi lists."""
    listed = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True).stdout
    return [arg for g in range(len(listed.splitlines())) for arg in ("-d", f"cuda:{g}")]


def shown(log, show):
    """The lines of LOG that a step shows: those matching SHOW (a regex), or its last SHOW."""
    if not log.exists():
        return []
    lines = log.read_text(errors="replace").splitlines()
    if isinstance(show, int):
        return lines[-show:]
    return [line for line in lines if re.search(show, line)]


def check(name, family, bin_dir, out, args, dry_run):
    """Runs one family's steps into OUT; True when none failed."""
    env = dict(os.environ)
    run = Runner(out, env, dry_run)
    values = {"bin": str(bin_dir), "out": str(out), "tools": str(TOOLS),
              "sanitizer": cuda_program("compute-sanitizer"),
              "cuobjdump": cuda_program("cuobjdump"),
              "args": list(args or family.args), "with_opencl": []}
    print(f"== {name}: {out}")
    if not dry_run:
        out.mkdir(parents=True, exist_ok=True)
    run.step("gpu", ["nvidia-smi", "--query-gpu=name,clocks.max.sm,clocks.sm,memory.total",
                     "--format=csv"])
    if not dry_run:
        print(run.log("gpu").read_text(errors="replace"), end="")
    if family.opencl:
        opencl = nvidia_opencl(run, values)
        if opencl:
            values.update(opencl=opencl, with_opencl=["-d", opencl])
            env["ROOFLAB_TEST_OPENCL_DEVICE"] = opencl  # the OpenCL tests' device
        elif family.opencl == "required":
            print("no NVIDIA OpenCL device listed: is OCL_ICD_VENDORS set?")
            return False
    if any("{gpus}" in step.command for step in family.steps):
        values["gpus"] = ["-d", "cuda:G"] if dry_run else every_gpu()
    for step in family.steps:
        have = "opencl" in values if step.needs == "opencl" else shutil.which(step.needs)
        if step.needs and not have and not dry_run:
            print(f"{step.name}: skipped (no {step.needs})")
            continue
        run.step(step.name, fill(step.command, values), step.timeout)
    if not dry_run:
        for step in family.steps:
            if step.show is not None:
                print(*shown(run.log(step.name), step.show), sep="\n")
    return not run.failed


def families_text():
    return "\n".join(textwrap.fill(f"{name}: {family.about}", 100, subsequent_indent="  ")
                     for name, family in FAMILIES.items())


def main(argv):
    if argv[:1] == ["--list"]:
        print(families_text())
        return 0
    dry_run = argv[:1] == ["--dry-run"]
    argv = argv[dry_run:]
    if len(argv) < 3:
        print(__doc__ + "\nfamilies:\n" + families_text(), file=sys.stderr)
        return 2
    names, bin_dir, out = argv[0].split(","), Path(argv[1]).resolve(), Path(argv[2])
    unknown = [name for name in names if name not in FAMILIES]
    if unknown:
        print(f"check.py: unknown family {', '.join(map(repr, unknown))}; the families are "
              f"{', '.join(FAMILIES)}", file=sys.stderr)
        return 2
    # Libraries carried beside the binaries first; libcupti where the toolkit keeps it apart.
    cupti = Path(cuda_program("nvcc")).parent.parent / "extras/CUPTI/lib64"
    paths = [bin_dir / "lib", *os.environ.get("LD_LIBRARY_PATH", "").split(":"), cupti]
    os.environ["LD_LIBRARY_PATH"] = ":".join(str(p) for p in paths if str(p) and Path(p).is_dir())
    os.environ["PYTHONUNBUFFERED"] = "1"  # a Python step's log in the order it was written
    ok = [check(name, FAMILIES[name], bin_dir, out / name, argv[3:], dry_run) for name in names]
    return 0 if all(ok) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
