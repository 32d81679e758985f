# The reference beside Rooflab's sustained rates: PyTorch's own GEMMs of n = 8192 on operands
# uniform in [-1, 1], back to back, 0.3 s of warm-up then 0.7 s timed in samples of about 70 ms
# (CUDA events), nvidia-smi reading the SM clock and board power every 50 ms while they run.
import statistics, subprocess, time
import torch

n = 8192
dev = torch.device("cuda")


def operands(dtype):
    if dtype == torch.int8:
        return [torch.randint(-128, 128, (n, n), dtype=torch.int8, device=dev) for _ in range(2)]
    return [(torch.rand(n, n, device=dev, dtype=torch.float64) * 2 - 1).to(dtype) for _ in range(2)]


def gemm(name, dtype):
    a, b = operands(dtype)
    if dtype == torch.int8:
        call = lambda: torch._int_mm(a, b.t())
    else:
        call = lambda: a @ b.t()
    torch.backends.cuda.matmul.allow_tf32 = name == "tf32_tensor"
    call(); torch.cuda.synchronize()
    start = torch.cuda.Event(enable_timing=True); end = torch.cuda.Event(enable_timing=True)
    start.record(); call(); end.record(); end.synchronize()
    once = start.elapsed_time(end) / 1e3
    calls = max(1, int(0.07 / once))
    t0 = time.time()
    while time.time() - t0 < 0.3:
        for _ in range(calls): call()
        torch.cuda.synchronize()
    smi = subprocess.Popen(["nvidia-smi", "--query-gpu=clocks.sm,power.draw", "--format=csv,noheader,nounits",
                            "-lms", "50"], stdout=subprocess.PIPE, text=True)
    rates = []
    t0 = time.time()
    while time.time() - t0 < 0.7:
        start.record()
        for _ in range(calls): call()
        end.record(); end.synchronize()
        rates.append(calls * 2.0 * n ** 3 / (start.elapsed_time(end) / 1e3))
    smi.terminate(); out, _ = smi.communicate()
    rows = [line.split(",") for line in out.strip().splitlines() if line.count(",") == 1]
    clocks = [float(r[0]) for r in rows]; power = [float(r[1]) for r in rows]
    print(f"torch {name:12s} n={n}: sustained {statistics.median(rates)/1e12:8.2f} TFLOP/s "
          f"({len(rates)} samples of {calls} calls), SM clock {statistics.median(clocks) if clocks else 0:.0f} MHz, "
          f"power {statistics.median(power) if power else 0:.0f} W ({len(rows)} nvidia-smi readings)", flush=True)


print(torch.__version__, torch.version.cuda, torch.cuda.get_device_name())
for name, dtype in [("fp32", torch.float32), ("fp16_tensor", torch.float16), ("bf16_tensor", torch.bfloat16),
                    ("tf32_tensor", torch.float32), ("int8_tensor", torch.int8), ("fp64_tensor", torch.float64)]:
    try:
        gemm(name, dtype)
    except Exception as e:  # a type this build of PyTorch cannot multiply
        print(f"torch {name}: not run: {e}", flush=True)
