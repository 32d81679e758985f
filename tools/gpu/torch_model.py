"""A PyTorch program whose kernels no one here wrote, for `rooflab profile` on a GPU: a bf16 and an
fp32 matmul (4096^3), a convolution (32x64x128x128, 128 3x3 filters), softmax and layer norm
(fp32), causal attention (bf16, 8x16x2048x128) and an elementwise chain launched from two threads
on their own streams. Each is run three times; nothing is timed here (rooflab profile times the
kernels)."""
import threading

import torch
import torch.nn.functional as F

torch.manual_seed(0)
d = "cuda"
a = torch.randn(4096, 4096, device=d, dtype=torch.bfloat16)
b = torch.randn(4096, 4096, device=d, dtype=torch.bfloat16)
a32 = torch.randn(4096, 4096, device=d)
b32 = torch.randn(4096, 4096, device=d)
x = torch.randn(32, 64, 128, 128, device=d)
w = torch.randn(128, 64, 3, 3, device=d)
s = torch.randn(8192, 8192, device=d)
ln = torch.nn.LayerNorm(4096, device=d)
q, k, v = (torch.randn(8, 16, 2048, 128, device=d, dtype=torch.bfloat16) for _ in range(3))
for _ in range(3):
    c = a @ b
    c32 = a32 @ b32
    y = F.conv2d(x, w, padding=1)
    p = torch.softmax(s, -1)
    z = ln(a32)
    o = F.scaled_dot_product_attention(q, k, v, is_causal=True)


def chain(stream):
    with torch.cuda.stream(stream):
        for _ in range(3):
            (a32 * 2 + 1).relu().exp()


threads = [threading.Thread(target=chain, args=(torch.cuda.Stream(),)) for _ in range(2)]
for t in threads:
    t.start()
for t in threads:
    t.join()
torch.cuda.synchronize()
print("torch_model: done on", torch.cuda.get_device_name(), "with torch", torch.__version__)
