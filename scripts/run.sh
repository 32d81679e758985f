#!/usr/bin/env bash
# Sets everything up, then runs Rooflab's main job: probe every device, run the default suite,
# write the report. Arguments go to `rooflab` (e.g. --full, -o DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec build/release/roofline/cli/rooflab "$@"
