#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Fill DEST (the ISO's /licenses) with the licence texts and notices of what
# the image carries: napkin, lwIP, ACPICA and the screen font compiled into
# it, GRUB and the FAT boot sector mtools writes. Texts are copied at build time from the installed
# Debian packages and lwIP's source package, never kept in the repository;
# versions come from dpkg, so the notice names exactly what was used.
# docs/LICENSES.md explains the list.
#
#   FBCON_FONT=/usr/share/consolefonts/X.psf.gz scripts/iso_licenses.sh DEST LWIP_SOURCE...
set -euo pipefail

dest=$1
shift
top=$(cd "$(dirname "$0")/.." && pwd)
lwip=$top/third_party/lwip
acpica=$top/third_party/acpica
font=${FBCON_FONT:?FBCON_FONT names the console font compiled into napkin}

fail() {
	echo "iso_licenses: $*" >&2
	exit 1
}

# The package that installed a file, and that package's source name and version.
owner() {
	dpkg-query -S "$1" 2>/dev/null | head -n1 | cut -d: -f1 ||
		fail "no installed package owns $1"
}
source_of() {
	dpkg-query -W -f='${source:Package} ${source:Version}\n' "$1"
}
binary_version() {
	dpkg-query -W -f='${Version}' "$1"
}

copy() {
	[ -s "$1" ] || fail "missing $1"
	cp "$1" "$dest/$2"
}

rm -rf "$dest"
mkdir -p "$dest"

# grub-mkrescue takes the BIOS and UEFI images from these directories.
grub_bios=$(owner /usr/lib/grub/i386-pc/boot_hybrid.img)
grub_efi=$(owner /usr/lib/grub/x86_64-efi/kernel.img)
grub_tool=$(owner "$(readlink -f "$(command -v grub-mkrescue)")")
mtools_pkg=$(owner "$(readlink -f "$(command -v mformat)")")
font_pkg=$(owner "$(readlink -f "$font")")
read -r grub_src grub_src_version < <(source_of "$grub_bios")
read -r mtools_src mtools_src_version < <(source_of "$mtools_pkg")
lwip_version=$(dpkg-parsechangelog -l "$lwip/debian/changelog" -S Version 2>/dev/null ||
	fail "no version in $lwip/debian/changelog")

copy "$top/LICENSE" napkin-LICENSE
copy "$lwip/COPYING" lwIP-COPYING
copy "$lwip/debian/copyright" lwIP-debian-copyright
copy "$acpica/LICENSE-BSD-3-Clause" ACPICA-LICENSE
copy "$acpica/NOTICE" ACPICA-NOTICE
for p in "$grub_bios" "$grub_efi" "$grub_tool"; do
	copy "/usr/share/doc/$p/copyright" "$p-copyright"
done
copy "/usr/share/doc/$mtools_pkg/copyright" "$mtools_pkg-copyright"
copy "/usr/share/doc/$font_pkg/copyright" "$font_pkg-copyright"
# The per-font terms: the psf fonts are built from BDF sources, some of whose
# notices ask to travel with every copy.
[ -s "/usr/share/doc/$font_pkg/copyright.fonts.gz" ] &&
	gzip -dc "/usr/share/doc/$font_pkg/copyright.fonts.gz" >"$dest/$font_pkg-copyright.fonts"
copy /usr/share/common-licenses/GPL-3 GPL-3
copy /usr/share/common-licenses/GPL-2 GPL-2

{
	cat <<EOF
Licences of the software on this image
======================================

napkin (boot/napkin.elf), BSD-2-Clause: napkin-LICENSE.

lwIP $lwip_version (Debian source package lwip), compiled into
boot/napkin.elf, BSD-3-Clause: lwIP-COPYING holds its licence and copyright
notice, lwIP-debian-copyright the package's per-file record. The files built
into napkin are:
EOF
	for f in "$@"; do
		f=${f#"$top"/}; echo "  ${f#third_party/lwip/}"
	done
	cat <<EOF

ACPICA, the ACPI interpreter, compiled into boot/napkin.elf, used under the
BSD-3-Clause option of its dual licence: ACPICA-LICENSE holds the licence,
ACPICA-NOTICE the release it came from ($(head -n1 "$acpica/VERSION")) and
the copyright notices of its files.

The screen console's font, $(basename "$font") from $font_pkg
$(binary_version "$font_pkg"), turned into a table compiled into
boot/napkin.elf: $font_pkg-copyright and $font_pkg-copyright.fonts hold its
terms (console fonts are public domain; the notices of the BDF sources they
were drawn from, such as u_vga16.bdf's for the VGA fonts, are kept there).

GNU GRUB $grub_src_version (Debian source package $grub_src), the boot loader:
boot/grub, the BIOS boot images and the UEFI image, GPL-3.0-or-later (GPL-3),
some parts under the other terms listed in $grub_bios-copyright,
$grub_efi-copyright and $grub_tool-copyright. Binary packages used:
  $grub_bios $(binary_version "$grub_bios")
  $grub_efi $(binary_version "$grub_efi")
  $grub_tool $(binary_version "$grub_tool") (grub-mkrescue, which built this image)

boot/grub/fonts/unicode.pf2 is $grub_tool's build of GNU Unifont, under
GPL-2.0-or-later with the GNU font embedding exception (GPL-2); its source is
Debian's unifont source package.

The FAT file system holding the UEFI image was formatted by mformat from
$mtools_pkg $(binary_version "$mtools_pkg") (Debian source package $mtools_src
$mtools_src_version), which puts a small boot program in its boot sector,
GPL-3.0-or-later: $mtools_pkg-copyright, GPL-3.

Corresponding source
--------------------
GRUB's complete corresponding source is Debian's source package $grub_src,
version $grub_src_version: on a Debian system with deb-src entries,

  apt-get source $grub_src=$grub_src_version

fetches it (a .dsc, the upstream tarball and Debian's changes), as does
\`make sources\` in napkin's repository; Debian's archive and its snapshot
archive keep every released version. The same holds for $mtools_src
($mtools_src_version). napkin's own source and the lwIP version above are in
napkin's repository and Debian's lwip source package.
EOF
} >"$dest/README"
