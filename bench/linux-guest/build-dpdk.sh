#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Optional: the DPDK variant of the Linux comparison guest, a poll-mode peer
# for the benchmark (issue #34). Needs build.sh's output first and leaves it
# alone; writes
#   build/linux-guest/initramfs-dpdk.cpio.gz  the normal initramfs with a
#       second cpio archive appended (the kernel unpacks both): dpdk-testpmd
#       from Debian's dpdk-dev, exactly the shared libraries it loads, the
#       virtio and e1000 poll-mode drivers and the ring mempool as the only
#       plugins, uio_pci_generic, and /init-dpdk (booted with rdinit=/init-dpdk)
#   build/linux-guest/VERSION-dpdk
# Every file comes from a Debian package: the DPDK ones from .debs fetched
# with `apt-get download` into build/linux-guest/debs, the few non-DPDK
# libraries from the host's own Debian packages (checked with dpkg -S), as
# build.sh does for iperf.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
src="$top/bench/linux-guest"
out="$top/build/linux-guest"
debs="$out/debs"
base="$out/initramfs.cpio.gz"
[ -f "$base" ] || { echo "linux-guest-dpdk: no $base: run bench/linux-guest/build.sh first" >&2; exit 1; }
mkdir -p "$debs"

fetch_debs() { # packages not yet in $debs
	local want=() p
	for p in "$@"; do
		ls "$debs/$p"_*.deb >/dev/null 2>&1 || want+=("$p")
	done
	[ ${#want[@]} -eq 0 ] && return
	echo "linux-guest-dpdk: apt-get download ${want[*]}"
	local log
	log=$(cd "$debs" && apt-get download -q "${want[@]}" 2>&1) || true
	for p in "${want[@]}"; do
		ls "$debs/$p"_*.deb >/dev/null 2>&1 ||
			{ echo "linux-guest-dpdk: apt-get download $p failed: $log" >&2; exit 1; }
	done
}

# Debian names each DPDK library's package after its soname:
# librte_net_virtio.so.23 is in librte-net-virtio23, and a name ending in
# a digit gets a dash first (librte_net_mlx5.so.23: librte-net-mlx5-23).
rte_pkg() { # soname
	local stem=${1%%.so.*} abi=${1##*.so.}
	stem=${stem//_/-}
	case $stem in *[0-9]) echo "$stem-$abi" ;; *) echo "$stem$abi" ;; esac
}
# Non-DPDK libraries the host lacks, by soname: the one testpmd needs today.
declare -A other_pkg=([libmlx5.so.1]=ibverbs-providers)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pkgroot="$work/pkgroot"
stage="$work/stage"
mkdir -p "$pkgroot" "$stage"
libdir=usr/lib/x86_64-linux-gnu
pmddir=$libdir/dpdk/pmds-23.0
declare -A unpacked=()
unpack() { # package
	[ -n "${unpacked[$1]:-}" ] && return
	fetch_debs "$1"
	dpkg-deb -x "$(ls "$debs/$1"_*.deb | head -1)" "$pkgroot"
	unpacked[$1]=1
}

unpack dpdk-dev
pmds=(librte_net_virtio.so.23 librte_net_e1000.so.23 librte_mempool_ring.so.23)
for so in "${pmds[@]}"; do
	unpack "$(rte_pkg "$so")"
done

# Copy an ELF file into the stage and, recursively, every library it names
# in DT_NEEDED: from the unpacked .debs first, then the host.
declare -A copied=()
host_owned() { # path: does a Debian package own it (under /usr or, merged, /)?
	local real
	real=$(readlink -f "$1")
	dpkg -S "$real" >/dev/null 2>&1 || dpkg -S "${real#/usr}" >/dev/null 2>&1
}
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
add_lib() { # soname
	local so=$1 path
	[ -n "${copied[$so]:-}" ] && return
	copied[$so]=1
	if [[ $so == librte_* ]]; then
		unpack "$(rte_pkg "$so")"
		path="$pkgroot/$libdir/$so"
	elif [ -n "${other_pkg[$so]:-}" ] && [ ! -e "/$libdir/$so" ]; then
		unpack "${other_pkg[$so]}"
		path="$pkgroot/$libdir/$so"
	else
		path=/$libdir/$so
		if [ ! -e "$path" ] || ! host_owned "$path"; then
			echo "linux-guest-dpdk: $so: not in a DPDK package and not a host Debian library" >&2
			exit 1
		fi
	fi
	[ -e "$path" ] || { echo "linux-guest-dpdk: $so not found ($path)" >&2; exit 1; }
	mkdir -p "$stage/$libdir"
	cp -L "$path" "$stage/$libdir/$so"
	add_deps "$stage/$libdir/$so"
}
add_deps() { # ELF file
	local so
	for so in $(needed "$1"); do
		add_lib "$so"
	done
}

mkdir -p "$stage/bin" "$stage/$pmddir" "$stage/lib/modules/dpdk"
cp "$pkgroot/usr/bin/dpdk-testpmd" "$stage/bin/dpdk-testpmd"
add_deps "$stage/bin/dpdk-testpmd"
# The EAL loads every plugin in its driver directory: only these three.
for so in "${pmds[@]}"; do
	add_lib "$so"
	ln -s "../../$so" "$stage/$pmddir/${so%.23}"
done
# The dynamic loader itself (testpmd's interpreter), which busybox-static lacks.
add_lib ld-linux-x86-64.so.2
mkdir -p "$stage/lib64"
ln -sf "/$libdir/ld-linux-x86-64.so.2" "$stage/lib64/ld-linux-x86-64.so.2"

# uio_pci_generic and uio from the guest's own kernel package: the guest
# kernel has vfio-pci but not CONFIG_VFIO_NOIOMMU, and no IOMMU is emulated.
kdeb=$(ls "$debs"/linux-image-[0-9]*.deb | head -1)
kroot="$work/kroot"
mkdir -p "$kroot"
dpkg-deb -x "$kdeb" "$kroot"
for mod in uio uio_pci_generic; do
	path=$(find "$kroot/lib/modules" -name "$mod.ko" | head -1)
	[ -n "$path" ] || { echo "linux-guest-dpdk: $mod.ko not in $(basename "$kdeb")" >&2; exit 1; }
	cp "$path" "$stage/lib/modules/dpdk/$mod.ko"
done
install -m 755 "$src/init-dpdk" "$stage/init-dpdk"

# build.sh's busybox-static has the cpio the host may lack.
dpkg-deb -x "$(ls "$debs"/busybox-static_*.deb | head -1)" "$work/busybox"
(cd "$stage" && find . | LC_ALL=C sort | "$work/busybox/bin/busybox" cpio -o -H newc 2>/dev/null) | gzip -9 >"$work/dpdk.cpio.gz"
cat "$base" "$work/dpdk.cpio.gz" >"$out/initramfs-dpdk.cpio.gz"
{
	echo "dpdk-dev $(dpkg-deb -f "$(ls "$debs"/dpdk-dev_*.deb | head -1)" Version) (dpdk-testpmd)"
	echo "plugins ${pmds[*]}"
	echo "libraries $(find "$stage/$libdir" -maxdepth 1 -type f -printf '%f\n' | LC_ALL=C sort | tr '\n' ' ')"
	echo "modules uio uio_pci_generic"
} >"$out/VERSION-dpdk"
echo "linux-guest-dpdk: $out/initramfs-dpdk.cpio.gz ($(du -k "$out/initramfs-dpdk.cpio.gz" | cut -f1) KiB)"
cat "$out/VERSION-dpdk"
