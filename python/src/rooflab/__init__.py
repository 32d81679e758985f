"""Rooflab in Python: its machine, results, profile and cluster files as pandas DataFrames, the
roofline of a device in matplotlib, and regions of Python code timed (on the host's clock or by
CUDA events) into a results file that `rooflab report` places under the measured roofs.

Every column that has a unit names it, in SI base units: `_s` seconds, `_bytes` bytes,
`_per_s` per second (flops_per_s: FLOP/s, bytes_per_s: B/s); `flops` counts floating-point
operations and `ai` is FLOP per byte. A measured quantity's column holds the median of its
repetitions, with `_ci_low`, `_ci_high` (the 95% confidence interval of the median), `_min` and
`_max` beside it.
"""

from ._files import FormatError
from .cluster import Cluster, read_cluster
from .machine import Machine, read_machine
from .plot import plot_roofline
from .read import read
from .regions import CudaUnavailable, Region, Regions
from .results import Results, read_results

__all__ = [
    "Cluster", "CudaUnavailable", "FormatError", "Machine", "Region", "Regions", "Results",
    "plot_roofline", "read", "read_cluster", "read_machine", "read_results",
]
