#!/usr/bin/env python3
"""Summarizes `rooflab run -d cuda:0 -d opencl:P:D --family scan` (and the OpenCL look-back run):
the variants the OpenCL device does not offer and why, every OpenCL fp32 inclusive result at its
largest length as effective bandwidth (2n elements / median time; the tuning sweep's points
included), then per kind and element type at the largest length both backends ran, for each
algorithm: the best OpenCL variant / the best CUDA variant of the same algorithm (same run). A CUDA
variant's algorithm is its `algorithm` param, else the longest algorithm name its variant name
starts with. The target: the best OpenCL variant >= 0.90x the best CUDA variant of the same
algorithm. Exits 1 when a scan result failed.

usage: opencl_scan_summary.py OPENCL_DEVICE CUDA_DEVICE RESULTS.json...
"""
import json
import sys

ALGORITHMS = ("scan_then_fan", "reduce_then_scan", "merrill_grimshaw", "decoupled_lookback")


def rate(r):
    return r["work"]["bytes"] / r["time"]["median"]


def algorithm(r):
    a = r["params"].get("algorithm")
    if a:
        return a
    names = [a for a in ALGORITHMS if r["variant"].startswith(a)]
    return names[0] if names else r["variant"]


def main():
    if len(sys.argv) < 4 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    opencl_id, cuda_id = sys.argv[1], sys.argv[2]
    records, devices = [], {}
    for path in sys.argv[3:]:
        doc = json.load(open(path))
        devices.update({d["id"]: d for d in doc["machine"]["devices"]})
        records += [r for r in doc["results"]
                    if r["family"] == "scan" and r["device"] in (opencl_id, cuda_id)]
    failed = [r for r in records if r["verification"]["status"] != "passed" or r.get("error")]
    ok = [r for r in records if r not in failed and r.get("time")]

    opencl = devices.get(opencl_id, {})
    print(f"{opencl.get('name', opencl_id)} ({opencl_id}) against {cuda_id}: "
          f"{len(records)} scan results, {len(failed)} failed")
    for r in failed:
        print(f"  FAILED {r['device']} {r['variant']} {json.dumps(r['params'])}: "
              f"{r.get('error') or r['verification']['message']}")
    for line in opencl.get("not_offered", {}).get("scan", []):
        print(f"  not offered: {line}")

    def of(device, kind, precision):
        return [r for r in ok if r["device"] == device and r["params"].get("kind") == kind
                and r["work"]["precision"] == precision]

    fp32 = of(opencl_id, "inclusive", "fp32")
    if fp32:
        n = max(r["params"]["n"] for r in fp32)
        print(f"\nOpenCL fp32 inclusive at n = {n}\n")
        print("| variant | effective GB/s | element moves |\n|---|---|---|")
        for r in sorted((r for r in fp32 if r["params"]["n"] == n), key=rate, reverse=True):
            print(f"| {r['variant']} | {rate(r) / 1e9:.0f} | "
                  f"{r['params'].get('element_moves', 0):.3f} |")

    print("\n| kind | type | n | algorithm | best OpenCL | GB/s | best CUDA | GB/s "
          "| OpenCL / CUDA |\n|---|---|---|---|---|---|---|---|---|")
    for kind in ("inclusive", "exclusive"):
        for precision in ("int32", "fp32", "fp64"):
            cl, cu = of(opencl_id, kind, precision), of(cuda_id, kind, precision)
            if not cl:
                continue
            common = {r["params"]["n"] for r in cl} & {r["params"]["n"] for r in cu}
            n = max(common) if common else max(r["params"]["n"] for r in cl)
            cl_n = [r for r in cl if r["params"]["n"] == n]
            for a in ALGORITHMS:
                ours = [r for r in cl if r["params"]["n"] == n and algorithm(r) == a]
                theirs = [r for r in cu if r["params"]["n"] == n and algorithm(r) == a]
                if not ours:
                    continue
                best = max(ours, key=rate)
                line = f"| {kind} | {precision} | {n} | {a} | {best['variant']} | " \
                       f"{rate(best) / 1e9:.0f} | "
                if theirs:
                    cuda = max(theirs, key=rate)
                    ratio = rate(best) / rate(cuda)
                    line += f"{cuda['variant']} | {rate(cuda) / 1e9:.0f} | {ratio:.3f} |"
                else:
                    line += "none | | |"
                print(line)
            for lib in (r for r in cu if r["params"]["n"] == n and algorithm(r) not in ALGORITHMS):
                ratio = max(map(rate, cl_n)) / rate(lib)
                print(f"| {kind} | {precision} | {n} | (library) | | | {lib['variant']} | "
                      f"{rate(lib) / 1e9:.0f} | best OpenCL: {ratio:.3f} |")
            # The target's reading: the best OpenCL variant against CUDA's of its algorithm.
            ours = [r for r in cl if r["params"]["n"] == n]
            best = max(ours, key=rate)
            theirs = [r for r in cu if r["params"]["n"] == n and algorithm(r) == algorithm(best)]
            if theirs:
                ratio = rate(best) / max(map(rate, theirs))
                print(f"| {kind} | {precision} | {n} | **best OpenCL** | {best['variant']} | "
                      f"{rate(best) / 1e9:.0f} | (same algorithm) | "
                      f"{max(map(rate, theirs)) / 1e9:.0f} | **{ratio:.3f}** "
                      f"({'met' if ratio >= 0.90 else 'NOT met'}: >= 0.90) |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
