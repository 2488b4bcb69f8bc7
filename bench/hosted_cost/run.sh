#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Instructions per received frame for tg3, sky2 and skge in the hosted
# harness (bench/hosted_cost/README.md): each driver alone on its receive
# path, then napkin's whole UDP echo path with the device's checksum offloads
# and without them, under callgrind; the report goes to stdout and
# bench/results/hosted-cost-<date>.txt.
#
#   bash bench/hosted_cost/run.sh [binary] [frames]     (or: make bench-hosted-cost)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
bin=${1:-$top/build/bench/hosted_cost}
frames=${2:-2000}
command -v valgrind >/dev/null || { echo "run.sh: needs valgrind (scripts/deps.sh)" >&2; exit 1; }
[ -x "$bin" ] || { echo "run.sh: build $bin first (make build/bench/hosted_cost)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$top/bench/results"
out="$top/bench/results/hosted-cost-$(date -u +%Y%m%d-%H%M%S).txt"

{
	echo "# bench/hosted_cost, $(date -u '+%Y-%m-%d %H:%M UTC'), $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?')"
	echo "# $frames frames of 128 bytes per run, bursts of 20 every 2 ms (simulated), -O2"
	echo "# instructions counted by callgrind; models, harness and bench excluded"
	for mode in driver full full-nocsum; do
		for drv in tg3 sky2 skge; do
			file="$work/callgrind.$drv.$mode"
			echo
			echo "## $drv, $mode: valgrind --tool=callgrind --collect-atstart=no $(basename "$bin") $drv $mode $frames"
			valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$file" \
				"$bin" "$drv" "$mode" "$frames" 2>"$work/valgrind.log" ||
				{ cat "$work/valgrind.log" >&2; exit 1; }
			python3 "$here/summarise.py" "$file" "$frames" "$drv" 12
		done
	done
} | tee "$out"
echo "run.sh: written to ${out#"$top"/}"
