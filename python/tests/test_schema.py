"""Each reader checks the file's schema line and its major version, and says which file and what
it found where it refuses one."""

import gzip
import json

import pytest

import rooflab
from helpers import CLUSTER, RECORDED_PROFILE


def recorded():
    with gzip.open(RECORDED_PROFILE, "rt") as f:
        return json.load(f)


def written(tmp_path, doc, name="file.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def refusal(reader, path):
    """The message of the FormatError that reader(path) raises."""
    with pytest.raises(rooflab.FormatError) as refused:
        reader(path)
    return str(refused.value)


def test_a_later_major_version_is_refused_with_the_file_and_the_version(tmp_path):
    doc = recorded()
    doc["schema"] = "rooflab.results/2"
    path = written(tmp_path, doc)
    assert refusal(rooflab.read_results, path) == (
        f"'{path}': schema \"rooflab.results/2\" has unknown major version 2 "
        "(this reader reads rooflab.results/1)")
    assert "unknown major version 2" in refusal(rooflab.read, path)


def test_a_later_minor_version_is_read(tmp_path):
    doc = recorded()
    doc["schema"] = "rooflab.results/1.7"
    doc["machine"]["schema"] = "rooflab.machine/1.2"
    results = rooflab.read_results(written(tmp_path, doc))
    assert len(results.results) == len(doc["results"])


def test_the_embedded_machine_profile_is_checked_too(tmp_path):
    doc = recorded()
    doc["machine"]["schema"] = "rooflab.machine/3"
    path = written(tmp_path, doc)
    assert refusal(rooflab.read_results, path).startswith(
        f"'{path}': machine: schema \"rooflab.machine/3\" has unknown major version 3")


def test_another_kind_of_file_is_refused_by_name(tmp_path):
    doc = recorded()["machine"]
    path = written(tmp_path, doc)
    assert list(rooflab.read_machine(path).devices["device"]) == ["cuda:0"]
    assert refusal(rooflab.read_results, path) == (
        f"'{path}': schema \"rooflab.machine/1\" is not rooflab.results/1")
    doc["schema"] = "rooflab.machine/2"
    assert "unknown major version 2" in refusal(rooflab.read_machine, written(tmp_path, doc))


def test_a_file_without_a_schema_field_is_refused(tmp_path):
    path = written(tmp_path, {"results": []})
    assert refusal(rooflab.read_results, path) == (
        f"'{path}': no \"schema\" field (expected rooflab.results/1)")
    assert "not a Rooflab machine, results or cluster file" in refusal(rooflab.read, path)


def test_read_names_a_schema_it_does_not_know(tmp_path):
    path = written(tmp_path, {"schema": "nvbench/1"})
    assert refusal(rooflab.read, path) == (
        f"'{path}': schema \"nvbench/1\" is not a Rooflab machine, results or cluster file")


def test_a_cluster_node_machine_of_another_major_version_is_refused(tmp_path):
    doc = json.loads(CLUSTER.read_text())
    assert rooflab.read_cluster(written(tmp_path, doc)).ranks == doc["ranks"]
    doc["nodes"][1]["machine"]["schema"] = "rooflab.machine/9"
    path = written(tmp_path, doc)
    assert refusal(rooflab.read_cluster, path).startswith(
        f"'{path}': nodes[1].machine: schema \"rooflab.machine/9\" has unknown major version 9")


def test_a_missing_field_is_named(tmp_path):
    doc = recorded()
    del doc["results"][3]["work"]
    path = written(tmp_path, doc)
    assert refusal(rooflab.read_results, path) == f"'{path}': results[3]: no field 'work'"


def test_a_file_that_does_not_parse_is_named(tmp_path):
    path = tmp_path / "torn.json"
    path.write_text('{"schema": "rooflab.results/1", "results": [')
    assert refusal(rooflab.read, path).startswith(f"'{path}': not valid JSON")
