"""Regions of Python code: validated as region.hpp validates them, timed, and written as the file
region.hpp writes, field for field."""

import json
import os
import re
import stat
import subprocess
import sys

import pytest

import rooflab
from helpers import REPO
from rooflab import _stats
from rooflab import regions as regions_module

HEADER = REPO / "roofline/include/roofline/region.hpp"


@pytest.mark.parametrize("arguments, message", [
    ({"name": ""}, "rooflab.Region: the name is '', expected a non-empty string"),
    ({"flops": -1}, "'r': flops is -1, expected a finite number >= 0"),
    ({"bytes": float("nan")}, "'r': bytes is nan, expected a finite number >= 0"),
    ({"working_set": float("inf")}, "'r': working_set is inf, expected a finite number >= 0"),
    ({"flops": "12"}, "'r': flops is '12', expected a finite number >= 0"),
    ({"flops": 10**400}, "'r': flops is 1000"),  # an int beyond the floats
    ({"bytes": True}, "'r': bytes is True, expected a finite number >= 0"),
    ({"precision": "fp8"}, "'r': precision 'fp8' is not fp16, bf16, fp32 or fp64"),
    ({"precision": "fp16_tensor"}, "'r': precision 'fp16_tensor' is not fp16, bf16, fp32"),
    ({"threads": 0}, "'r': threads is 0, expected 1 or more"),
    ({"threads": 1.5}, "'r': threads is 1.5, expected 1 or more"),
])
def test_a_region_with_bad_work_is_refused_naming_the_value(arguments, message):
    with pytest.raises(ValueError) as refused:
        rooflab.Regions().add(**{"name": "r", "flops": 1.0, "bytes": 1.0, **arguments})
    assert message in str(refused.value)


def timed_regions():
    regions = rooflab.Regions()
    work = regions.add("sum_of_squares", flops=2e5, bytes=8e5, precision="fp64", threads=1,
                       working_set=8e5)
    values = [float(i) for i in range(100_000)]
    for _ in range(5):
        with work.timed():
            sum(v * v for v in values)
    regions.add("never_timed", flops=1, bytes=1)
    return regions, work


def keys(value):
    """Every key of a JSON document, at any depth."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def test_the_file_has_the_fields_region_hpp_writes(tmp_path):
    regions, work = timed_regions()
    regions.write(tmp_path / "regions.json")
    doc = json.loads((tmp_path / "regions.json").read_text())
    # The header writes its JSON by hand: each key appears in it as \"key\":.
    assert keys(doc) == set(re.findall(r'\\"([a-z_]+)\\":', HEADER.read_text()))
    assert doc["schema"] == "rooflab.results/1"
    assert [d["id"] for d in doc["machine"]["devices"]] == ["cpu"]
    timed, never = doc["results"]
    assert timed["family"] == "region" and timed["variant"] == "sum_of_squares"
    assert (timed["backend"], timed["device"]) == ("cpu", "cpu")
    assert timed["params"]["threads"] == timed["params"]["roof_threads"] == 1
    assert timed["work"] == {"precision": "fp64", "flops": 2e5, "bytes": 8e5,
                             "bytes_write_allocate": 8e5, "working_set": 8e5}
    assert timed["verification"]["message"] == "not verified by Rooflab: a marked region"
    assert timed["samples"] == work.samples and len(work.samples) == 5
    assert all(s > 0 for s in timed["samples"])
    assert (timed["error"], timed["time"], timed["placement"], timed["level"]) == ("", None, None,
                                                                                   "")
    assert never["samples"] == [] and never["error"].startswith("no pass was marked")


def test_the_file_meets_the_results_schema(tmp_path):
    pytest.importorskip("jsonschema", reason="the schema check needs jsonschema "
                        "(Debian: python3-jsonschema)")
    regions, _ = timed_regions()
    regions.write(tmp_path / "regions.json")
    subprocess.run([sys.executable, REPO / "tests/schema/validate.py", REPO / "data/schema",
                    tmp_path / "regions.json"], check=True)


def test_the_reader_summarizes_the_passes_as_rooflab_does(tmp_path):
    regions, work = timed_regions()
    regions.write(tmp_path / "regions.json")
    rows = rooflab.read_results(tmp_path / "regions.json").results.set_index("variant")
    timed = rows.loc["sum_of_squares"]
    summary = _stats.summarize(work.samples)
    assert (timed.time_s, timed.time_s_ci_low, timed.n) == (summary["median"],
                                                            summary["ci_low"], 5)
    assert timed.ok and timed.plotted and timed.ai == 0.25
    assert timed.flops_per_s == 2e5 / summary["median"]
    assert not rows.loc["never_timed"].ok


def test_a_pass_whose_work_raises_is_not_kept():
    region = rooflab.Regions().add("r", flops=1, bytes=1)
    with pytest.raises(ZeroDivisionError):
        with region.timed():
            1 / 0
    with region.timed():
        pass
    assert len(region.samples) == 1


def test_start_and_stop_must_alternate():
    region = rooflab.Regions().add("r", flops=1, bytes=1)
    with pytest.raises(RuntimeError, match="'r': stop\\(\\) without start\\(\\)"):
        region.stop()
    region.start()
    with pytest.raises(RuntimeError, match="'r': start\\(\\) again before stop\\(\\)"):
        region.start()
    region.stop()
    assert len(region.samples) == 1


def test_a_pass_below_the_timers_resolution_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(regions_module.time, "perf_counter", lambda: 5.0)
    regions = rooflab.Regions()
    with regions.add("instant", flops=1, bytes=1).timed():
        pass
    with pytest.raises(ValueError, match="'instant': pass 1 took 0.0 s, below the timer's"):
        regions.write(tmp_path / "regions.json")
    assert not (tmp_path / "regions.json").exists()


def test_writing_replaces_the_file_whole_keeping_its_mode_and_links(tmp_path):
    regions, _ = timed_regions()
    target = tmp_path / "target.json"
    target.write_text("old")
    target.chmod(0o640)
    link = tmp_path / "regions.json"
    link.symlink_to(target)
    regions.write(link)
    assert link.is_symlink()
    assert json.loads(target.read_text())["schema"] == "rooflab.results/1"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(os.listdir(tmp_path)) == ["regions.json", "target.json"]  # no temporary left


def test_a_file_that_cannot_be_written_is_named(tmp_path):
    path = tmp_path / "missing-folder" / "regions.json"
    with pytest.raises(OSError, match=re.escape(f"cannot write '{path}'")):
        rooflab.Regions().write(path)


def test_under_rooflab_profile_a_copy_goes_to_its_folder(tmp_path, monkeypatch):
    folder = tmp_path / "profile-out"
    folder.mkdir()
    monkeypatch.setenv("ROOFLAB_PROFILE_OUT", str(folder))
    regions, _ = timed_regions()
    regions.write(tmp_path / "regions.json")
    (copy,) = folder.iterdir()
    assert re.fullmatch(r"regions\.[0-9]+-[0-9]+\.json", copy.name)
    assert copy.read_text() == (tmp_path / "regions.json").read_text()
