"""Cluster profiles (rooflab.cluster/1, written by `mpirun ... rooflab probe`) as pandas
DataFrames."""

import dataclasses
import os

import pandas as pd

from . import _files, machine
from ._frames import frame, summary, summary_columns
from .machine import Machine, machine_of

SCHEMA = "rooflab.cluster/1"


@dataclasses.dataclass(frozen=True)
class Cluster:
    """A cluster profile: its nodes, each node's machine profile, the network measured between
    the ranks, and the nodes whose roofs lie outside the cluster's spread."""

    source: str
    provenance: dict
    ranks: int
    simulated_nodes: bool  # ranks on one host counted as distinct nodes (--distinct-nodes)
    nodes: pd.DataFrame  # node, host, ranks (list), probing_rank
    machines: dict[str, Machine]  # by node name
    missing: pd.DataFrame  # rank, node, reason: ranks whose profile never reached rank 0
    network: pd.DataFrame  # pattern, from/to rank and node, message_bytes, latency_s, ...
    outlier_rule: dict  # k, mad_scale, floor_fraction, min_values
    outliers: pd.DataFrame  # node, roof, unit (of value and median), value, median, ...

    def compute(self):
        """Every node's measured compute ceilings (Machine.compute) with a `node` column first."""
        return self._per_node("compute", machine.COMPUTE_COLUMNS)

    def memory(self):
        """Every node's measured memory ceilings (Machine.memory) with a `node` column first."""
        return self._per_node("memory", machine.MEMORY_COLUMNS)

    def _per_node(self, table, columns):
        frames = [getattr(m, table).assign(node=name) for name, m in self.machines.items()]
        joined = pd.concat(frames, ignore_index=True) if frames else frame([], columns)
        return joined.reindex(columns=["node", *columns])


def read_cluster(path):
    """The cluster profile at `path` (plain or gzip-compressed JSON). Raises rooflab.FormatError
    naming the file where its schema, or a node's machine's, is not of major version 1, or a field
    is missing."""
    where = f"'{os.fspath(path)}'"
    return cluster_of(_files.load(path), where)


def cluster_of(doc, where):
    """A parsed cluster profile; `where` names it in errors."""
    _files.check_schema(doc, SCHEMA, where)
    return _files.fields(where, _convert, doc, where)


def _convert(doc, where):
    nodes = doc["nodes"]
    return Cluster(
        source=where,
        provenance=doc["provenance"],
        ranks=doc["ranks"],
        simulated_nodes=doc["simulated_nodes"],
        nodes=frame(_files.each(where, "nodes", nodes, _node), NODE_COLUMNS),
        machines={n["name"]: machine_of(n["machine"], f"{where}: nodes[{i}].machine")
                  for i, n in enumerate(nodes)},
        missing=pd.DataFrame(doc["missing"], columns=["rank", "node", "reason"]),
        network=frame(_files.each(where, "network", doc["network"], _link), LINK_COLUMNS),
        outlier_rule=doc["outlier_rule"],
        outliers=pd.DataFrame(doc["outliers"], columns=OUTLIER_COLUMNS),
    )


NODE_COLUMNS = ["node", "host", "ranks", "probing_rank"]


def _node(n):
    return {"node": n["name"], "host": n["host"], "ranks": n["ranks"],
            "probing_rank": n["probing_rank"]}


LINK_COLUMNS = ["pattern", "from_rank", "to_rank", "from_node", "to_node", "same_host",
                "message_bytes", *summary_columns("latency_s", "latency_"),
                *summary_columns("bandwidth_bytes_per_s", "bandwidth_"), "error"]


def _link(link):
    """A measured link, or one that failed (its error said, its summaries NaN)."""
    return {
        "pattern": link["pattern"], "from_rank": link["from_rank"], "to_rank": link["to_rank"],
        "from_node": link["from_node"], "to_node": link["to_node"],
        "same_host": link["same_host"], "message_bytes": link["message_bytes"],
        **summary("latency_s", link["latency_s"], "latency_"),
        **summary("bandwidth_bytes_per_s", link["bandwidth_bytes_per_s"], "bandwidth_"),
        "error": link["error"],
    }


OUTLIER_COLUMNS = ["node", "roof", "unit", "value", "median", "deviation", "ratio"]
