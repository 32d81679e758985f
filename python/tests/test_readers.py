"""The readers against the files the C++ code writes: every record a row, every figure as the
file has it, and what they derive (rates, intensity, roofs, statistics) as Rooflab derives it."""

import csv
import gzip
import json
import math

import pytest

import rooflab
from helpers import CLUSTER, RECORDED_PROFILE
from rooflab import _stats


def loaded(path):
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt") as f:
        return json.load(f)


def params_key(params):
    """A result's parameters as nlohmann::json dumps them (the report's CSV): keys sorted."""
    return json.dumps(params, sort_keys=True, separators=(",", ":"))


def test_a_machine_profile_has_a_row_per_ceiling(probed_machine):
    doc = loaded(probed_machine)
    machine = rooflab.read_machine(probed_machine)
    assert list(machine.devices["device"]) == [d["id"] for d in doc["devices"]] == ["cpu"]
    cpu = doc["devices"][0]
    assert len(machine.compute) == len(cpu["ceilings"]["compute"]) > 0
    assert len(machine.memory) == len(cpu["ceilings"]["memory"]) > 0
    for row, ceiling in zip(machine.compute.itertuples(), cpu["ceilings"]["compute"]):
        assert (row.precision, row.path, row.threads) == (
            ceiling["precision"], ceiling["path"], ceiling["threads"])
        assert row.flops_per_s == ceiling["flops_per_s"]["median"]
        assert row.flops_per_s_ci_low == ceiling["flops_per_s"]["ci_low"]
    for row, ceiling in zip(machine.memory.itertuples(), cpu["ceilings"]["memory"]):
        assert (row.level, row.kernel, row.bytes_per_s) == (
            ceiling["level"], ceiling["kernel"], ceiling["bytes_per_s"]["median"])
        assert [row.working_set_min_bytes, row.working_set_max_bytes] == ceiling["working_set"]
    assert len(machine.sweep) == len(cpu["sweep"])
    assert len(machine.caches) == len(cpu["caches"])
    assert machine.provenance == doc["provenance"]


def test_roofs_are_the_ceilings_of_the_most_threads_and_each_levels_fastest(probed_machine):
    machine = rooflab.read_machine(probed_machine)
    most = max(machine.compute["threads"].max(), machine.memory["threads"].max())
    roofs = machine.roofs()
    assert set(roofs["threads"]) == {most}
    compute = roofs[roofs["kind"] == "compute"]
    assert len(compute) == (machine.compute["threads"] == most).sum()
    memory = roofs[roofs["kind"] == "memory"].set_index("level")["bytes_per_s"]
    expected = machine.memory[machine.memory["threads"] == most].groupby("level")["bytes_per_s"]
    assert memory.sort_index().to_dict() == expected.max().sort_index().to_dict()
    one = machine.roofs(threads=1)
    assert set(one["threads"]) <= {1}


def test_results_are_the_rows_of_the_reports_csv(stream_results):
    results = rooflab.read_results(stream_results).results
    with open(stream_results.parent / "csv/results.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(results) == len(rows) > 0
    # What makes a result one measurement (reports::match_key).
    keys = list(zip(results["family"], results["variant"], results["precision"],
                    results["params"].map(params_key)))
    assert len(set(keys)) == len(keys)
    ours = dict(zip(keys, results.itertuples()))
    for row in rows:
        mine = ours[(row["family"], row["variant"], row["precision"], row["params"])]
        assert (mine.device, mine.level) == (row["device"], row["level"])
        assert mine.ok == (row["status"] == "ok")
        assert mine.plotted == (row["plotted"] == "true")
        for column, theirs in (("flops", "flops"), ("bytes", "bytes"), ("ai", "ai"),
                               ("time_s", "time_median_s"), ("time_s_ci_low", "time_ci_low_s"),
                               ("time_s_ci_high", "time_ci_high_s"),
                               ("flops_per_s", "flops_per_s"), ("bytes_per_s", "bytes_per_s"),
                               ("attainable_flops_per_s", "attainable_flops_per_s"),
                               ("efficiency", "efficiency"), ("efficiency_now", "efficiency_now"),
                               ("roof_now_bytes_per_s", "roof_now_bytes_per_s")):
            expected = float(row[theirs]) if row[theirs] != "" else math.nan
            assert getattr(mine, column) == pytest.approx(expected, rel=1e-12, nan_ok=True), (
                column, row)


def test_placements_are_under_the_roofs_the_reader_finds(stream_results):
    results = rooflab.read_results(stream_results)
    roofs = results.machine.roofs()
    peaks = roofs[roofs["kind"] == "compute"].groupby("precision")["flops_per_s"].max()
    bandwidths = roofs[roofs["kind"] == "memory"].set_index("level")["bytes_per_s"]
    ok = results.results[results.results["ok"]]
    roofed = ok["level"].isin(bandwidths.index) & ok["precision"].isin(peaks.index)
    placed = ok.dropna(subset=["efficiency"])
    assert list(placed.index) == list(ok[roofed].index) and len(placed) > 0
    for r in placed.itertuples():
        assert r.attainable_flops_per_s == pytest.approx(
            min(peaks[r.precision], bandwidths[r.roof_level] * r.ai), rel=1e-12)


def test_a_results_summary_is_what_rooflab_computes_from_its_samples(stream_results):
    doc = loaded(stream_results)
    timed = [r for r in doc["results"] + doc.get("roof_checks", []) if r["time"]]
    assert timed
    for r in timed:
        # ci_level from a sum of binomial probabilities, Boost's and lgamma's: alike to 1e-9.
        assert _stats.summarize(r["samples"]) == pytest.approx(r["time"], rel=1e-9), r["variant"]


def test_a_compressed_profile_of_a_program_has_its_kernels_and_counters():
    doc = loaded(RECORDED_PROFILE)
    profile = rooflab.read(RECORDED_PROFILE)
    assert isinstance(profile, rooflab.Results)
    assert profile.program == doc["program"]
    kernels = profile.results
    assert list(kernels["family"].unique()) == ["program"]
    assert list(kernels["device"].unique()) == ["cuda:0"]
    first = doc["results"][0]
    assert kernels.loc[0, "launches"] == first["launches"]["launches"]
    assert kernels.loc[0, "launches_total_s"] == first["launches"]["total_seconds"]
    assert kernels.loc[0, "share"] == first["launches"]["share"]
    assert kernels.loc[0, "measured_flops"] == first["measured"]["flops"]
    assert kernels.loc[0, "measured_bytes"] == first["measured"]["bytes"]
    assert kernels.loc[0, "efficiency"] == first["placement"]["efficiency"]
    assert kernels.loc[0, "params"]["kernel"] == first["params"]["kernel"]
    assert len(profile.counters) == sum(len(r.get("counters", {})) for r in doc["results"])
    assert set(profile.counters["verdict"]) <= {"agrees", "disagrees", "uncalibrated", "n/a"}
    assert len(profile.calibration) == len(doc["calibration"])
    roofs = profile.machine.roofs()
    assert {"fp32", "fp16_tensor"} <= set(roofs["precision"])
    assert {"DRAM", "L2"} <= set(roofs["level"])


def test_a_cluster_profile_has_its_nodes_network_and_outliers():
    doc = loaded(CLUSTER)
    cluster = rooflab.read(CLUSTER)
    assert isinstance(cluster, rooflab.Cluster)
    names = [n["name"] for n in doc["nodes"]]
    assert list(cluster.nodes["node"]) == list(cluster.machines) == names
    assert len(cluster.network) == len(doc["network"])
    measured = [link for link in doc["network"] if link["error"] == ""]
    assert list(cluster.network.dropna(subset=["latency_s"])["latency_s"]) == [
        link["latency_s"]["median"] for link in measured]
    assert cluster.outliers.to_dict("records") == doc["outliers"]
    assert cluster.missing.to_dict("records") == [
        {k: m[k] for k in ("rank", "node", "reason")} for m in doc["missing"]]
    memory = cluster.memory()
    assert list(memory.columns[:2]) == ["node", "device"]
    assert len(memory) == sum(len(d["ceilings"]["memory"]) for n in doc["nodes"]
                              for d in n["machine"]["devices"])


def test_read_returns_the_reader_the_schema_names(probed_machine, stream_results):
    assert isinstance(rooflab.read(probed_machine), rooflab.Machine)
    assert isinstance(rooflab.read(stream_results), rooflab.Results)


def test_summaries_of_few_and_many_samples():
    assert _stats.summarize([3.0]) == {
        "n": 1, "median": 3.0, "min": 3.0, "max": 3.0, "mean": 3.0, "ci_low": 3.0,
        "ci_high": 3.0, "ci_level": 0.0, "cv": 0.0, "unstable": False}
    nine = _stats.summarize([9.0, 1.0, 8.0, 2.0, 7.0, 3.0, 6.0, 4.0, 5.0])
    # With 9 samples the 2nd and 8th bound the median with 1 - 2 * 10/512 coverage.
    assert (nine["median"], nine["ci_low"], nine["ci_high"]) == (5.0, 2.0, 8.0)
    assert nine["ci_level"] == pytest.approx(1 - 2 * 10 / 512, rel=1e-12)
    hundred = _stats.summarize([float(v) for v in range(1, 101)])
    assert (hundred["ci_low"], hundred["ci_high"]) == (40.0, 61.0)  # the textbook interval
