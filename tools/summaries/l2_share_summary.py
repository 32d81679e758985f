#!/usr/bin/env python3
"""The L2 roofs of one GPU call side by side: each GPU device's one-reader L2 ceilings per kernel
(OpenCL over CUDA per kernel), its shared-read ceiling ("L2 shared"), and gpu-l2-cache's best
figures from its logs (plain and __ldcg), with Rooflab's ratios to them; then each device's read
sweep inside the L2 (where the L2 peaks).

usage: l2_share_summary.py MACHINE.json GPU_L2_CACHE.log GPU_L2_CACHE_CG.log
"""
import json
import re
import sys


# The L2 search's launch shapes of 4-wide vectors (probes/opencl/bandwidth.cpp): strided blocks,
# a resident grid stride, a quarter of one in batches of 4.
SHAPES = (("strided", "b1"), ("grid", "b1"), ("grid", "b4"))


def shape_of(launch):
    """(loads, grid, batch) of a 4-wide L2 launch name such as w4_wg256_grid2_b4_cg, else None."""
    if not launch.startswith("w4_"):
        return None
    return ("cg" if launch.endswith("_cg") else "volatile",
            "grid" if "_grid" in launch else "strided",
            "b4" if re.search(r"_b\d", launch) else "b1")


def gpu_l2_cache_best(path):
    """(best GB/s, data set kB) of a gpu-l2-cache log: lines 'block kB  set kB  ms  %  GB/s'."""
    best = (0.0, 0.0)
    for line in open(path):
        m = re.match(r"\s*(\d+) kB\s+(\d+) kB\s+\S+ms\s+\S+%\s+([\d.]+) GB/s", line)
        if m and float(m.group(3)) > best[0]:
            best = (float(m.group(3)), float(m.group(2)))
    return best


def cell(m):
    """A ceiling's TB/s and the top of its working set (MiB), or a dash."""
    if not m:
        return "—"
    return f"{m['bytes_per_s']['median'] / 1e12:.3f} ({m['working_set'][1] / 2**20:.1f})"


def main():
    if len(sys.argv) < 4 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    machine = json.load(open(sys.argv[1]))
    machine = machine.get("machine", machine)
    plain, cg = gpu_l2_cache_best(sys.argv[2]), gpu_l2_cache_best(sys.argv[3])
    print(f"gpu-l2-cache best: {plain[0] / 1e3:.3f} TB/s at {plain[1] / 1e3:.1f} MB; "
          f"__ldcg {cg[0] / 1e3:.3f} at {cg[1] / 1e3:.1f} MB")
    l2 = {}
    for d in machine["devices"]:
        cpu_opencl = d["backend"] == "opencl" and "GPU" not in json.dumps(d.get("facts", {}))
        if d["backend"] == "cpu" or cpu_opencl:
            continue
        for m in d["ceilings"]["memory"]:
            if m["level"] in ("L2", "L2 shared", "DRAM"):
                l2[(d["backend"], m["level"], m["kernel"])] = m
        print(f"\n{d['id']} read sweep inside the L2 (MiB: TB/s median):")
        pts = [p for p in d.get("sweep", []) if p["kernel"] == "read"]
        line = []
        for p in sorted(pts, key=lambda p: p["working_set"]):
            s = sorted(p["bytes_per_s"])
            line.append(f"{p['working_set'] / 2**20:.2f}: {s[len(s) // 2] / 1e12:.2f}")
        print("  " + ", ".join(line))
    print("\n| level | kernel | CUDA TB/s (MiB) | OpenCL TB/s (MiB) | OpenCL / CUDA "
          "| OpenCL launch |")
    print("|---|---|---|---|---|---|")
    keys = sorted({(lv, k) for (_, lv, k) in l2}, key=lambda x: (x[0] != "L2", x[0], x[1]))
    for lv, k in keys:
        c, o = l2.get(("cuda", lv, k)), l2.get(("opencl", lv, k))
        ratio = (f"{o['bytes_per_s']['median'] / c['bytes_per_s']['median']:.3f}"
                 if c and o else "—")
        launch = re.search(r"launch (\S+),", o["method"]) if o else None
        launch = launch.group(1) if launch else "—"
        print(f"| {lv} | {k} | {cell(c)} | {cell(o)} | {ratio} | {launch} |")
    for d in machine["devices"]:
        search = d.get("facts", {}).get("bandwidth_l2_search")
        if not search:
            continue
        print(f"\n{d['id']} L2 search, best TB/s of each launch shape (loads; grid; batch):")
        shapes = [f"{loads} {g} {b}" for loads in ("volatile", "cg") for g, b in SHAPES]
        print("| kernel | " + " | ".join(shapes) + " | best |")
        print("|---|" + "---|" * (2 * len(SHAPES) + 1))
        for kernel, rates in sorted(search.items()):
            cells = []
            for loads in ("volatile", "cg"):
                for grid, batch in SHAPES:
                    got = [v for name, v in rates.items() if shape_of(name) == (loads, grid, batch)]
                    cells.append(f"{max(got) / 1e12:.3f}" if got else "—")
            best = max(rates, key=rates.get)
            print(f"| {kernel} | " + " | ".join(cells) + f" | {best} {rates[best] / 1e12:.3f} |")
    for b in ("cuda", "opencl"):
        m = l2.get((b, "L2 shared", "read"))
        if not m:
            continue
        v = m["bytes_per_s"]["median"] / 1e9
        print(f"\n{b} L2 shared {v / 1e3:.3f} TB/s (CV {m['bytes_per_s']['cv']:.4f}): "
              f"{v / plain[0]:.3f}x gpu-l2-cache, {v / cg[0]:.3f}x its __ldcg")
        print("  " + m["method"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
