"""Python regions under `rooflab profile -d cpu`, as the marker header's: a copy of the file goes
to the profile's folder, and each pass goes to its counter library."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

from helpers import roofs_of_a_region, rooflab_binary, run_rooflab

PASSES = 7
PROGRAM = f"""
import sys
import rooflab
regions = rooflab.Regions()
square = regions.add("squares", flops=4e3, bytes=16e3, precision="fp64", working_set=16e3)
values = [float(i) for i in range(2000)]
for _ in range({PASSES}):
    with square.timed():
        sum(v * v for v in values)
regions.write(sys.argv[1])
"""


def test_a_profile_of_a_python_program_has_its_regions(probed_machine, tmp_path):
    (tmp_path / "program.py").write_text(PROGRAM)
    run_rooflab("profile", "-d", "cpu", "--machine", probed_machine, "--no-plain-run", "-o",
                "profile.json", "--", sys.executable, "program.py", "regions.json", cwd=tmp_path)
    profile = json.loads((tmp_path / "profile.json").read_text())
    (region,) = profile["results"]
    assert (region["family"], region["variant"], region["device"]) == ("region", "squares", "cpu")
    assert region["launches"]["launches"] == PASSES
    expected = roofs_of_a_region(probed_machine, region["level"], "fp64")
    assert region["params"]["roofs"].startswith(expected or "all cores")
    assert (region["placement"] is not None) == (expected is not None)


def test_each_pass_goes_to_the_preloaded_counter_library(tmp_path):
    library = pathlib.Path(rooflab_binary()).resolve().parent / "librooflab_regions.so"
    if not library.exists():
        pytest.skip(f"no {library.name} beside rooflab")
    if os.environ.get("ROOFLAB_SANITIZE", "OFF").upper() in ("ON", "1", "TRUE", "YES"):
        pytest.skip(f"a sanitizer build's {library.name} loads only where the sanitizer's runtime "
                    "comes first, not into this Python")
    (tmp_path / "program.py").write_text(PROGRAM)
    out = tmp_path / "out"
    out.mkdir()
    environment = {**os.environ, "LD_PRELOAD": str(library), "ROOFLAB_PROFILE_OUT": str(out)}
    subprocess.run([sys.executable, "program.py", "regions.json"], cwd=tmp_path, check=True,
                   env=environment)
    (counts,) = out.glob("papi.*.json")
    assert json.loads(counts.read_text())["regions"]["squares"]["passes"] == PASSES
