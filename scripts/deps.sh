#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Install what napkin's build and tests need, and fetch lwIP's source from the
# distribution's own source package. Idempotent: a second run only checks.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
lwip_dir="$top/third_party/lwip"
stamp="$top/third_party/.deps-ok"

packages=(
  gcc binutils make
  grub-common grub-pc-bin grub-efi-amd64-bin xorriso mtools
  qemu-system-x86 ovmf ipxe-qemu
  console-setup-linux
  check pkg-config
  python3 python3-pytest python3-pytest-xdist python3-scapy
  chromium chromium-driver python3-selenium
  dnsmasq-base iperf iproute2 iputils-ping ndisc6 socat netcat-openbsd nmap
  dpkg-dev clang-format cppcheck
  valgrind
  acpica-tools
  clang llvm libclang-rt-dev
  gnuplot-nox
  prometheus
)

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

apt_updated=0
apt_update() {
  if [ "$apt_updated" -eq 0 ]; then
    "${sudo_cmd[@]}" apt-get update -q
    apt_updated=1
  fi
}

if [ "${#missing[@]}" -gt 0 ]; then
  echo "deps: installing ${missing[*]}"
  apt_update
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# deb-src entries mirror the machine's own binary sources, so no archive host is
# written down anywhere in this repository.
ensure_deb_src() {
  local out=/etc/apt/sources.list.d/napkin-deb-src.sources
  local out_list=/etc/apt/sources.list.d/napkin-deb-src.list
  if grep -rqs '^[[:space:]]*\(Types:.*deb-src\|deb-src \)' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    return 0
  fi
  local tmp tmp_list
  tmp=$(mktemp); tmp_list=$(mktemp)
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    sed -n 's/^Types:[[:space:]]*deb[[:space:]]*$/Types: deb-src/;p' "$f" >>"$tmp"
    echo >>"$tmp"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    sed -n 's/^[[:space:]]*deb[[:space:]]\+/deb-src /p' "$f" >>"$tmp_list"
  done
  [ -s "$tmp" ] && "${sudo_cmd[@]}" install -m 644 "$tmp" "$out"
  [ -s "$tmp_list" ] && "${sudo_cmd[@]}" install -m 644 "$tmp_list" "$out_list"
  rm -f "$tmp" "$tmp_list"
  apt_updated=0
}

if [ ! -f "$lwip_dir/src/core/tcp.c" ]; then
  ensure_deb_src
  apt_update
  work=$(mktemp -d)
  (cd "$work" && apt-get source -q --download-only lwip && dpkg-source -x --no-check lwip_*.dsc lwip-src >/dev/null)
  rm -rf "$lwip_dir"
  mkdir -p "$(dirname "$lwip_dir")"
  mv "$work/lwip-src" "$lwip_dir"
  rm -rf "$work"
  echo "deps: lwIP source from the lwip source package is in third_party/lwip"
fi
touch "$stamp"
