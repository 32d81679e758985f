#!/usr/bin/env bash
# Every GPU of one host, from binaries built elsewhere: all GPUs probed one at a time in one
# rooflab (each profile then holds its peer copies to the others), then all at once (one rooflab
# per GPU, each seeing only its own GPU, started together), and the ratio of each GPU's HBM and FMA
# roofs under that load to its solo figures (scripts/multi_gpu_summary.py). Last, two MPI ranks of
# cluster mode on this host (a tiny CPU probe), where an mpirun is installed.
# Both probes take the same PROBE OPTIONS (give fixed repetitions and --budget 0, so that neither
# shrinks its measurements differently to fit a budget).
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
step solo "$bin/rooflab" probe "${devices[@]}" "$@" -o "$out/solo.json"
pids=()
for ((g = 0; g < gpus; g++)); do
  CUDA_VISIBLE_DEVICES=$g "$bin/rooflab" probe -d cuda:0 "$@" -o "$out/concurrent-$g.json" \
    >"$out/concurrent-$g.log" 2>&1 &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || echo "a concurrent probe failed: see $out" >&2; done
python3 "$(dirname "$0")/multi_gpu_summary.py" "$out/solo.json" "$out"/concurrent-*.json |
  tee "$out/summary.md"
if command -v mpirun >/dev/null; then
  mpirun --version 2>&1 | head -1 >"$out/mpirun_version.txt"
  step cluster timeout 120 mpirun --allow-run-as-root --oversubscribe --bind-to none -n 2 \
    "$bin/rooflab" probe -d cpu --distinct-nodes --threads 2 --max-working-set 1M --budget 5 \
    -o "$out/cluster.json"
fi
