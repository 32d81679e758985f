#!/bin/sh
# without_perf_events.sh COMMAND [ARGS...]: runs a test as on a machine without perf events (a
# guest whose kernel has none): in a mount namespace of its own where /proc/sys/kernel is an empty
# folder, so PAPI finds no perf_event_paranoid and disables its perf_event components ("perf_event
# support not detected"). The test must pass, having found the events missing (its skip reason
# says "cannot count"). Exits 77 (skipped) where no mount namespace can be made.
set -u
if ! unshare -rm true 2>/dev/null; then
  echo "unshare -rm is not permitted here: cannot hide the perf events"
  exit 77
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
unshare -rm sh -c 'mount -t tmpfs none /proc/sys/kernel && exec "$@"' sh "$@" >"$out" 2>&1
status=$?
cat "$out"
[ "$status" -eq 0 ] || exit "$status"
if ! grep -q "cannot count perf::TASK-CLOCK" "$out"; then
  echo "without_perf_events.sh: the test still counted perf events"
  exit 1
fi
