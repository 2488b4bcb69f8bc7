#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Boot time: QEMU start to "napkin: ready", median of RUNS, per boot path.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-5}
out="$top/bench/results/boot-$(date +%Y%m%d-%H%M%S).txt"
ovmf_code=/usr/share/OVMF/OVMF_CODE_4M.fd
ovmf_vars=/usr/share/OVMF/OVMF_VARS_4M.fd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

common=(-accel tcg -m 256 -display none -no-reboot -nic none -serial stdio)

time_to_ready() { # args: qemu arguments...
	local start end
	start=$(date +%s.%N)
	# The kernel exits QEMU through isa-debug-exit right after "ready".
	timeout 300 qemu-system-x86_64 "${common[@]}" -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		"$@" >"$tmp/serial.log" 2>&1 || true
	end=$(date +%s.%N)
	grep -q "napkin: ready" "$tmp/serial.log" || { echo "no ready line" >&2; echo nan; return; }
	echo "$end - $start" | bc -l
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

# GRUB menus cannot take test_exit, so the ISO runs use a copy with it added.
mkdir -p "$tmp/iso/boot/grub"
cp "$top/build/napkin.elf" "$tmp/iso/boot/napkin.elf"
sed 's|multiboot2 /boot/napkin.elf |multiboot2 /boot/napkin.elf test_exit exit_status=0 |; s|set timeout=1|set timeout=0|' \
	"$top/boot/grub.cfg" >"$tmp/iso/boot/grub/grub.cfg"
grub-mkrescue -o "$tmp/bench.iso" "$tmp/iso" >/dev/null 2>&1

{
	echo "# napkin boot time, QEMU start to 'napkin: ready' (seconds), median of $runs"
	echo "# $(qemu-system-x86_64 --version | head -1); host $(nproc) CPUs; $(date -u +%FT%TZ)"
	for path in kernel iso-bios iso-uefi; do
		for _ in $(seq "$runs"); do
			case $path in
			kernel) time_to_ready -kernel "$top/build/napkin32.elf" -append "test_exit exit_status=0" ;;
			iso-bios) time_to_ready -cdrom "$tmp/bench.iso" ;;
			iso-uefi)
				cp "$ovmf_vars" "$tmp/vars.fd"
				time_to_ready -drive "if=pflash,format=raw,readonly=on,file=$ovmf_code" \
					-drive "if=pflash,format=raw,file=$tmp/vars.fd" -cdrom "$tmp/bench.iso" ;;
			esac
		done | median | xargs printf "%-10s %s\n" "$path"
	done
} | tee "$out"
echo "written to $out"
