#!/usr/bin/env python3
"""Summarizes repeated `rooflab` runs: the ceilings against their theoretical peaks, the SIMD stream
kernels against the plain OpenMP loop of the same run, and the nested SAXPY sweep against its
attainable roof (per run, the faster of its variants at each depth), under the probe's roof and
under the roof measured in the same seconds (efficiency_now). Figures are medians over the runs.

usage: perf_summary.py RUN_DIR...   (each holding the results.json of one bare `rooflab` run)
"""
import json
import statistics
import sys


def median(values):
    return statistics.median(values) if values else float("nan")


def load(folder):
    with open(f"{folder}/results.json") as f:
        return json.load(f)


def own_results(run):
    """The results of the run's first device (the CPU): a bare run also measures PoCL's device."""
    device = run["machine"]["devices"][0]["id"]
    return [r for r in run["results"] if r["device"] == device]


def rate(result):
    return result["work"]["bytes"] / result["time"]["median"]


def roof_check_ratios(run):
    """The run's roof checks on its first device, before and after its cases: the fastest of the
    roof's kernels at each against the roof of their level."""
    dev = run["machine"]["devices"][0]
    threads = max(m["threads"] for m in dev["ceilings"]["memory"])
    out = []
    for when in ("before", "after"):
        checks = [c for c in run.get("roof_checks", [])
                  if c["device"] == dev["id"] and c["params"]["when"] == when and c["time"]]
        if not checks:
            continue
        fastest = max(checks, key=rate)
        roof = max(m["bytes_per_s"]["median"] for m in dev["ceilings"]["memory"]
                   if m["level"] == fastest["level"] and m["threads"] == threads)
        out.append(rate(fastest) / roof)
    return out


def roof_held(run):
    ratios = roof_check_ratios(run)
    return bool(ratios) and all(abs(r - 1) <= 0.10 for r in ratios)


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    runs = [load(d) for d in sys.argv[1:]]
    print(f"{len(runs)} runs; medians over runs\n")

    print("| run | roof checks before, after (/ probe's roof) | roof held |")
    print("|---|---|---|")
    for i, run in enumerate(runs, 1):
        checks = ", ".join(f"{r:.3f}" for r in roof_check_ratios(run)) or "none"
        print(f"| {i} | {checks} | {'yes' if roof_held(run) else 'no'} |")
    print()

    print("| ceiling | threads | measured | theoretical at measured clock | ratio |")
    print("|---|---|---|---|---|")
    ratios = {}
    for run in runs:
        dev = run["machine"]["devices"][0]
        theo = {(t["precision"], t["path"], t["threads"]): t["flops_per_s"]
                for t in dev["theoretical"]["compute"]}
        for c in dev["ceilings"]["compute"]:
            key = (c["precision"], c["path"], c["threads"])
            if key in theo:
                ratios.setdefault(key, []).append((c["flops_per_s"]["median"], theo[key]))
    for key in sorted(ratios):
        pairs = ratios[key]
        print(f"| {key[0]} {key[1]} | {key[2]} | {median([p[0] for p in pairs]) / 1e9:.1f} GFLOP/s "
              f"| {median([p[1] for p in pairs]) / 1e9:.1f} GFLOP/s "
              f"| {median([p[0] / p[1] for p in pairs]):.3f} |")

    print("\n| DRAM kernel | threads | GB/s (median over runs) |")
    print("|---|---|---|")
    dram = {}
    for run in runs:
        for m in run["machine"]["devices"][0]["ceilings"]["memory"]:
            if m["level"] == "DRAM":
                dram.setdefault((m["kernel"], m["threads"]), []).append(m["bytes_per_s"]["median"])
    for key in sorted(dram):
        print(f"| {key[0]} | {key[1]} | {median(dram[key]) / 1e9:.1f} |")

    print("\n| stream op | precision | best Rooflab variant GB/s | omp_plain GB/s | ratio |")
    print("|---|---|---|---|---|")
    table = {}
    for run in runs:
        best, plain = {}, {}
        for r in own_results(run):
            if r["family"] != "stream" or r["time"] is None:
                continue
            key = (r["params"]["op"], r["work"]["precision"])
            if r["variant"] == "omp_plain":
                plain[key] = rate(r)
            else:
                best[key] = max(best.get(key, 0), rate(r))
        for key in plain:
            if key in best:
                table.setdefault(key, []).append((best[key], plain[key]))
    for key in sorted(table):
        pairs = table[key]
        print(f"| {key[0]} | {key[1]} | {median([p[0] for p in pairs]) / 1e9:.1f} "
              f"| {median([p[1] for p in pairs]) / 1e9:.1f} "
              f"| {median([p[0] / p[1] for p in pairs]):.3f} |")

    print("\n| nested SAXPY | m | AI | GFLOP/s | attainable | efficiency | per run | near ridge "
          "| vs roof now | per run | fastest variant |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    sweep = {}
    for run in runs:
        best = {}  # per precision and depth, the run's fastest variant (with and without prefetch)
        for r in own_results(run):
            if r["family"] == "nested_saxpy" and r["placement"]:
                key = (r["work"]["precision"], r["params"]["m"])
                if key not in best or (r["placement"]["flops_per_s"] >
                                       best[key]["placement"]["flops_per_s"]):
                    best[key] = r
        for key, r in best.items():
            p = r["placement"]
            near = 0.5 <= p["ai"] / ridge_ai(run, r["work"]["precision"]) <= 2
            sweep.setdefault(key, []).append((p, near, r["variant"], p.get("efficiency_now")))
    for key in sorted(sweep):
        ps = [p for p, _, _, _ in sweep[key]]
        effs = [p["efficiency"] for p in ps]
        now = [e for _, _, _, e in sweep[key] if e is not None]
        variants = ", ".join(sorted({v for _, _, v, _ in sweep[key]}))
        print(f"| {key[0]} | {key[1]} | {ps[0]['ai']:.3g} | "
              f"{median([p['flops_per_s'] for p in ps]) / 1e9:.1f} | "
              f"{median([p['attainable_flops_per_s'] for p in ps]) / 1e9:.1f} | "
              f"{median(effs):.1%} | {' '.join(f'{e:.0%}' for e in effs)} | "
              f"{'yes' if any(n for _, n, _, _ in sweep[key]) else ''} | "
              f"{f'{median(now):.1%}' if now else '—'} | {' '.join(f'{e:.0%}' for e in now)} "
              f"| {variants} |")


def ridge_ai(run, precision):
    """AI where the DRAM roof meets the best compute roof of the precision (all threads)."""
    dev = run["machine"]["devices"][0]
    threads = max(c["threads"] for c in dev["ceilings"]["compute"])
    peak = max(c["flops_per_s"]["median"] for c in dev["ceilings"]["compute"]
               if c["precision"] == precision and c["threads"] == threads)
    bw = max(m["bytes_per_s"]["median"] for m in dev["ceilings"]["memory"]
             if m["level"] == "DRAM" and m["threads"] == threads)
    return peak / bw


if __name__ == "__main__":
    main()
