#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Bring the QEMU source that napkin's test QEMU is built from, and what it
# takes to build it, from the distribution's own packages:
#   - QEMU 10.0 from Debian 13's `qemu` source package, fetched with a
#     private apt state (no system source list changes for it);
#   - meson from this release's backports (QEMU 10 needs meson >= 1.5;
#     bookworm's own is 1.0);
#   - the libraries an x86_64-softmmu-only build needs.
# Both apt sources are written like the machine's own: same archive, same
# key, another suite; no archive host appears in this repository.
# usage: fetch-qemu.sh DIR   (the source lands in DIR; a second run returns)
set -euo pipefail
dest=${1:?usage: fetch-qemu.sh DIR}
[ -f "$dest/VERSION" ] && exit 0

sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
. /etc/os-release
release=${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}
qemu_suite=trixie

# print_stanza TYPES SUITES: the first apt stanza (deb822 or one-line) that
# names this release, rewritten for other suites.
print_stanza() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		case $f in */napkin-*) continue ;; esac
		awk -v rel="$release" -v types="$1" -v suites="$2" '
			BEGIN { RS = ""; FS = "\n" }
			!done {
				uris = ""; keys = ""; comps = ""; hit = 0
				for (i = 1; i <= NF; i++) {
					if ($i ~ /^URIs:/) uris = $i
					if ($i ~ /^Signed-By:/) keys = $i
					if ($i ~ /^Components:/) comps = $i
					if ($i ~ /^Suites:/) {
						n = split($i, s, /[ \t]+/)
						for (j = 2; j <= n; j++) if (s[j] == rel) hit = 1
					}
				}
				if (hit && uris != "") {
					print "Types: " types; print uris; print "Suites: " suites
					print comps; if (keys != "") print keys; print ""; done = 1
				}
			}' "$f" && return 0
	done
	if [ -f /etc/apt/sources.list ]; then
		awk -v rel="$release" -v types="$1" -v suites="$2" '
			$1 == "deb" && $3 == rel && !done {
				print "Types: " types; print "URIs: " $2; print "Suites: " suites
				c = ""; for (i = 4; i <= NF; i++) c = c " " $i
				print "Components:" c; print ""; done = 1
			}' /etc/apt/sources.list
	fi
}

backports=/etc/apt/sources.list.d/napkin-backports.sources
if [ ! -f "$backports" ]; then
	tmp=$(mktemp)
	print_stanza deb "$release-backports" | awk 'NR == 1 || !/^Types/' | sed '/^$/q' >"$tmp"
	[ -s "$tmp" ] || { echo "fetch-qemu: no apt source names $release" >&2; exit 1; }
	"${sudo_cmd[@]}" install -m 644 "$tmp" "$backports"
	rm -f "$tmp"
	"${sudo_cmd[@]}" apt-get update -q >/dev/null
fi
build_deps=(ninja-build pkg-config python3-venv libglib2.0-dev libpixman-1-dev zlib1g-dev
	libslirp-dev libfdt-dev flex bison dpkg-dev ovmf seabios ipxe-qemu)
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends \
	"${build_deps[@]}" >/dev/null
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends \
	-t "$release-backports" meson >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial"
print_stanza deb-src "$qemu_suite $qemu_suite-updates" | sed '/^$/q' >"$work/src.sources"
apt_private=(-o "Dir::Etc::SourceList=$work/src.sources" -o Dir::Etc::SourceParts=/dev/null
	-o "Dir::State::Lists=$work/lists" -o APT::Sandbox::User=root)
apt-get "${apt_private[@]}" update -q >/dev/null
(cd "$work" && apt-get "${apt_private[@]}" source -q --download-only qemu >/dev/null &&
	dpkg-source -x --no-check qemu_*.dsc src >/dev/null)
rm -rf "$dest"
mkdir -p "$(dirname "$dest")"
mv "$work/src" "$dest"
echo "fetch-qemu: QEMU $(cat "$dest/VERSION") from $qemu_suite's qemu source package, in $dest"
