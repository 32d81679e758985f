#!/usr/bin/env bash
# Sets everything up (including the browser the report test uses) and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
ctest --preset release -j "$(nproc)"
