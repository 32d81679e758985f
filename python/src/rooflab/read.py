"""Any Rooflab file, read by the reader its schema names."""

import os

from . import _files
from .cluster import cluster_of
from .machine import machine_of
from .results import results_of

READERS = {"rooflab.machine": machine_of, "rooflab.results": results_of,
           "rooflab.cluster": cluster_of}


def read(path):
    """The Machine, Results (a run's, a profile's or regions') or Cluster at `path`, by the file's
    "schema" field. Raises rooflab.FormatError naming the file where it is none of them."""
    where = f"'{os.fspath(path)}'"
    doc = _files.load(path)
    reader = READERS.get(_files.schema_name(doc))
    if reader is not None:
        return reader(doc, where)
    found = doc.get("schema") if isinstance(doc, dict) else None
    what = f'schema "{_files.quoted(found)}" is' if isinstance(found, str) else 'no "schema" field:'
    raise _files.FormatError(f"{where}: {what} not a Rooflab machine, results or cluster file")
