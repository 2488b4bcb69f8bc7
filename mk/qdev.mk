# SPDX-License-Identifier: BSD-2-Clause
# napkin's NIC models as QEMU devices (tests/qdev/README.md), and the Linux
# guest whose own drivers check them.
#
#   make qemu-path       print the path of napkin's test QEMU (QEMU 10 with
#                        napkin-sky2 and friends), building it first if needed;
#                        `make -s qemu-path` prints the path alone
#   make linux-guest     the Linux guest (bench/linux-guest): Debian's kernel
#                        and NIC modules, busybox, echo and iperf servers
#   make linux-guest-dpdk  its DPDK variant, the benchmark's poll-mode peer
#                        (bench/linux-guest/build-dpdk.sh): a second initramfs
#                        with dpdk-testpmd; about 2 minutes the first time
#                        (apt-get download of ~70 small .debs), kept after that
#
# The QEMU build is cached outside the checkout (tests/qdev/build-qemu.sh).

LINUX_GUEST := $(BUILD)/linux-guest/initramfs.cpio.gz

LINUX_GUEST_DPDK := $(BUILD)/linux-guest/initramfs-dpdk.cpio.gz

.PHONY: qemu-path qdev-qemu linux-guest linux-guest-dpdk
qemu-path:
	@bash tests/qdev/build-qemu.sh

# The same, for targets that need the binary built and not its path printed.
qdev-qemu:
	@bash tests/qdev/build-qemu.sh >/dev/null

linux-guest: $(LINUX_GUEST)
$(LINUX_GUEST): bench/linux-guest/build.sh bench/linux-guest/init bench/linux-guest/echo.c \
		bench/linux-guest/anchor_server.c bench/linux-guest/bench-info | $(DEPS_STAMP)
	bash bench/linux-guest/build.sh

# A separate step and file, so the normal Linux guest stays small and its
# build stays as it was.
linux-guest-dpdk: $(LINUX_GUEST_DPDK)
$(LINUX_GUEST_DPDK): $(LINUX_GUEST) bench/linux-guest/build-dpdk.sh bench/linux-guest/init-dpdk | $(DEPS_STAMP)
	bash bench/linux-guest/build-dpdk.sh
