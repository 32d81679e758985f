"""Python code on the roofline, as roofline/include/roofline/region.hpp puts C++ code there: name
a region, declare the work one pass of it does, time each pass, and write the passes as a
rooflab.results/1 file (family "region") that `rooflab report machine.json regions.json` places
under the profile's roofs.

    regions = rooflab.Regions()
    triad = regions.add("triad", flops=2 * n, bytes=24 * n, precision="fp64", working_set=24 * n)
    for _ in range(10):
        with triad.timed():
            a[:] = b + 3.0 * c
    regions.write("regions.json")

With cuda=True a region is timed by CUDA events (through PyTorch) on the current stream of the
current CUDA device, and its results name that device as Rooflab does ("cuda:0"): its roofs are
those of the machine profile's device of that id, the same GPU where `rooflab probe` and the
program see the same CUDA_VISIBLE_DEVICES.
"""

import contextlib
import ctypes
import functools
import itertools
import json
import math
import numbers
import os
import time

from ._write import write_atomic

PRECISIONS = ("fp16", "bf16", "fp32", "fp64")  # those with a compute roof a region can name


class CudaUnavailable(RuntimeError):
    """cuda=True without PyTorch or without a CUDA device it sees; the message says which."""


class Region:
    """A named region: its declared work per pass, and its passes' times."""

    def __init__(self, name, *, flops=0.0, bytes=0.0, precision="fp64", threads=None,
                 working_set=0.0, cuda=False):
        if not isinstance(name, str) or not name:
            raise ValueError(f"rooflab.Region: the name is {name!r}, expected a non-empty string")
        self.name = name
        self.flops = _work(name, "flops", flops)
        self.bytes = _work(name, "bytes", bytes)
        self.working_set = _work(name, "working_set", working_set)
        if precision not in PRECISIONS:
            raise ValueError(f"rooflab.Region '{name}': precision {precision!r} is not fp16, "
                             "bf16, fp32 or fp64")
        self._timer = _CudaTimer(name) if cuda else _WallTimer()
        if threads is None:
            threads = self._timer.threads
        if not isinstance(threads, numbers.Integral) or isinstance(threads, bool) or threads < 1:
            raise ValueError(f"rooflab.Region '{name}': threads is {threads!r}, expected 1 or "
                             "more")
        self.precision, self.threads = precision, int(threads)
        self.backend, self.device = self._timer.backend, self._timer.device

    def start(self):
        """Marks the start of a pass."""
        self._timer.start(self.name)

    def stop(self):
        """Marks the end of the pass started last."""
        self._timer.stop(self.name)

    @contextlib.contextmanager
    def timed(self):
        """One pass: `with region.timed(): work()`. A pass whose work raises is not kept."""
        self.start()
        try:
            yield self
        except BaseException:
            self._timer.cancel(self.name)
            raise
        self.stop()

    @property
    def samples(self):
        """Seconds per pass, in the order timed (for CUDA, once the GPU has finished them)."""
        return self._timer.samples()


class Regions:
    """The regions of a program, written together as one results file."""

    _copies = itertools.count(1)  # ROOFLAB_PROFILE_OUT's copies of this process, numbered

    def __init__(self):
        self._regions = []

    def add(self, name, *, flops=0.0, bytes=0.0, precision="fp64", threads=None,
            working_set=0.0, cuda=False):
        """A new region, with the work one pass of it does:

        flops: floating-point operations.
        bytes: bytes moved to and from memory, as referenced (the STREAM convention).
        precision: fp16, bf16, fp32 or fp64: whose compute roof applies.
        threads: threads that run it, whose roofs apply; by default 1 on the CPU, and with
            cuda=True the GPU's multiprocessors, the count Rooflab measures a GPU's roofs with.
        working_set: bytes it touches, which pick its memory level (0: the slowest level).
        cuda: time it with CUDA events on the current CUDA device (needs PyTorch); its results
            are on that device ("cuda:N"). Raises CudaUnavailable without PyTorch or a GPU.
        """
        region = Region(name, flops=flops, bytes=bytes, precision=precision, threads=threads,
                        working_set=working_set, cuda=cuda)
        self._regions.append(region)
        return region

    def write(self, path):
        """Writes the regions as a rooflab.results/1 file, atomically (a temporary file renamed).
        Under `rooflab profile -d cpu`, which sets ROOFLAB_PROFILE_OUT, a copy also goes to that
        folder for the profile, as region.hpp's does."""
        text = json.dumps(self.document(), separators=(",", ":"), allow_nan=False) + "\n"
        write_atomic(path, text)
        folder = os.environ.get("ROOFLAB_PROFILE_OUT")
        if folder:
            name = f"regions.{time.time_ns()}-{next(Regions._copies)}.json"
            write_atomic(os.path.join(folder, name), text)

    def document(self):
        """The file's content: what region.hpp writes, field for field."""
        devices = list(dict.fromkeys((r.backend, r.device) for r in self._regions))
        return {
            "schema": "rooflab.results/1",
            "provenance": _provenance(),
            "machine": {
                "schema": "rooflab.machine/1",
                "provenance": _provenance(),
                # Devices without roofs: `rooflab report` takes those of the machine profile
                # given beside this file, by device id.
                "devices": [_device(*d) for d in devices or [("cpu", "cpu")]],
            },
            "results": [_result(r) for r in self._regions],
        }


def _work(name, field, value):
    """value as a float where it is a finite number >= 0 (an int of numpy's too)."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        with contextlib.suppress(OverflowError):  # an int past the floats
            number = float(value)
            if math.isfinite(number) and number >= 0:
                return number
    raise ValueError(f"rooflab.Region '{name}': {field} is {value!r}, expected a finite number "
                     ">= 0")


def _provenance():
    return {"version": "", "git_hash": "", "compiler": "", "flags": "", "build_type": "",
            "host": "", "os": "", "cpu_model": "", "threads": 0, "thread_binding": "",
            "affinity": [], "time": "", "command": "rooflab.Regions (Python)"}


def _device(backend, device):
    return {"id": device, "backend": backend, "name": "", "vendor": "", "driver": "",
            "compute_units": 0, "clock_hz": 0, "memory_bytes": 0, "caches": [], "facts": {},
            "theoretical": {"compute": [], "memory": []},
            "ceilings": {"compute": [], "memory": []}, "sweep": []}


def _result(r):
    """A region's record: its passes as samples. Rooflab computes their summary (time, null
    here) and the region's level and placement when it reads the file."""
    samples = r.samples
    for i, s in enumerate(samples):
        if not s > 0:  # the results schema: a time is above zero
            raise ValueError(f"rooflab.Region '{r.name}': pass {i + 1} took {s!r} s, below the "
                             "timer's resolution: time more work per pass")
    return {
        "family": "region",
        "variant": r.name,
        "backend": r.backend,
        "device": r.device,
        "params": {"threads": r.threads, "roof_threads": r.threads,
                   "source": "rooflab.regions (Python)"},
        "work": {"precision": r.precision, "flops": r.flops, "bytes": r.bytes,
                 "bytes_write_allocate": r.bytes, "working_set": r.working_set},
        "level": "",
        "verification": {"status": "passed", "max_error": 0, "tolerance": 0,
                         "message": "not verified by Rooflab: a marked region"},
        "error": "" if samples else "no pass was marked (timed(), or start() and stop())",
        "samples": samples,
        "time": None,
        "placement": None,
    }


class _WallTimer:
    """Passes on the host's monotonic clock (region.hpp's steady_clock), each also counted by
    `rooflab profile -d cpu`'s counter library where it is loaded, as region.hpp's are."""

    backend, device, threads = "cpu", "cpu", 1

    def __init__(self):
        self._begin = None
        self._samples = []

    def start(self, name):
        _check_closed(name, self._begin)
        begin, _ = _profiler_hooks()
        if begin:
            begin(name.encode())
        self._begin = time.perf_counter()

    def stop(self, name):
        end = time.perf_counter()
        _check_open(name, self._begin)
        self._samples.append(end - self._begin)
        self._close(name)

    def cancel(self, name):
        self._close(name)  # the library has no cancel: it counts the pass, unlike the timer

    def _close(self, name):
        self._begin = None
        _, end = _profiler_hooks()
        if end:
            end(name.encode())

    def samples(self):
        return list(self._samples)


class _CudaTimer:
    """Passes between two CUDA events on the current stream; read once the GPU has run them, so
    timing a pass does not wait for the GPU."""

    backend = "cuda"

    def __init__(self, name):
        self._torch = _torch_with_cuda(name)
        self._index = self._torch.cuda.current_device()
        self.device = f"cuda:{self._index}"
        self.threads = self._torch.cuda.get_device_properties(self._index).multi_processor_count
        self._begin = None
        self._events = []

    def start(self, name):
        _check_closed(name, self._begin)
        self._begin = self._event()

    def stop(self, name):
        end = self._event()
        _check_open(name, self._begin)
        self._events.append((self._begin, end))
        self._begin = None

    def cancel(self, name):
        self._begin = None

    def samples(self):
        for _, end in self._events:
            end.synchronize()
        return [begin.elapsed_time(end) / 1e3 for begin, end in self._events]  # ms to s

    def _event(self):
        event = self._torch.cuda.Event(enable_timing=True)
        event.record(self._torch.cuda.current_stream(self._index))
        return event


@functools.cache
def _profiler_hooks():
    """rooflab_region_begin and rooflab_region_end of `rooflab profile -d cpu`'s counter library
    (librooflab_regions.so, which it preloads), where this process has them; None otherwise."""
    process = ctypes.CDLL(None)
    hooks = [getattr(process, f"rooflab_region_{side}", None) for side in ("begin", "end")]
    for hook in filter(None, hooks):
        hook.argtypes, hook.restype = [ctypes.c_char_p], None
    return hooks


def _torch_with_cuda(name):
    try:
        import torch  # only for cuda=True: the package needs no PyTorch otherwise
    except ImportError as e:
        raise CudaUnavailable(f"rooflab.Region '{name}': cuda=True times with CUDA events "
                              f"through PyTorch, which cannot be imported ({e})") from None
    if not torch.cuda.is_available():
        build = torch.version.cuda
        raise CudaUnavailable(
            f"rooflab.Region '{name}': cuda=True needs a CUDA GPU, and PyTorch {torch.__version__} "
            + (f"(CUDA {build}) sees none: torch.cuda.is_available() is False" if build
               else "is a build without CUDA"))
    return torch


def _check_closed(name, begin):
    if begin is not None:
        raise RuntimeError(f"rooflab.Region '{name}': start() again before stop()")


def _check_open(name, begin):
    if begin is None:
        raise RuntimeError(f"rooflab.Region '{name}': stop() without start()")
