"""How docs/figures.md writes numbers, sizes, times, commits and tables."""
import math

PREFIXES = [(1e15, "P"), (1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"), (1.0, ""),
            (1e-3, "m"), (1e-6, "µ"), (1e-9, "n"), (1e-12, "p")]


def si(value, unit):
    """`value` with an SI prefix and four significant digits: 4.668 TB/s, 8.575 µs."""
    if value is None:
        return "—"
    for scale, prefix in PREFIXES:
        if abs(value) >= scale or scale == PREFIXES[-1][0]:
            scaled = value / scale
            decimals = max(0, 3 - int(math.floor(math.log10(abs(scaled))))) if scaled else 3
            return f"{scaled:.{decimals}f} {prefix}{unit}"
    raise AssertionError("unreachable")


def ratio(a, b):
    return f"{a / b:.3f}" if a is not None and b else "—"


def size_text(name, value):
    """A size parameter: n = 2^28 for a power of two from 1024 up, else the number."""
    if isinstance(value, int) and value >= 1024 and value & (value - 1) == 0:
        return f"{name} = 2^{value.bit_length() - 1}"
    return f"{name} = {value}"


def when(time):
    """An ISO time of a provenance, 2026-11-30T00:03:55Z, as 2026-11-30 00:03 UTC."""
    return f"{time[:10]} {time[11:16]} UTC"


def short_commit(commit):
    head, _, tail = commit.partition("-")
    return head[:7] + ("-" + tail if tail else "")


def data_precision(precision):
    """The type of the data a kernel of `precision` multiplies, as roofline::data_precision says
    (roofline/src/work.cpp): a tensor precision's input type, the precision itself otherwise."""
    return {"fp16_tensor": "fp16", "bf16_tensor": "bf16", "tf32_tensor": "fp32",
            "fp64_tensor": "fp64"}.get(precision, precision)


def cell(text):
    return str(text).replace("|", "\\|")


def table(header, rows, keep_empty=True):
    """A Markdown table; a header ending in ':' is a column of numbers, aligned right. Without
    keep_empty, a column whose every row is "—" is left out."""
    if not keep_empty and rows:
        keep = [i for i in range(len(header)) if any(row[i] != "—" for row in rows)]
        header = [header[i] for i in keep]
        rows = [[row[i] for i in keep] for row in rows]
    lines = ["| " + " | ".join(h.rstrip(":") for h in header) + " |",
             "| " + " | ".join("--:" if h.endswith(":") else "---" for h in header) + " |"]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return lines
