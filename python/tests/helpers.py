"""What the tests share: the files the repository keeps (a recorded GPU profile, a cluster profile
written by the C++ writer) and the rooflab binary named by the environment variable ROOFLAB
(ctest's python.package sets it), which writes a CPU machine profile and results at test time."""

import os
import pathlib
import subprocess

import pytest

import rooflab

REPO = pathlib.Path(__file__).resolve().parents[2]
# `rooflab profile -- python3 tools/gpu/torch_model.py` on an H200: a program's CUDA kernels,
# counted and placed, gzip-compressed as data/recorded keeps its files.
RECORDED_PROFILE = REPO / "data/recorded/h200/profile/torch.json.gz"
CLUSTER = REPO / "tests/fuzz/corpus/cluster/sample_cluster.json"


def rooflab_binary():
    """ROOFLAB, or a skip that says why the test cannot run without it."""
    binary = os.environ.get("ROOFLAB")
    if not binary:
        pytest.skip("ROOFLAB is not set: it names the rooflab binary that writes the files this "
                    "test reads (ctest's python.package sets it)")
    return binary


def run_rooflab(*args, cwd):
    """Runs ROOFLAB with args in cwd; fails the test with its stderr where it exits non-zero."""
    done = subprocess.run([rooflab_binary(), *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, f"rooflab {' '.join(map(str, args))}: {done.stderr}"
    return done


def roofs_of_a_region(machine_path, level, precision):
    """Which roofs `rooflab report` places a one-thread region of `level` and `precision` under:
    one thread's where the profile has that level's and that precision's ("measured with 1
    thread", the start of the result's params "roofs"), else all cores' where they have them ("all
    cores"); None where neither has them and the region is left unplaced."""
    machine = rooflab.read_machine(machine_path)
    for threads, said in ((1, "measured with 1 thread"), (None, "all cores")):
        roofs = machine.roofs(threads)
        if level in set(roofs["level"]) and precision in set(roofs["precision"]):
            return said
    return None
