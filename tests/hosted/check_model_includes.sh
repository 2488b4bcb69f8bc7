#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# A device model must not see the driver it checks: a wrong offset shared
# through a common header would be wrong on both sides and every test would
# still pass. Fails if any file under the models folder includes something
# from drivers/, directly (the #include lines) or through another header
# (the compiler's own dependency list, when CC is given).
#
# usage: check_model_includes.sh MODELS_DIR [CC and flags...]
set -u
dir=$1
shift
bad=0

direct=$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]([^">]*/)?drivers/' "$dir")
if [ -n "$direct" ]; then
	echo "models must not include driver headers:" >&2
	echo "$direct" >&2
	bad=1
fi

if [ $# -gt 0 ]; then
	for src in "$dir"/*.c; do
		[ -e "$src" ] || continue
		deps=$("$@" -MM "$src") || { echo "cannot list the includes of $src" >&2; exit 1; }
		via=$(printf '%s\n' "$deps" | tr ' \\' '\n\n' | grep -E '(^|/)drivers/')
		if [ -n "$via" ]; then
			echo "$src reaches driver headers through its includes:" >&2
			echo "$via" >&2
			bad=1
		fi
	done
fi

[ $bad -eq 0 ] && echo "models: no driver headers ($dir)"
exit $bad
