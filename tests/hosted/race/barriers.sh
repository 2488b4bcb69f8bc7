#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# Each barrier and "look again after unmask" of tg3, sky2 and skge, removed
# one at a time in a scratch copy of the tree (never in the product code),
# then: does the object code change (objdump of the kernel build of that file,
# and of the hosted build the racing test runs), and does the racing test fail?
# Prints one table row per removal (docs/RELIABILITY.md, "Racing device").
# Usage: tests/hosted/race/barriers.sh [ID...]   (from the repository's top)
set -eu
top=$(pwd)
list=tests/hosted/race/barriers.list
scratch=$(mktemp -d /tmp/napkin-race.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
git ls-files -z | xargs -0 cp --parents -t "$scratch" 2>/dev/null || true
# lwIP and the other fetched trees the build needs, and the stamp saying they are there.
mkdir -p "$scratch/third_party"
cp -a third_party/. "$scratch/third_party/"

KCFLAGS_LINE=$(make -s -p -n -f Makefile 2>/dev/null | sed -n 's/^KCFLAGS := //p' | head -1)
# The racing binaries' flags (tests/hosted/race.mk).
HCFLAGS_LINE="-std=gnu11 -O2 -g -I. -fno-omit-frame-pointer -DNAPKIN_HOSTED -DNAPKIN_DMA_CHECKED"

objdump_of() { # flags file -> disassembly without addresses or jump targets
	# shellcheck disable=SC2086
	(cd "$scratch" && gcc $1 -c "$2" -o /tmp/race-obj.$$.o 2>/dev/null &&
		objdump -d --no-show-raw-insn /tmp/race-obj.$$.o | grep -v 'file format' |
		sed -E 's/^ *[0-9a-f]+://; s/[0-9a-f]+ <[^>]*>/<target>/g'; rm -f /tmp/race-obj.$$.o)
}

changed() { # two disassemblies -> "same" or "N lines differ"
	n=$(diff "$1" "$2" | grep -c '^[<>]' || true)
	[ "$n" = 0 ] && echo same || echo "$n lines differ"
}

printf '| id | removed | kernel object | racing build object | racing test |\n'
printf '|---|---|---|---|---|\n'
grep -v '^#' "$list" | while IFS='|' read -r id file addr test what; do
	[ -n "$id" ] || continue
	if [ $# -gt 0 ] && ! echo " $* " | grep -q " $id "; then continue; fi
	cp "$top/$file" "$scratch/$file"
	objdump_of "$KCFLAGS_LINE" "$file" > "$scratch/k0.s"
	objdump_of "$HCFLAGS_LINE" "$file" > "$scratch/h0.s"
	sed -e "${addr}s/.*//" "$top/$file" > "$scratch/$file"
	if cmp -s "$top/$file" "$scratch/$file"; then
		printf '| %s | %s | the sed address matched nothing | | |\n' "$id" "$what"
		continue
	fi
	objdump_of "$KCFLAGS_LINE" "$file" > "$scratch/k1.s"
	objdump_of "$HCFLAGS_LINE" "$file" > "$scratch/h1.s"
	kc=$(changed "$scratch/k0.s" "$scratch/k1.s")
	hc=$(changed "$scratch/h0.s" "$scratch/h1.s")
	bin=${test%%:*}
	case $test in *:*) tcase=${test#*:} ;; *) tcase= ;; esac
	if (cd "$scratch" && make -s BUILD=build-race "build-race/unit/$bin" >"$scratch/$id.build" 2>&1); then
		if (cd "$scratch" && env ${tcase:+CK_RUN_CASE=$tcase} timeout 300 "build-race/unit/$bin" \
			> "$scratch/$id.log" 2>&1); then
			res="passes"
		else
			res="fails: $(grep -m1 -E ':[FE]:' "$scratch/$id.log" | sed 's/^[^:]*:[0-9]*:[FE]:[^:]*://' |
				sed 's/|/\//g' | cut -c1-160)"
		fi
	else
		res="does not build: $(grep -m1 -E 'error|Error' "$scratch/$id.build" | sed 's/|/\//g' | cut -c1-120)"
	fi
	printf '| %s | %s | %s | %s | %s |\n' "$id" "$what" "$kc" "$hc" "$res"
	cp "$top/$file" "$scratch/$file"
done
