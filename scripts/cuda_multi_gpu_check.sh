#!/usr/bin/env bash
# Every GPU of one host, from binaries built elsewhere: the two-GPU test (peer copies both ways,
# the pass that times the GPUs at once) and compute-sanitizer memcheck on its peer copies; one
# `rooflab probe` of every GPU (each alone, then HBM and FMA on all at once, the peer copies, the
# identical GPUs compared; scripts/multi_gpu_summary.py tabulates it); then, where an mpirun is
# installed, one MPI rank per GPU (-d 'cuda:{local_rank}') probing and then running on its own GPU's
# roofs, and the MPI ping-pong between two ranks of this host with Open MPI's default transports and
# with shared memory or TCP alone.
# usage: scripts/cuda_multi_gpu_check.sh BIN_DIR OUT_DIR [PROBE OPTIONS...]
set -uo pipefail
bin=$1
out=$2
shift 2
mkdir -p "$out"
source "$(dirname "$0")/gpu_steps.sh"
gpus=$(nvidia-smi -L | wc -l)
devices=()
for ((g = 0; g < gpus; g++)); do devices+=(-d "cuda:$g"); done
nvidia-smi topo -m >"$out/topology.txt" 2>&1
step multi_gpu_test "$bin/cuda_multi_gpu_test"
# The peer-access toggles' expected "already enabled" / "not enabled" are API errors, not faults.
step memcheck "$sanitizer" --tool memcheck --report-api-errors no --error-exitcode 1 \
  "$bin/cuda_multi_gpu_test" \
  --gtest_filter='*PeerCopy*'
step probe "$bin/rooflab" probe "${devices[@]}" "$@" -o "$out/probe.json"
python3 "$(dirname "$0")/../tools/summaries/multi_gpu_summary.py" "$out/probe.json" | tee "$out/summary.md"
if command -v mpirun >/dev/null; then
  mpirun --version 2>&1 | head -1 >"$out/mpirun_version.txt"
  ompi_info 2>&1 | grep -E "MCA (btl|pml)" >"$out/ompi_components.txt"
  mpi=(mpirun --allow-run-as-root --oversubscribe --bind-to none -x LD_LIBRARY_PATH -n 2)
  step rank_per_gpu timeout 300 "${mpi[@]}" "$bin/rooflab" probe -d 'cuda:{local_rank}' \
    --budget 30 -o "$out/per_gpu.json"
  # `run` with one rank per GPU: each rank's results in its own file, under its own GPU's roofs.
  step run_per_gpu timeout 300 "${mpi[@]}" "$bin/rooflab" run -d 'cuda:{local_rank}' \
    --family stream nested_saxpy --budget 30 --machine "$out/per_gpu.json" -o "$out/run.json"
  step run_placed python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))
for rank in (0, 1):
    r = json.load(open(sys.argv[2].replace(".json", f".rank{rank}.json")))
    d = r["machine"]["devices"][0]
    node = next(n for n in c["nodes"] if rank in n["ranks"])
    assert d["id"] == f"cuda:{rank}" and d["ceilings"] == node["machine"]["devices"][0]["ceilings"]
    ok = [x for x in r["results"] if x.get("placement") is not None]
    assert ok and all(x["device"] == d["id"] for x in r["results"]), rank
    n, name = len(r["results"]), node["name"]
    print(f"rank {rank}: {len(ok)} of {n} results placed on {name}")
' "$out/per_gpu.json" "$out/run.json"
  pingpong=(probe -d cpu --distinct-nodes --threads 2 --max-working-set 1M --budget 3)
  step pingpong_default timeout 120 "${mpi[@]}" "$bin/rooflab" "${pingpong[@]}" \
    -o "$out/pingpong_default.json"
  step pingpong_vader timeout 120 "${mpi[@]}" --mca pml ob1 --mca btl self,vader \
    "$bin/rooflab" "${pingpong[@]}" -o "$out/pingpong_vader.json"
  step pingpong_tcp timeout 120 "${mpi[@]}" --mca pml ob1 --mca btl self,tcp \
    "$bin/rooflab" "${pingpong[@]}" -o "$out/pingpong_tcp.json"
  python3 "$(dirname "$0")/../tools/summaries/multi_gpu_summary.py" --cluster "$out"/per_gpu.json \
    "$out"/pingpong_*.json | tee -a "$out/summary.md"
fi
exit $status
