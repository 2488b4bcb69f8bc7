# SPDX-License-Identifier: BSD-2-Clause
# napkin: build the kernel, the ISO, and run the tests.
#
#   make            build/napkin.elf, build/napkin32.elf (-kernel), build/napkin.iso
#   make test-image build/napkin-test.elf, napkin-test32.elf: the same plus tests/kernel/
#   make run        boot the ISO in QEMU with the serial console on this terminal
#   make netboot    build/netboot/: iPXE script, GRUB netboot images, kernel (docs/HARDWARE.md)
#   make test       host unit tests, fuzz corpus replay, then QEMU end-to-end tests
#   make fuzz       run each fuzz harness FUZZ_SECONDS, report in docs/RELIABILITY.md
#   make mutants    plant each bug of tests/mutants/mutants.txt, see the suites catch it
#   make lint       clang-format --dry-run, cppcheck, docs/CMDLINE.md against the code
#   make sources    the Debian source packages of the GPL parts of the ISO (docs/LICENSES.md)
#
# Module fragments in mk/*.mk and under tests/ add sources and tests; this file
# only holds what is common.

BUILD     ?= build
CC        := gcc
LD        := ld
OBJCOPY   := objcopy
NM        := nm
PYTHON    := /usr/bin/python3
QEMU      := qemu-system-x86_64
DEPS_STAMP := third_party/.deps-ok

GCC_INC   := $(shell $(CC) -print-file-name=include)

# Bare-metal flags. Frame pointers stay on for the exception backtrace. The
# stack protector's canary is one global (kernel/core/stack_protector.c): no TLS here.
KCFLAGS := -std=gnu11 -O2 -g -ffreestanding -fno-builtin -fno-pic -fno-pie \
	-fstack-protector-strong -mstack-protector-guard=global -fno-omit-frame-pointer -fno-asynchronous-unwind-tables \
	-fno-tree-loop-distribute-patterns -fno-strict-aliasing -fno-delete-null-pointer-checks \
	-m64 -mcmodel=small -mno-red-zone -mgeneral-regs-only \
	-nostdinc -isystem $(GCC_INC) -isystem lib/include -I. \
	-Wall -Wextra -Wno-unused-parameter -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Werror=implicit-function-declaration -MD -MP
KASFLAGS := -m64 -I. -MD -MP -Wa,--noexecstack
KLDFLAGS := -m elf_x86_64 -nostdlib -static -z max-page-size=4096 -z noexecstack \
	--no-warn-rwx-segments -T linker.ld

# Objects remember the flags they were built with: a change to KCFLAGS or
# KASFLAGS (the stack protector, say) rebuilds every object, not only edited ones.
KFLAGS_STAMP := $(BUILD)/kflags-$(shell printf '%s' '$(KCFLAGS) $(KASFLAGS)' | md5sum | cut -c1-12).stamp
$(KFLAGS_STAMP):
	@mkdir -p $(BUILD) && rm -f $(BUILD)/kflags-*.stamp && touch $@

# Host flags for unit tests and the hosted harness.
HOST_CFLAGS := -std=gnu11 -O1 -g -I. -Wall -Wextra -Wno-unused-parameter -Werror=implicit-function-declaration \
	-fsanitize=address,undefined -fno-omit-frame-pointer -DNAPKIN_HOSTED -MD -MP
HOST_LDFLAGS := -fsanitize=address,undefined

# Everything in these folders is part of the bare-metal kernel; kernel/ and
# net/ keep each concern in a room of its own (kernel/README.md,
# net/README.md). Sources that need extra flags or only build in one world
# are handled by mk/*.mk.
KSRCS := $(wildcard boot/*.S kernel/*/*.c kernel/*/*.S lib/*.c net/*.c net/*/*.c net/*/*/*.c \
	drivers/*/*.c)
KEXTRA_OBJS :=

# mk/*.mk define rules of their own; `make` alone must still mean `all`.
.DEFAULT_GOAL := all

-include mk/*.mk

KOBJS := $(patsubst %,$(BUILD)/k/%.o,$(KSRCS)) $(KEXTRA_OBJS)

.PHONY: all deps run run-kernel test test-image unit-build unit-test qemu-test lint clean bench fuzz-build \
	bench-unit
all: $(BUILD)/napkin.elf $(BUILD)/napkin32.elf $(BUILD)/napkin.iso

deps: $(DEPS_STAMP)
$(DEPS_STAMP): scripts/deps.sh
	bash scripts/deps.sh

$(BUILD)/k/%.c.o: %.c $(KFLAGS_STAMP) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(KCFLAGS) -c $< -o $@

$(BUILD)/k/%.S.o: %.S $(KFLAGS_STAMP) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(KASFLAGS) -c $< -o $@

# The backtrace needs symbol names: link once, turn the text symbols into a
# table, link again with it. The table sits after .text, so text addresses do
# not move between the two links (checked below).
# $(call kernel_image,NAME,OBJECTS) links $(BUILD)/NAME.elf and NAME32.elf.
define kernel_image
$(BUILD)/$(1).pass1.elf: $(2) $(BUILD)/k/ksyms_empty.o linker.ld
	$(LD) $(KLDFLAGS) -o $$@ $(2) $(BUILD)/k/ksyms_empty.o

$(BUILD)/k/$(1).ksyms.o: $(BUILD)/$(1).pass1.elf scripts/ksyms.py
	$(NM) -n $$< | $(PYTHON) scripts/ksyms.py - > $(BUILD)/k/$(1).ksyms.c
	$(CC) $(KCFLAGS) -c $(BUILD)/k/$(1).ksyms.c -o $$@

$(BUILD)/$(1).elf: $(2) $(BUILD)/k/$(1).ksyms.o linker.ld
	$(LD) $(KLDFLAGS) -o $$@ $(2) $(BUILD)/k/$(1).ksyms.o
	@$(NM) -n $(BUILD)/$(1).pass1.elf | grep -i ' t ' > $(BUILD)/$(1).syms1.txt
	@$(NM) -n $$@ | grep -i ' t ' > $(BUILD)/$(1).syms2.txt
	@cmp -s $(BUILD)/$(1).syms1.txt $(BUILD)/$(1).syms2.txt || \
		{ echo "text moved between links: symbol table would lie"; exit 1; }

# QEMU's -kernel loads Multiboot1 images only from ELF32 containers. The
# kernel is linked below 4 GiB, so the same bytes fit one. QEMU sets no video
# modes, so this copy does not ask for one (scripts/mb1_no_video.py).
$(BUILD)/$(1)32.elf: $(BUILD)/$(1).elf scripts/mb1_no_video.py
	$(OBJCOPY) -O elf32-i386 $$< $$@.tmp
	$(PYTHON) scripts/mb1_no_video.py $$@.tmp
	mv $$@.tmp $$@
endef

$(BUILD)/k/ksyms_empty.o: scripts/ksyms.py | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(PYTHON) scripts/ksyms.py /dev/null > $(BUILD)/k/ksyms_empty.c
	$(CC) $(KCFLAGS) -c $(BUILD)/k/ksyms_empty.c -o $@

$(eval $(call kernel_image,napkin,$(KOBJS)))

# The test image: the production objects plus the test modules of
# tests/kernel/ (pcitest=irq, e1000test, lapictest, vnettest). Their initcalls
# are device_early_initcall, a level before the drivers' (pcitest binds devices
# first), so the link order does not matter.
# The production image never contains them: `make test-image` shows both sizes
# and fails if a name only a test object defines is in napkin.elf
# (scripts/image_guard.sh).
TEST_KSRCS := $(wildcard tests/kernel/*.c)
TEST_KOBJS := $(patsubst %,$(BUILD)/k/%.o,$(TEST_KSRCS))
$(eval $(call kernel_image,napkin-test,$(TEST_KOBJS) $(KOBJS)))

test-image: $(BUILD)/napkin-test32.elf $(BUILD)/napkin32.elf image-guard
	@size $(BUILD)/napkin.elf $(BUILD)/napkin-test.elf | \
		awk 'NR == 1 { print "image sizes (bytes):" } NR > 1 { printf "  %-28s text %9d  data %8d  bss %9d\n", $$6, $$1, $$2, $$3 }'

.PHONY: image-guard
image-guard: $(BUILD)/napkin.elf $(TEST_KOBJS)
	@sh scripts/image_guard.sh $(NM) $(BUILD)/napkin.elf $(TEST_KOBJS) -- $(filter-out $(TEST_KOBJS),$(KOBJS))

# /licenses: the licence texts and notices of napkin, lwIP, ACPICA, the screen
# font, GRUB and mtools (docs/LICENSES.md), copied from the installed packages at build time.
$(BUILD)/napkin.iso: $(BUILD)/napkin.elf boot/grub.cfg scripts/iso_licenses.sh LICENSE
	@rm -rf $(BUILD)/iso && mkdir -p $(BUILD)/iso/boot/grub
	@# Without its debug sections: GRUB reads the whole file into memory, and
	@# the ISO boots in 8 MiB (napkin's own symbol table is in .rodata).
	objcopy --strip-debug $(BUILD)/napkin.elf $(BUILD)/iso/boot/napkin.elf
	cp boot/grub.cfg $(BUILD)/iso/boot/grub/grub.cfg
	FBCON_FONT=$(FBCON_FONT) bash scripts/iso_licenses.sh $(BUILD)/iso/licenses $(LWIP_SRCS)
	grub-mkrescue -o $@ $(BUILD)/iso >$(BUILD)/grub-mkrescue.log || \
		{ cat $(BUILD)/grub-mkrescue.log; exit 1; }
	@# Zeros after the image: BIOS GRUB reads the sector just past the ISO's
	@# end, and QEMU 10's AHCI CD under SeaBIOS answers that read with a 32 s
	@# timeout instead of an error (a 97 s boot on q35). The file system, the
	@# partition tables and El Torito all still describe the image alone, as on
	@# a USB stick larger than the image.
	truncate -s +64K $@

# Networking for `make run`: user-mode networking that reaches nothing outside
# (restrict=on), with the guest's echo, iperf and status page ports forwarded
# to loopback (README.md lists them). RUN_HTTP_PORT picks the page's host port.
RUN_HTTP_PORT ?= 8080
RUN_NET := -netdev user,id=n0,restrict=on,hostfwd=tcp:127.0.0.1:5007-:7,hostfwd=udp:127.0.0.1:5007-:7,hostfwd=tcp:127.0.0.1:5001-:5001,hostfwd=tcp:127.0.0.1:$(RUN_HTTP_PORT)-:80 \
	-device virtio-net-pci,netdev=n0
QEMU_COMMON := -accel tcg -m 256 -no-reboot -serial mon:stdio -display none \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04

run: all
	$(QEMU) $(QEMU_COMMON) $(RUN_NET) -cdrom $(BUILD)/napkin.iso

run-kernel: all
	$(QEMU) $(QEMU_COMMON) $(RUN_NET) -kernel $(BUILD)/napkin32.elf -append "$(APPEND)"

# A unit test NAME is declared in a *.mk beside its sources, anywhere under
# tests/unit/ (one folder per source folder: tests/unit/README.md) or
# tests/hosted/, with UNIT_TESTS += NAME, NAME_SRCS (host-built sources) and
# optionally NAME_OBJS, NAME_CFLAGS and NAME_LDFLAGS. The shared lists come
# first (the fakes, then the hosted harness), so the fragments that use them
# may take `:=`.
UNIT_TESTS :=
UNIT_MK_FIRST := tests/unit/fakes/fakes.mk tests/hosted/hosted.mk
UNIT_MK := $(sort $(shell find tests/unit tests/hosted -name '*.mk'))
-include $(UNIT_MK_FIRST) $(filter-out $(UNIT_MK_FIRST),$(UNIT_MK))

# A test file no test builds would be dropped without a word (after a move, say).
UNIT_TEST_FILES := $(shell find tests/unit tests/hosted -name 'test_*.c')
UNIT_UNBUILT := $(filter-out $(foreach t,$(UNIT_TESTS),$($(t)_SRCS)),$(UNIT_TEST_FILES))
$(if $(UNIT_UNBUILT),$(error no unit test builds $(UNIT_UNBUILT)))

CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck)
define unit_test_rule
$(BUILD)/unit/$(1): $$($(1)_SRCS) $$($(1)_OBJS) | $(DEPS_STAMP)
	@mkdir -p $$(dir $$@)
	$(CC) $(HOST_CFLAGS) $$($(1)_CFLAGS) $$($(1)_SRCS) $$($(1)_OBJS) -o $$@ $(HOST_LDFLAGS) $$($(1)_LDFLAGS) $$(CHECK_LIBS)
endef
$(foreach t,$(UNIT_TESTS),$(eval $(call unit_test_rule,$(t))))

# libFuzzer harnesses; `make test` replays their seed corpora (fuzz-replay).
-include tests/fuzz/*.mk

unit-build: $(DEPS_STAMP) $(addprefix $(BUILD)/unit/,$(UNIT_TESTS))

# One target per suite, so `make -j -O` runs them side by side, output kept whole.
unit-test: $(addprefix unit-run-,$(UNIT_TESTS))
unit-run-%: $(BUILD)/unit/% | $(DEPS_STAMP)
	@echo "== unit: $*"; CK_DEFAULT_TIMEOUT=120 $<

# The benchmarks' own code that can be checked without QEMU (bench/tests/).
bench-unit:
	$(PYTHON) -m pytest -q bench/tests

# Each QEMU test file runs on one pytest-xdist worker (its module fixtures boot
# once); QEMU_JOBS workers, one per CPU by default. QEMU_JOBS=0 runs in-process.
NPROC     := $(shell nproc 2>/dev/null || echo 1)
QEMU_JOBS ?= $(NPROC)
qemu-test: all test-image qdev-qemu linux-guest linux-guest-dpdk netboot
	$(PYTHON) -m pytest -q -n $(QEMU_JOBS) --dist loadfile --durations=15 tests/qemu $(PYTEST_ARGS)

# deps alone first (apt takes locks), then every build side by side, then the
# host tests side by side with the fixed sample of mutants (mk/mutants.mk: the
# suites must still catch them; the stack tests mostly wait on real time),
# then the QEMU tests (which spread over the CPUs themselves).
test:
	$(MAKE) deps
	$(MAKE) -j$(NPROC) -O lint all test-image unit-build fuzz-build
	$(MAKE) -j$(NPROC) -O unit-test fuzz-replay bench-unit mutants-sample
	$(MAKE) qemu-test

LINT_C := $(shell git ls-files '*.c' '*.h' | grep -v '^third_party/')
lint: $(DEPS_STAMP)
	@echo "clang-format: $(words $(LINT_C)) files"
	@clang-format --dry-run --Werror $(LINT_C)
	@echo "cppcheck: $(words $(filter %.c,$(KSRCS)) $(TEST_KSRCS)) files"
	@cppcheck --quiet --error-exitcode=1 --enable=warning,portability --inline-suppr \
		-I. -Ilib/include $(LWIP_INCLUDES) --suppress=missingIncludeSystem \
		$(filter %.c,$(KSRCS)) $(TEST_KSRCS)

bench: all
	bash bench/boot.sh

clean:
	rm -rf $(BUILD)

DEP_FILES := $(shell find $(BUILD) -name '*.d' 2>/dev/null)
# A test binary is compiled and linked in one gcc command, whose .d file names
# its last source as the binary's prerequisite, and -MP covers only headers: a
# source moved or removed since the last build would stop the next one with
# "no rule to make" it. Such sources (not generated ones) get an empty rule:
# the binary is rebuilt from its present list.
UNIT_DEP_FILES := $(foreach f,$(DEP_FILES),$(if $(findstring /unit/,$(f)),$(f)))
UNIT_DEP_SOURCES := $(sort $(if $(UNIT_DEP_FILES),$(shell head -qn1 $(UNIT_DEP_FILES) | \
	sed -n 's/^[^:]*:[[:space:]]*\([^[:space:]\\]*\).*/\1/p')))
$(filter-out $(BUILD)/% $(wildcard $(UNIT_DEP_SOURCES)),$(UNIT_DEP_SOURCES)): ;

-include $(DEP_FILES)
