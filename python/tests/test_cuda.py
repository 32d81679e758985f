"""Regions timed by CUDA events: with PyTorch and a GPU where there are both, and what a region
asked for them says where either is missing."""

import sys
import types

import pytest

import rooflab


def test_a_matmul_is_timed_by_cuda_events_on_the_current_device(tmp_path):
    torch = pytest.importorskip("torch", reason="PyTorch is not installed: CUDA events need it")
    if not torch.cuda.is_available():
        pytest.skip(f"PyTorch {torch.__version__} sees no CUDA GPU")
    n = 2048
    x, y = torch.randn(n, n, device="cuda"), torch.randn(n, n, device="cuda")
    regions = rooflab.Regions()
    matmul = regions.add("matmul", flops=2 * n**3, bytes=3 * 4 * n * n, precision="fp32",
                         cuda=True)
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(5):
        with matmul.timed():
            x @ y
    end.record()
    end.synchronize()
    index = torch.cuda.current_device()
    assert matmul.device == f"cuda:{index}"
    assert matmul.threads == torch.cuda.get_device_properties(index).multi_processor_count
    assert len(matmul.samples) == 5 and min(matmul.samples) > 0
    assert sum(matmul.samples) <= start.elapsed_time(end) / 1e3  # within the whole span
    regions.write(tmp_path / "regions.json")
    rows = rooflab.read_results(tmp_path / "regions.json")
    assert list(rows.machine.devices["device"]) == [f"cuda:{index}"]
    assert rows.results.loc[0, "backend"] == "cuda" and rows.results.loc[0, "ok"]


def fake_torch(available, cuda_version="12.4"):
    """A stand-in for PyTorch: one GPU of 132 multiprocessors whose events are 2 ms apart."""
    clock = iter(range(0, 1000, 2))

    class Event:
        def __init__(self, enable_timing):
            assert enable_timing
            self.synchronized = False

        def record(self, stream):
            assert stream == "stream of 1"
            self.at = next(clock)

        def synchronize(self):
            self.synchronized = True

        def elapsed_time(self, end):
            assert end.synchronized
            return end.at - self.at

    cuda = types.SimpleNamespace(
        is_available=lambda: available, current_device=lambda: 1, Event=Event,
        current_stream=lambda index: f"stream of {index}",
        get_device_properties=lambda index: types.SimpleNamespace(multi_processor_count=132))
    return types.SimpleNamespace(cuda=cuda, __version__="2.5.0",
                                 version=types.SimpleNamespace(cuda=cuda_version))


def test_cuda_passes_are_the_events_milliseconds_in_seconds(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", fake_torch(available=True))
    region = rooflab.Regions().add("r", flops=1, bytes=1, precision="fp32", cuda=True)
    for _ in range(3):
        with region.timed():
            pass
    assert (region.device, region.backend, region.threads) == ("cuda:1", "cuda", 132)
    assert region.samples == [0.002, 0.002, 0.002]


def test_without_pytorch_cuda_regions_say_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", None)  # import torch raises ImportError
    with pytest.raises(rooflab.CudaUnavailable, match="'r': cuda=True times with CUDA events "
                       "through PyTorch, which cannot be imported"):
        rooflab.Regions().add("r", flops=1, bytes=1, cuda=True)


def test_without_a_gpu_cuda_regions_say_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", fake_torch(available=False))
    with pytest.raises(rooflab.CudaUnavailable, match=r"needs a CUDA GPU, and PyTorch 2.5.0 "
                       r"\(CUDA 12.4\) sees none: torch.cuda.is_available\(\) is False"):
        rooflab.Regions().add("r", flops=1, bytes=1, cuda=True)
    monkeypatch.setitem(sys.modules, "torch", fake_torch(available=False, cuda_version=None))
    with pytest.raises(rooflab.CudaUnavailable, match="PyTorch 2.5.0 is a build without CUDA"):
        rooflab.Regions().add("r", flops=1, bytes=1, cuda=True)
