#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build the Linux comparison guest from Debian packages only:
#   build/linux-guest/vmlinuz            the kernel of linux-image-amd64
#   build/linux-guest/initramfs.cpio.gz  busybox-static, the NIC modules of that
#                                        kernel, echo.c and anchor_server.c built
#                                        -static, iperf and Debian's ethtool with
#                                        their shared libraries, ./init and
#                                        bench-info (what netbench records)
#   build/linux-guest/VERSION            what went in, for the reports
# The packages are fetched with `apt-get download` into build/linux-guest/debs
# and unpacked there with dpkg-deb; nothing is installed into the host's /boot.
# Run again to rebuild; the .debs are kept.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
src="$top/bench/linux-guest"
out="$top/build/linux-guest"
debs="$out/debs"
mkdir -p "$debs"

need_host_pkg() { # package, file it provides
	[ -e "$2" ] && return
	echo "linux-guest: installing $1 for $2"
	apt-get install -y -q "$1" >/dev/null
}

# The versioned image package that linux-image-amd64 points at today.
image_pkg() {
	apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-/ {print $2; exit}'
}

fetch_deb() { # package
	ls "$debs/$1"_*.deb >/dev/null 2>&1 && return
	echo "linux-guest: apt-get download $1"
	(cd "$debs" && apt-get download -q "$1" >/dev/null)
}

need_host_pkg iperf /usr/bin/iperf
need_host_pkg libc6-dev /usr/lib/x86_64-linux-gnu/libc.a

kpkg=$(image_pkg)
if [ -z "$kpkg" ]; then
	apt-get update -q >/dev/null
	kpkg=$(image_pkg)
fi
[ -n "$kpkg" ] || { echo "linux-guest: apt knows no linux-image-amd64" >&2; exit 1; }
fetch_deb "$kpkg"
fetch_deb busybox-static
# ethtool is not needed on the host: its package and libmnl0 are unpacked here.
fetch_deb ethtool
fetch_deb libmnl0

# Unpacked trees live outside build/: the Makefile includes every *.d under
# build/, and the packages have directories named like that.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pkgroot="$work/pkgroot"
mkdir -p "$pkgroot"
dpkg-deb -x "$(ls "$debs/$kpkg"_*.deb | head -1)" "$pkgroot"
dpkg-deb -x "$(ls "$debs"/busybox-static_*.deb | head -1)" "$pkgroot"
dpkg-deb -x "$(ls "$debs"/ethtool_*.deb | head -1)" "$pkgroot"
dpkg-deb -x "$(ls "$debs"/libmnl0_*.deb | head -1)" "$pkgroot"
kver=${kpkg#linux-image-}
config="$pkgroot/boot/config-$kver"
busybox="$pkgroot/bin/busybox"
[ -x "$busybox" ] || { echo "linux-guest: no busybox in busybox-static" >&2; exit 1; }

stage="$work/stage"
mkdir -p "$stage"/{bin,sbin,proc,sys,dev,tmp,lib/modules}
cp "$busybox" "$stage/bin/busybox"
for applet in $("$busybox" --list); do
	[ -e "$stage/bin/$applet" ] || ln -s busybox "$stage/bin/$applet"
done
install -m 755 "$src/init" "$stage/init"
install -m 755 "$src/bench-info" "$stage/bin/bench-info"
# The kernel opens /dev/console for init before init can mount devtmpfs.
mknod -m 600 "$stage/dev/console" c 5 1

# NIC drivers: built in (=y) needs nothing, a module (=m) goes in with the
# modules it depends on, listed dependencies first in lib/modules/load-order.
modroot="$pkgroot/lib/modules/$kver"
declare -A loaded=()
order=()
modinfo_depends() { # module path
	objcopy -O binary --only-section=.modinfo "$1" /dev/stdout | tr '\0' '\n' |
		sed -n 's/^depends=//p' | tr ',' ' '
}
add_module() { # module name
	local name=${1//-/_} path dep
	[ -n "${loaded[$name]:-}" ] && return
	path=$(find "$modroot" -name "$name.ko" -o -name "${name//_/-}.ko" | head -1)
	[ -n "$path" ] || { echo "linux-guest: module $name not in $kpkg" >&2; exit 1; }
	loaded[$name]=1
	for dep in $(modinfo_depends "$path"); do
		add_module "$dep"
	done
	cp "$path" "$stage/lib/modules/$name.ko"
	order+=("$name.ko")
}
for opt in VIRTIO_PCI:virtio_pci VIRTIO_NET:virtio_net E1000:e1000 E1000E:e1000e \
	SKY2:sky2 SKGE:skge TIGON3:tg3; do
	sym=${opt%%:*} mod=${opt#*:}
	case $(sed -n "s/^CONFIG_$sym=//p" "$config") in
	y) echo "linux-guest: $mod built in" ;;
	m) add_module "$mod" ;;
	*) echo "linux-guest: CONFIG_$sym is off in $kpkg: that NIC cannot be compared" >&2 ;;
	esac
done
printf '%s\n' "${order[@]}" >"$stage/lib/modules/load-order"

gcc -O2 -static -Wall -Wextra -o "$stage/bin/echo-server" "$src/echo.c"
gcc -O2 -static -Wall -Wextra -o "$stage/bin/anchor-server" "$src/anchor_server.c"

# Debian's iperf and ethtool are dynamically linked: copy each with what ldd
# says it loads (libmnl from the unpacked package, the rest from the host,
# which is the same Debian release).
copy_with_libs() { # binary on the host, path in the guest
	local lib
	cp "$1" "$stage$2"
	for lib in $(LD_LIBRARY_PATH="$pkgroot/usr/lib/x86_64-linux-gnu" ldd "$1" | grep -o '/[^ ]*'); do
		case $lib in
		"$pkgroot"/*) dest=${lib#"$pkgroot"} ;;
		*) dest=$lib ;;
		esac
		mkdir -p "$stage$(dirname "$dest")"
		cp -L "$lib" "$stage$dest"
	done
}
copy_with_libs /usr/bin/iperf /bin/iperf
copy_with_libs "$pkgroot/sbin/ethtool" /sbin/ethtool

cp "$pkgroot/boot/vmlinuz-$kver" "$out/vmlinuz"
(cd "$stage" && find . | LC_ALL=C sort | "$busybox" cpio -o -H newc 2>/dev/null) |
	gzip -9 >"$out/initramfs.cpio.gz"
{
	echo "kernel $kpkg ($(dpkg-deb -f "$(ls "$debs/$kpkg"_*.deb | head -1)" Version))"
	echo "busybox-static $(dpkg-deb -f "$(ls "$debs"/busybox-static_*.deb | head -1)" Version)"
	echo "iperf $(dpkg-query -W -f '${Version}' iperf)"
	echo "ethtool $(dpkg-deb -f "$(ls "$debs"/ethtool_*.deb | head -1)" Version)"
	echo "modules ${order[*]}"
} >"$out/VERSION"
echo "linux-guest: $out/vmlinuz, $out/initramfs.cpio.gz ($(du -k "$out/initramfs.cpio.gz" | cut -f1) KiB)"
cat "$out/VERSION"
