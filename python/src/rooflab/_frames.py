"""Rows of the DataFrames: how a JSON record becomes columns whose names carry their units."""

import math

import pandas as pd

EXTREMES = ("ci_low", "ci_high", "min", "max")
SPREAD = ("n", "ci_level", "cv", "unstable")


def summary_columns(name, spread=""):
    """The columns of summary(name, ..., spread), in order."""
    return [name, *(f"{name}_{k}" for k in EXTREMES), *(spread + k for k in SPREAD)]


def summary(name, s, spread=""):
    """A measured quantity's summary (a "time" or "flops_per_s" object of a Rooflab file) as
    columns: `name` is its median, name_ci_low and name_ci_high the 95% confidence interval of the
    median, name_min and name_max its extremes, with n, ci_level, cv and unstable beside them
    (after `spread`, for a row of two summaries); NaN (n 0) where the file has none."""
    if s is None:
        s = {"median": math.nan, **dict.fromkeys(EXTREMES, math.nan), "n": 0,
             "ci_level": math.nan, "cv": math.nan, "unstable": False}
    return {name: s["median"], **{f"{name}_{k}": s[k] for k in EXTREMES},
            **{spread + k: s[k] for k in SPREAD}}


def frame(rows, columns):
    """rows (dicts) as a DataFrame with `columns` in this order, also when there are none."""
    # The columns are written twice (here for an empty frame, in the rows): keep them one list.
    assert not rows or list(rows[0]) == list(columns), (list(rows[0]), list(columns))
    return pd.DataFrame(rows, columns=columns)
