#!/usr/bin/env python3
"""Summarizes `rooflab run -d cuda:0 -d opencl:P:D --family reduce`: every OpenCL variant of the
fp32 sum at its largest length (2^28 floats unless memory was short) as bandwidth, the variants the
OpenCL device does not offer and why, then per operation and element type at the largest length both
backends ran: best OpenCL / best CUDA and best OpenCL / CLBlast (bandwidth ratios, same run;
libraries are not "ours"). The target: the fp32 sum's best OpenCL >= 95% of the best CUDA. Exits 1
when a reduce result failed.

usage: opencl_reduce_summary.py RESULTS.json OPENCL_DEVICE [CUDA_DEVICE=cuda:0]
"""
import json
import sys


def rate(r):
    return r["work"]["bytes"] / r["time"]["median"]


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    doc = json.load(open(sys.argv[1]))
    opencl_id = sys.argv[2]
    cuda_id = sys.argv[3] if len(sys.argv) > 3 else "cuda:0"
    devices = {d["id"]: d for d in doc["machine"]["devices"]}
    records = [r for r in doc["results"]
               if r["family"] == "reduce" and r["device"] in (opencl_id, cuda_id)]
    failed = [r for r in records if r["verification"]["status"] != "passed" or r.get("error")]
    ok = [r for r in records if r not in failed and r.get("time")]

    def of(device, op, precision):
        return [r for r in ok if r["device"] == device and r["params"]["op"] == op
                and r["work"]["precision"] == precision]

    opencl = devices.get(opencl_id, {})
    print(f"{opencl.get('name', opencl_id)} ({opencl_id}) against {cuda_id}: "
          f"{len(records)} reduce results, {len(failed)} failed")
    for r in failed:
        print(f"  FAILED {r['device']} {r['variant']} {json.dumps(r['params'])}: "
              f"{r.get('error') or r['verification']['message']}")
    for line in opencl.get("not_offered", {}).get("reduce", []):
        print(f"  not offered: {line}")

    fp32_sum = of(opencl_id, "sum", "fp32")
    if fp32_sum:
        n = max(r["params"]["n"] for r in fp32_sum)
        print(f"\nOpenCL fp32 sum at n = {n} ({n * 4 / 2**30:.2f} GiB)\n")
        print("| variant | GB/s |\n|---|---|")
        for r in sorted((r for r in fp32_sum if r["params"]["n"] == n), key=rate, reverse=True):
            print(f"| {r['variant']} | {rate(r) / 1e9:.0f} |")

    print("\n| op | type | n | best OpenCL | GB/s | / best CUDA | best CUDA | / CLBlast | goal |\n"
          "|---|---|---|---|---|---|---|---|---|")
    for op in ("sum", "dot"):
        for precision in ("fp32", "fp64", "int32"):
            cl, cu = of(opencl_id, op, precision), of(cuda_id, op, precision)
            if not cl:
                continue
            common = {r["params"]["n"] for r in cl} & {r["params"]["n"] for r in cu}
            n = max(common) if common else max(r["params"]["n"] for r in cl)
            ours = [r for r in cl if r["params"]["n"] == n and "library" not in r["params"]]
            if not ours:
                continue
            best = max(ours, key=rate)
            cuda = [r for r in cu if r["params"]["n"] == n and "library" not in r["params"]]
            lib = [r for r in cl if r["params"]["n"] == n and "library" in r["params"]]
            vs_cuda = f"{rate(best) / max(map(rate, cuda)):.3f}" if cuda else "n/a"
            best_cuda = max(cuda, key=rate)["variant"] if cuda else "none"
            vs_lib = f"{rate(best) / rate(lib[0]):.3f}" if lib else "n/a (no CLBlast routine)"
            goal = ""
            if op == "sum" and precision == "fp32":
                reached = cuda and rate(best) / max(map(rate, cuda)) >= 0.95
                goal = ">= 0.95 of CUDA: " + ("no CUDA result" if not cuda
                                              else "yes" if reached else "NO")
            print(f"| {op} | {precision} | {n} | {best['variant']} | {rate(best) / 1e9:.0f} | "
                  f"{vs_cuda} | {best_cuda} | {vs_lib} | {goal} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
