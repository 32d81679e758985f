#!/usr/bin/env python3
"""Summarizes `rooflab run -d cuda:N --family reduce`: every variant of the fp32 sum at its largest
length (2^28 floats unless memory was short) as bandwidth, then the three target ratios, all from
the same run: best variant / CUB (time ratio), best / theoretical DRAM bandwidth (the device's bus
width x memory clock in the results' machine), best one-pass / best two-pass. Exits 1 when a reduce
result failed.

usage: cuda_reduce_summary.py RESULTS.json [DEVICE=cuda:0]
"""
import json
import sys


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    doc = json.load(open(sys.argv[1]))
    device_id = sys.argv[2] if len(sys.argv) > 2 else "cuda:0"
    device = next(d for d in doc["machine"]["devices"] if d["id"] == device_id)
    dram = next((t["bytes_per_s"] for t in device["theoretical"]["memory"] if t["level"] == "DRAM"),
                None)
    records = [r for r in doc["results"] if r["family"] == "reduce" and r["device"] == device_id]
    failed = [r for r in records if r["verification"]["status"] != "passed" or r.get("error")]
    ok = [r for r in records if r not in failed and r.get("time")]
    fp32_sum = [r for r in ok if r["work"]["precision"] == "fp32" and r["params"]["op"] == "sum"]
    if not fp32_sum:
        print("no verified fp32 sum results")
        return 1
    n = max(r["params"]["n"] for r in fp32_sum)
    at_n = [r for r in fp32_sum if r["params"]["n"] == n]

    def rate(r):
        return r["work"]["bytes"] / r["time"]["median"]

    print(f"{device['name']} ({device_id}): reduce fp32 sum at n = {n} ({n * 4 / 2**30:.2f} GiB), "
          f"{len(records)} reduce results, {len(failed)} failed")
    for r in failed:
        print(f"  FAILED {r['variant']} {json.dumps(r['params'])}: "
              f"{r.get('error') or r['verification']['message']}")
    print("\n| variant | GB/s | of theoretical DRAM |\n|---|---|---|")
    for r in sorted(at_n, key=rate, reverse=True):
        share = f"{rate(r) / dram:.1%}" if dram else "n/a"
        print(f"| {r['variant']} | {rate(r) / 1e9:.0f} | {share} |")

    ours = [r for r in at_n if r["variant"] != "cub"]
    cub = next((r for r in at_n if r["variant"] == "cub"), None)
    best = max(ours, key=rate)
    one = [r for r in ours if r["params"].get("passes", "").startswith("one_pass")]
    two = [r for r in ours if r["params"].get("passes") == "two_pass"]
    rows = []
    if cub:
        rows.append(("best / CUB (bandwidth: CUB time / best time)",
                     f"{rate(best) / rate(cub):.3f}", ">= 1.00", rate(best) / rate(cub) >= 1.0,
                     f"{best['variant']} vs cub"))
    if dram:
        rows.append(("best / theoretical DRAM", f"{rate(best) / dram:.3f}", ">= 0.92",
                     rate(best) / dram >= 0.92, f"{dram / 1e9:.0f} GB/s theoretical"))
    if one and two:
        b1, b2 = max(one, key=rate), max(two, key=rate)
        rows.append(("best one-pass / best two-pass", f"{rate(b1) / rate(b2):.3f}", ">= 0.97",
                     rate(b1) / rate(b2) >= 0.97, f"{b1['variant']} vs {b2['variant']}"))
    print("\n| target (fp32 sum, same run) | ratio | goal | met | between |\n|---|---|---|---|---|")
    for name, value, goal, met, between in rows:
        print(f"| {name} | {value} | {goal} | {'yes' if met else 'NO'} | {between} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
