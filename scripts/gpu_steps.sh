# Sourced by the GPU check scripts, after they set `out` (the log folder): the compute-sanitizer
# to use, `status` (1 once a step fails) and step, which runs one step with its log in $out.
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
status=0

step() {  # step NAME COMMAND...: runs it with its output in OUT/NAME.log
  local name=$1
  shift
  local start=$SECONDS
  "$@" >"$out/$name.log" 2>&1
  local rc=$?
  echo "$name: rc=$rc ($((SECONDS - start)) s)"
  [[ $rc -eq 0 ]] || { status=1; tail -n 15 "$out/$name.log"; }
}

nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm,memory.total --format=csv >"$out/gpu.txt" 2>&1
cat "$out/gpu.txt"

# nvidia_opencl ROOFLAB: sets `opencl` to the first OpenCL device of NVIDIA's platform that
# `ROOFLAB devices` lists (OUT/devices.log); without one, says so and exits (NVIDIA's OpenCL needs
# OCL_ICD_VENDORS).
nvidia_opencl() {
  step devices "$1" devices
  opencl=$(awk '/^opencl:.*NVIDIA/ {print $1; exit}' "$out/devices.log")
  if [[ -z $opencl ]]; then
    cat "$out/devices.log"
    echo "no NVIDIA OpenCL device listed: is OCL_ICD_VENDORS set?"
    exit 1
  fi
}
