#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Fetch ACPICA's source into the directory given as $1 (third_party/acpica),
# from the distribution's packages. Idempotent: a second run only checks.
#
# Where it comes from (docs/ACPI.md says why): the acpica-unix source package
# is the natural home, but the archive this project can reach does not serve
# its files, so the ACPICA copy inside the distribution's kernel source package
# (linux-source-<version>, a plain binary package holding a tarball) is used.
# Only ACPICA's own files are unpacked: drivers/acpi/acpica (the interpreter)
# and include/acpi (its headers). Every one of them carries the dual licence
# "BSD-3-Clause OR GPL-2.0"; napkin uses the BSD-3-Clause option.
#
# Result:
#   $1/source/*.c, *.h       the interpreter and its private headers
#   $1/include/acpi/         the public headers (<acpi/acpi.h>)
#   $1/VERSION               which package and version it came from
#   $1/LICENSE-BSD-3-Clause  the licence text (the tarball's LICENSES/preferred)
#   $1/NOTICE                every copyright line of the fetched files: with the
#                            licence, what a binary image must reproduce
set -euo pipefail

dest=${1:?usage: fetch_acpica.sh DEST_DIR}
stamp="$dest/.fetched"
if [ -f "$stamp" ] && [ -f "$dest/source/nsxfeval.c" ] && [ -f "$dest/include/acpi/acpi.h" ] &&
  [ -f "$dest/NOTICE" ] && [ -f "$dest/LICENSE-BSD-3-Clause" ]; then
  touch "$stamp" # newer than this script, for make
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi

# The versioned package the linux-source metapackage points at.
resolve_pkg() {
  apt-cache depends linux-source 2>/dev/null | sed -n 's/^ *Depends: \(linux-source-[0-9.]*\)$/\1/p' | head -n1
}
pkg=$(resolve_pkg)
if [ -z "$pkg" ]; then
  "${sudo_cmd[@]}" apt-get update -q
  pkg=$(resolve_pkg)
fi
if [ -z "$pkg" ]; then
  echo "fetch_acpica: no linux-source package known to apt: cannot get ACPICA's source" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
echo "fetch_acpica: downloading $pkg for its ACPICA files"
(cd "$work" && apt-get download -q "$pkg" >/dev/null 2>"$work/apt.log") || {
  cat "$work/apt.log" >&2
  exit 1
}
deb=$(ls "$work"/*.deb)
version=$(dpkg-deb -f "$deb" Version)
top=${pkg} # the tarball's top directory is named after the package
dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$work" --wildcards "*/$top.tar.xz"
tarball=$(find "$work" -name "$top.tar.xz" | head -n1)
xz -dc -T2 "$tarball" | tar -x -C "$work" --wildcards \
  "$top/drivers/acpi/acpica/*" "$top/include/acpi/*" "$top/LICENSES/preferred/BSD-3-Clause"

rm -rf "$dest"
mkdir -p "$dest/include"
mv "$work/$top/drivers/acpi/acpica" "$dest/source"
mv "$work/$top/include/acpi" "$dest/include/acpi"
# The licence text without the kernel's SPDX preamble (everything before License-Text:).
sed -n '/^License-Text:/,$p' "$work/$top/LICENSES/preferred/BSD-3-Clause" | sed 1d \
  >"$dest/LICENSE-BSD-3-Clause"
# include/acpi also holds Linux's own ACPI headers (GPL only): not ACPICA, dropped.
for f in "$dest"/include/acpi/*.h; do
  grep -q 'BSD-3-Clause OR GPL-2.0' "$f" || rm -f "$f"
done
echo "ACPICA from $pkg $version (drivers/acpi/acpica, include/acpi), used under BSD-3-Clause" \
  >"$dest/VERSION"
if grep -L 'BSD-3-Clause OR GPL-2.0' "$dest"/source/*.[ch] "$dest"/include/acpi/platform/*.h | grep -q .; then
  echo "fetch_acpica: a fetched file lacks the dual BSD-3-Clause licence line" >&2
  exit 1
fi
{
  cat "$dest/VERSION"
  echo "The licence text is in LICENSE-BSD-3-Clause; the copyright notices of its files:"
  echo
  grep -h 'Copyright' "$dest"/source/*.[ch] "$dest"/include/acpi/*.h \
    "$dest"/include/acpi/platform/*.h | grep -v '#define' | sed 's/^[[:space:]*]*//' | sort -u
} >"$dest/NOTICE"
grep -q 'Redistribution and use in source and binary forms' "$dest/LICENSE-BSD-3-Clause" || {
  echo "fetch_acpica: the BSD-3-Clause licence text is missing from the package" >&2
  exit 1
}
touch "$stamp"
echo "fetch_acpica: $(cat "$dest/VERSION")"
