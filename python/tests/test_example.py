"""The PyTorch example in docs/examples/python: it writes its regions where PyTorch has a GPU, and
says what is missing where not."""

import json
import subprocess
import sys

from helpers import REPO

EXAMPLE = REPO / "docs/examples/python/torch_regions.py"


def cuda_available():
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


def test_the_pytorch_example_writes_its_regions_or_says_what_is_missing(tmp_path):
    done = subprocess.run([sys.executable, EXAMPLE, tmp_path / "regions.json"],
                          capture_output=True, text=True, timeout=600)
    if cuda_available():
        assert done.returncode == 0, done.stderr
        doc = json.loads((tmp_path / "regions.json").read_text())
        assert [r["variant"] for r in doc["results"]] == ["torch_matmul_fp32", "torch_triad_fp32"]
        assert all(len(r["samples"]) == 10 for r in doc["results"])
    else:
        assert done.returncode == 1
        assert "cuda=True" in done.stderr and "PyTorch" in done.stderr
        assert not (tmp_path / "regions.json").exists()
