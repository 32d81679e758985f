#!/usr/bin/env python3
"""The OpenCL look-back against CUDA's from the two speed tests of one GPU call (the target: the
best OpenCL look-back >= 0.90x the best CUDA look-back of the same type and kind):

  cuda_scan_gpu_test --gtest_also_run_disabled_tests --gtest_filter='*Speed*' > cuda.log
  ROOFLAB_TEST_OPENCL_DEVICE=opencl:P:D opencl_scan_test --gtest_also_run_disabled_tests \
    --gtest_filter='*Speed*' > opencl.log

Rows are "TYPE KIND VARIANT RATE GB/s [...]"; look-back rows are those whose variant starts with
decoupled_lookback. Prints the target table, then every OpenCL look-back row against CUDA's best
of its type and kind (with what ptxas reported, where the row has it).

usage: scan_lookback_ratio.py CUDA.log OPENCL.log
"""
import re
import sys

ROW = re.compile(r"^(int32|fp32|fp64)\s+(inc|exc)\s+(\S+)\s+([0-9.]+) GB/s\s*(.*)$")


def rows(path):
    out = []
    for line in open(path, errors="replace"):
        m = ROW.match(line.strip())
        if m and m.group(3).startswith("decoupled_lookback"):
            out.append((m.group(1), m.group(2), m.group(3), float(m.group(4)), m.group(5)))
    return out


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__)
    cuda, opencl = rows(sys.argv[1]), rows(sys.argv[2])
    print("| type | kind | best OpenCL look-back | GB/s | best CUDA look-back | GB/s "
          "| OpenCL / CUDA | verdict (>= 0.90) |\n|---|---|---|---|---|---|---|---|")
    missed = 0
    best_cuda = {}
    for t in ("int32", "fp32", "fp64"):
        for k in ("inc", "exc"):
            cu = [r for r in cuda if r[0] == t and r[1] == k]
            cl = [r for r in opencl if r[0] == t and r[1] == k]
            if not cu or not cl:
                print(f"| {t} | {k} | {'' if cl else 'none'} | | {'' if cu else 'none'} | | | |")
                missed += 1
                continue
            c, o = max(cu, key=lambda r: r[3]), max(cl, key=lambda r: r[3])
            best_cuda[(t, k)] = c[3]
            ratio = o[3] / c[3]
            missed += ratio < 0.90
            print(f"| {t} | {k} | `{o[2]}` | {o[3]:.0f} | `{c[2]}` | {c[3]:.0f} | **{ratio:.3f}** |"
                  f" {'met' if ratio >= 0.90 else 'missed'} |")
    print("\n| type | kind | OpenCL look-back row | GB/s | x CUDA's best | ptxas |\n"
          "|---|---|---|---|---|---|")
    for t, k, name, rate, rest in opencl:
        if (t, k) in best_cuda:
            ratio = rate / best_cuda[(t, k)]
            print(f"| {t} | {k} | `{name}` | {rate:.0f} | {ratio:.3f} | {rest} |")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
