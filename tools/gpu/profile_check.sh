#!/usr/bin/env bash
# `rooflab profile` on a GPU machine, from binaries built elsewhere: the GPU-free profile tests, the
# test that profiles Rooflab's own kernels against their exact work, a probe for the roofs, then
# the PyTorch program (torch_model.py) profiled with and without counting, `rooflab run` profiled,
# a report, two profiles compared, and Nsight Compute's counts of the same kernels beside Rooflab's.
# usage: tools/gpu/profile_check.sh BIN_DIR OUT_DIR   (BIN_DIR/lib: libraries the machine lacks)
set -uo pipefail
bin=$1
out=$2
here=$(dirname "$0")
mkdir -p "$out"
source "$here/../../scripts/gpu_steps.sh"
[[ -d $bin/lib ]] && export LD_LIBRARY_PATH=$bin/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PYTHONUNBUFFERED=1
program=(python3 "$here/torch_model.py")
step plain_run "${program[@]}"
step cuda_profile_test "$bin/cuda_profile_test"
step profile_gpu_test "$bin/cuda_profile_gpu_test"
step probe "$bin/rooflab" probe -d cuda:0 -o "$out/machine.json"
step profile "$bin/rooflab" profile -d cuda:0 --machine "$out/machine.json" -o "$out/torch.json" \
  -- "${program[@]}"
step profile_again "$bin/rooflab" profile -d cuda:0 --machine "$out/machine.json" \
  --no-plain-run -o "$out/torch2.json" -- "${program[@]}"
step time_only "$bin/rooflab" profile -d cuda:0 --sample 0 -o "$out/torch_times.json" \
  -- "${program[@]}"
step profile_run "$bin/rooflab" profile -d cuda:0 --machine "$out/machine.json" -o "$out/own.json" \
  -- "$bin/rooflab" run -d cuda:0 --family stream nested_saxpy --size 64M --no-roof-check \
  -o "$out/run.json"
step report "$bin/rooflab" report "$out/machine.json" "$out/torch.json" -o "$out/torch.html"
step compare "$bin/rooflab" compare "$out/torch.json" "$out/torch2.json"
metrics=$(python3 -c "import json; print(','.join(json.load(open('$out/torch.json'))['results'][0]['counters']))")
step ncu ncu --clock-control none --csv --print-kernel-base mangled --metrics "$metrics" \
  --log-file "$out/ncu.csv" "${program[@]}"
step ncu_agreement python3 "$here/ncu_agreement.py" "$out/torch.json" "$out/ncu.csv"
tail -n 40 "$out/profile_gpu_test.log"
tail -n 25 "$out/profile.log"
tail -n 12 "$out/profile_run.log"
grep -h "profiled" "$out/time_only.log" "$out/profile_again.log"
tail -n 4 "$out/compare.log"
tail -n 30 "$out/ncu_agreement.log"
exit $status
