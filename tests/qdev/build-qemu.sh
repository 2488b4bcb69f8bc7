#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build napkin's test QEMU: Debian's QEMU 10.0 source (fetch-qemu.sh) with
# napkin's NIC models added as PCI devices (napkin-sky2, ...), for
# x86_64-softmmu and the devices in qemu/napkin.mak only. Prints the path of
# the binary on standard output; everything else goes to standard error.
#
# The cache lives outside the checkout ($NAPKIN_CACHE, else
# $XDG_CACHE_HOME/napkin, else ~/.cache/napkin):
#   qemu-src/                  the unpacked source package
#   qemu-VERSION-build/        QEMU's build tree, reused: a model change
#                              recompiles the models and relinks, no more
#   qemu-VERSION-HASH/         the binary for one state of the models and glue
# HASH covers every file that goes into the device. A binary whose HASH
# matches is returned at once.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here="$top/tests/qdev"
cache=${NAPKIN_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/napkin}
src="$cache/qemu-src"
mkdir -p "$cache"

# Models with an adapter here go in, with what they include from the harness.
families=()
for a in "$here"/model_*.c; do
	f=$(basename "$a" .c)
	f=${f#model_}
	[ "$f" = host ] || families+=("$f")
done
model_srcs=("$here/model_host.c" "$top/tests/hosted/frames.c")
for f in "${families[@]}"; do
	model_srcs+=("$here/model_$f.c" "$top"/tests/hosted/models/"$f"_model*.c)
done
inputs=("${model_srcs[@]}" "$here"/*.h "$here"/qemu/* "$here/build-qemu.sh" "$here/fetch-qemu.sh"
	"$top"/tests/hosted/models/*.h "$top"/tests/hosted/*.h "$top/kernel/core/compiler.h"
	"$top/kernel/pci/pci_regs.h")
hash=$(cat "${inputs[@]}" | sha256sum | cut -c1-12)

# One build at a time per cache: checkouts side by side (git worktrees) share
# the source tree and QEMU's build tree.
exec 9>"$cache/build.lock"
flock 9

bash "$here/fetch-qemu.sh" "$src" >&2
ver=$(cat "$src/VERSION")
out="$cache/qemu-$ver-$hash"
if [ -x "$out/qemu-system-x86_64" ]; then
	echo "$out/qemu-system-x86_64"
	exit 0
fi
bld="$cache/qemu-$ver-build"
log="$cache/qemu-$ver-build.log"
: >"$log"
fail() {
	echo "build-qemu: $1; the last lines of $log:" >&2
	tail -30 "$log" >&2
	exit 1
}
echo "build-qemu: building QEMU $ver with napkin's models (${families[*]}) in $bld" >&2
start=$(date +%s)

# The models, compiled as the harness compiles them but for QEMU (-fPIE, no
# sanitizers), in one object whose only global names are the seam's.
gluedir="$src/hw/net/napkin"
mkdir -p "$gluedir"
objdir=$(mktemp -d)
trap 'rm -rf "$objdir"' EXIT
objs=()
for s in "${model_srcs[@]}"; do
	o="$objdir/$(basename "$s" .c).o"
	gcc -std=gnu11 -O2 -g -fPIE -I"$top" -Wall -Wextra -Wno-unused-parameter \
		-Werror=implicit-function-declaration -c "$s" -o "$o" >>"$log" 2>&1 ||
		fail "cannot compile $s"
	objs+=("$o")
done
ld -r -o "$objdir/all.o" "${objs[@]}" >>"$log" 2>&1 || fail "cannot link the models"
objcopy --wildcard --keep-global-symbol='nqdev_[a-z]*' "$objdir/all.o" "$objdir/models.o" \
	>>"$log" 2>&1 || fail "cannot hide the models' names"
for f in "$here/qemu/napkin-nic.c" "$here/nqdev_seam.h"; do
	cmp -s "$f" "$gluedir/$(basename "$f")" || cp "$f" "$gluedir/"
done
# ninja does not watch a link argument: a new models object touches the glue,
# whose recompile relinks the binary.
if ! cmp -s "$objdir/models.o" "$gluedir/napkin_models.o"; then
	cp "$objdir/models.o" "$gluedir/napkin_models.o"
	touch "$gluedir/napkin-nic.c"
fi
cmp -s "$here/qemu/napkin.mak" "$src/configs/devices/x86_64-softmmu/napkin.mak" ||
	cp "$here/qemu/napkin.mak" "$src/configs/devices/x86_64-softmmu/napkin.mak"

# Hook the device into QEMU's build once.
if ! grep -q NAPKIN_NICS "$src/hw/net/Kconfig"; then
	printf '\nconfig NAPKIN_NICS\n    bool\n    depends on PCI\n' >>"$src/hw/net/Kconfig"
fi
if ! grep -q NAPKIN_NICS "$src/hw/net/meson.build"; then
	# The models come as one object: meson compiles only QEMU's side.
	cat >>"$src/hw/net/meson.build" <<-'MESON'

	napkin_models = declare_dependency(link_args: [meson.current_source_dir() / 'napkin/napkin_models.o'])
	system_ss.add(when: 'CONFIG_NAPKIN_NICS', if_true: [files('napkin/napkin-nic.c'), napkin_models])
	MESON
fi
grep -q '^CONFIG_NAPKIN_NICS=y' "$src/configs/devices/x86_64-softmmu/napkin.mak" ||
	fail "qemu/napkin.mak does not turn on CONFIG_NAPKIN_NICS"

if [ ! -f "$bld/build.ninja" ]; then
	rm -rf "$bld"
	mkdir -p "$bld"
	# QEMU's configure wants the system Python, where apt's meson is.
	(cd "$bld" && "$src/configure" --python=/usr/bin/python3 --target-list=x86_64-softmmu \
		--without-default-features --without-default-devices --with-devices-x86_64=napkin \
		--enable-slirp --enable-tcg --disable-docs --disable-tools --disable-werror \
		--disable-install-blobs --prefix="$cache/qemu-prefix" \
		--firmwarepath=/usr/share/qemu:/usr/share/seabios:/usr/lib/ipxe/qemu) \
		>>"$log" 2>&1 || fail "QEMU's configure failed"
fi
jobs=$(nproc)
ninja -C "$bld" -j "$jobs" qemu-system-x86_64 >>"$log" 2>&1 || fail "QEMU's build failed"
for f in "${families[@]}"; do
	"$bld/qemu-system-x86_64" -device help 2>/dev/null | grep -q "\"napkin-$f\"" ||
		fail "the built QEMU has no napkin-$f"
done

# Keep the newest few binaries: another checkout may be testing with one.
ls -dt "$cache/qemu-$ver"-[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f] \
	2>/dev/null | tail -n +6 | xargs -r rm -rf
mkdir -p "$out.tmp"
cp "$bld/qemu-system-x86_64" "$out.tmp/"
mv "$out.tmp" "$out"
echo "build-qemu: done in $(($(date +%s) - start)) s: $out/qemu-system-x86_64" >&2
echo "$out/qemu-system-x86_64"
