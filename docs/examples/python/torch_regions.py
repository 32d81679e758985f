"""Two PyTorch calls on the roofline, timed on the GPU by CUDA events: an fp32 matrix product
(compute-bound) and an fp32 triad, a = b + 3 c (memory-bound), each declared with the work of one
call and timed over ten calls, then written as a results file for `rooflab report`.

    python3 torch_regions.py regions.json
    rooflab probe -d cuda:0 -o machine.json          # the roofs, once per machine
    rooflab report machine.json regions.json -o report.html

Needs PyTorch with a CUDA GPU; without them it says which is missing and exits 1.
"""

import statistics
import sys

import rooflab

N_MATMUL = 4096  # n x n matrices: 2 n^3 FLOPs, each matrix 64 MiB
N_TRIAD = 1 << 26  # elements: 256 MiB per vector, far beyond any L2
PASSES = 10


def main(argv):
    if len(argv) != 2:
        sys.exit(f"usage: {argv[0]} regions.json")
    regions = rooflab.Regions()
    n, m = N_MATMUL, N_TRIAD
    try:
        # Bytes as referenced: each operand read once, the result written once.
        matmul = regions.add("torch_matmul_fp32", flops=2 * n**3, bytes=3 * 4 * n * n,
                             precision="fp32", working_set=3 * 4 * n * n, cuda=True)
        triad = regions.add("torch_triad_fp32", flops=2 * m, bytes=3 * 4 * m, precision="fp32",
                            working_set=3 * 4 * m, cuda=True)
    except rooflab.CudaUnavailable as e:
        sys.exit(f"{argv[0]}: {e}")
    import torch  # rooflab found it with a GPU

    # fp32 on the FMA units, the roof the region names (TF32 would run on the tensor cores).
    torch.backends.cuda.matmul.allow_tf32 = False
    a, b = torch.randn(n, n, device="cuda"), torch.randn(n, n, device="cuda")
    x, y, z = (torch.randn(m, device="cuda") for _ in range(3))
    c = a @ b  # the first calls load cuBLAS and the kernels: not timed
    torch.add(y, z, alpha=3.0, out=x)
    for _ in range(PASSES):
        with matmul.timed():
            torch.matmul(a, b, out=c)
        with triad.timed():
            torch.add(y, z, alpha=3.0, out=x)
    regions.write(argv[1])
    for r in (matmul, triad):
        median = statistics.median(r.samples)
        print(f"{r.name} on {r.device}: {r.flops / median / 1e12:.2f} TFLOP/s, "
              f"{r.bytes / median / 1e9:.0f} GB/s (median of {len(r.samples)})")
    print(f"wrote {argv[1]}: rooflab report machine.json {argv[1]}")


if __name__ == "__main__":
    main(sys.argv)
