#!/usr/bin/env bash
# test-deb.sh PACKAGE.deb: installs Rooflab's Debian package (cmake/Package.cmake) into a fresh
# Debian 12 root file system, with apt resolving what it depends on, then runs `rooflab devices`
# and a short run of every family on the CPU there (exit 0: every kernel verified). As root, with
# debootstrap and a Debian mirror (MIRROR, default deb.debian.org).
set -euo pipefail
deb=$(realpath "$1")
root=$(mktemp -d)
cleanup() {
  for m in dev/pts dev sys proc; do umount "$root/$m" 2>/dev/null || true; done
  rm -rf "$root"
}
trap cleanup EXIT
debootstrap --variant=minbase bookworm "$root" "${MIRROR:-http://deb.debian.org/debian}" >/dev/null
for m in proc sys dev dev/pts; do mount --bind "/$m" "$root/$m"; done
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
in_root apt-get update -qq
DEBIAN_FRONTEND=noninteractive in_root apt-get install -y -qq "/tmp/$(basename "$deb")" >/dev/null
in_root dpkg -L rooflab | grep -E 'bin/rooflab$|librooflab_regions.so$|schema'
in_root rooflab --version
in_root rooflab devices
in_root rooflab run -d cpu --quick --budget 60 -o /tmp/results.json
echo "test-deb: $(basename "$deb") installed and ran in a fresh Debian 12 root"
