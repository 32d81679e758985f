#!/bin/sh
# package_test.sh SOURCE_DIR WORK_DIR ROOFLAB (tests/python/CMakeLists.txt): builds the rooflab
# Python package's wheel, installs it into a fresh virtual environment that also sees the system's
# packages (pandas, matplotlib, pytest), and runs python/tests from there with ROOFLAB set.
set -eu
source=$1 work=$2 rooflab=$3
modules="pandas, matplotlib, pytest, setuptools, wheel, ensurepip"
python=""
for p in $(which -a python3); do
  # pip asked on its own: imported before setuptools, it breaks setuptools' distutils.
  if "$p" -c "import $modules" 2>/dev/null && "$p" -m pip --version >/dev/null 2>&1; then
    python=$p
    break
  fi
done
if [ -z "$python" ]; then
  echo "skipped: no python3 on PATH has pip and imports $modules (Debian: apt-get install" \
    "python3-pandas python3-matplotlib python3-pytest python3-pip python3-setuptools" \
    "python3-wheel python3-venv; scripts/setup.sh --tests installs them, as CI does)"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work"
# Built from a copy: setuptools writes its build folder and egg-info beside the sources.
cp -R "$source/python" "$work/package"
"$python" -m pip wheel --no-deps --no-build-isolation -w "$work/wheel" "$work/package" \
  >"$work/wheel.log" 2>&1 || { cat "$work/wheel.log"; exit 1; }
"$python" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install --no-deps --no-index "$work"/wheel/rooflab-*.whl \
  >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
cd "$work"
# The tests import the installed package (python/src is not on their path) and write nothing into
# the sources: no bytecode, no pytest cache.
ROOFLAB=$rooflab PYTHONDONTWRITEBYTECODE=1 exec "$work/venv/bin/python" -m pytest \
  -p no:cacheprovider -rs "$source/python/tests"
