# SPDX-License-Identifier: BSD-2-Clause
# libFuzzer harnesses (tests/fuzz/README.md), built with clang and ASan+UBSan.
#
#   make fuzz-replay              run every harness over its seed corpus once
#                                 (part of `make test`; a crash fails it)
#   make fuzz FUZZ_SECONDS=120    fuzz each harness for that long and write the
#                                 report into docs/RELIABILITY.md
#
# A harness NAME is declared with FUZZ_TARGETS += NAME and NAME_SRCS (and
# optionally NAME_OBJS, NAME_CFLAGS); its seeds are tests/fuzz/corpus/NAME/.

FUZZ_CC := clang
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS := -std=gnu11 -O1 -g -I. -DNAPKIN_HOSTED -fno-omit-frame-pointer $(FUZZ_SAN) \
	-Wall -Wno-unused-parameter -Wno-unused-function
FUZZ_LDFLAGS := -fsanitize=fuzzer $(FUZZ_SAN)
FUZZ_SECONDS ?= 60
FUZZ_COMMON_SRCS := tests/fuzz/fuzz_util.c

FUZZ_TARGETS :=

FUZZ_TARGETS += fuzz_cmdline
fuzz_cmdline_SRCS := tests/fuzz/fuzz_cmdline.c net/inet/ipconfig.c net/netconsole/netconsole_config.c \
	$(NET_CORE_SRCS) $(NAPI_FAKES_SRCS)

FUZZ_TARGETS += fuzz_http
fuzz_http_SRCS := tests/fuzz/fuzz_http.c net/services/webstatus/webstatus_http.c
# webstatus.h names the address list, an lwIP type
fuzz_http_CFLAGS = $(LWIP_INCLUDES)

FUZZ_TARGETS += fuzz_pci
fuzz_pci_SRCS := tests/fuzz/fuzz_pci.c $(PCI_CORE_SRCS) $(PCI_IRQ_SRCS) tests/unit/fakes/pci_fake.c \
	tests/unit/fakes/pci_test_reset.c $(PCI_TEST_STUBS)

FUZZ_TARGETS += fuzz_shell
fuzz_shell_SRCS := tests/fuzz/fuzz_shell.c kernel/console/shell.c tests/fuzz/host_compat.c \
	tests/unit/fakes/stub_printk.c
fuzz_shell_CFLAGS := -include tests/fuzz/host_compat.h

FUZZ_TARGETS += fuzz_acpi
fuzz_acpi_SRCS := tests/fuzz/fuzz_acpi.c $(ACPI_TABLE_SRCS) tests/unit/fakes/acpi_fixture.c \
	tests/unit/fakes/stub_printk.c

# lwIP itself is instrumented too: coverage of its input paths is the point.
# One check is off for lwIP alone: its retransmission timeout shifts a
# negative RTT estimate left once the s16 estimator overflowed (an ACK for a
# segment sent about half an hour earlier; tcp.c, tcp_slowtmr), which napkin
# cannot change (docs/RELIABILITY.md, "Found in lwIP").
FUZZ_LWIP_OBJS := $(patsubst $(LWIP_DIR)/%.c,$(BUILD)/fuzz-lwip/%.c.o,$(LWIP_SRCS))
$(BUILD)/fuzz-lwip/%.c.o: $(LWIP_DIR)/%.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(filter-out -W%,$(FUZZ_CFLAGS)) -fno-sanitize=shift-base -fsanitize=fuzzer-no-link \
		-w $(LWIP_INCLUDES) -MD -MP -c $< -o $@
-include $(shell find $(BUILD)/fuzz-lwip -name '*.d' 2>/dev/null)

# The network stack as test_lwip_glue builds it (tests/unit/net/lwip/lwip_glue.mk), and
# the status page's server and page; the harness stands in for its JSON and
# /metrics builders and shell command, which read the whole kernel.
FUZZ_TARGETS += fuzz_lwip
fuzz_lwip_SRCS = tests/fuzz/fuzz_lwip.c tests/fuzz/fuzz_frames.c $(LWIP_GLUE_SRCS) $(NET_SERVICES_SRCS) \
	$(filter-out net/services/webstatus/webstatus_json.c net/services/webstatus/webstatus_shell.c \
		net/services/webstatus/webstatus_metrics%,$(wildcard net/services/webstatus/*.c)) \
	$(NET_CORE_SRCS) $(NAPI_FAKES_SRCS)
fuzz_lwip_OBJS = $(FUZZ_LWIP_OBJS)
$(BUILD)/fuzz/fuzz_lwip: net/services/webstatus/webstatus_page.html
fuzz_lwip_CFLAGS = $(LWIP_INCLUDES)

# Drivers against their models, hostile (tests/fuzz/fuzz_nic.h). The hosted
# harness (as tests/hosted/hosted.mk lists it) and the models are built
# with the sanitizers but without coverage: the fuzzer is to explore the
# driver, and the harness's interrupt delivery, instrumented, cost more than
# everything else together.
# The harness's own files (tests/) go further: optimized and without
# sanitizer checks of their own (their allocations still get ASan's guards),
# since delivering interrupts and ticking models is most of every input.
FUZZ_HOSTED_ALL = $(HOSTED_SRCS) tests/fuzz/fuzz_nic.c
FUZZ_HOSTED_OBJS = $(patsubst %.c,$(BUILD)/fuzz-hosted/%.c.o,$(filter-out tests/%,$(FUZZ_HOSTED_ALL))) \
	$(patsubst %.c,$(BUILD)/fuzz-plain/%.c.o,$(filter tests/%,$(FUZZ_HOSTED_ALL)))
FUZZ_PLAIN_CFLAGS := -std=gnu11 -O2 -g -I. -DNAPKIN_HOSTED -fno-omit-frame-pointer -Wall \
	-Wno-unused-parameter
$(BUILD)/fuzz-hosted/%.c.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(HOSTED_CFLAGS) -MD -MP -c $< -o $@
$(BUILD)/fuzz-plain/%.c.o: %.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_PLAIN_CFLAGS) $(HOSTED_CFLAGS) -MD -MP -c $< -o $@
-include $(shell find $(BUILD)/fuzz-hosted $(BUILD)/fuzz-plain -name '*.d' 2>/dev/null)

FUZZ_TARGETS += fuzz_tg3
fuzz_tg3_SRCS = tests/fuzz/fuzz_tg3.c $(wildcard drivers/tg3/*.c)
fuzz_tg3_OBJS = $(FUZZ_HOSTED_OBJS) $(patsubst %.c,$(BUILD)/fuzz-plain/%.c.o,$(TG3_MODEL_SRCS))
fuzz_tg3_CFLAGS = $(HOSTED_CFLAGS)

FUZZ_TARGETS += fuzz_sky2
fuzz_sky2_SRCS = tests/fuzz/fuzz_sky2.c $(wildcard drivers/sky2/*.c)
fuzz_sky2_OBJS = $(FUZZ_HOSTED_OBJS) $(patsubst %.c,$(BUILD)/fuzz-plain/%.c.o,$(SKY2_MODEL_SRCS))
fuzz_sky2_CFLAGS = $(HOSTED_CFLAGS)

FUZZ_TARGETS += fuzz_skge
fuzz_skge_SRCS = tests/fuzz/fuzz_skge.c $(wildcard drivers/skge/*.c)
fuzz_skge_OBJS = $(FUZZ_HOSTED_OBJS) $(patsubst %.c,$(BUILD)/fuzz-plain/%.c.o,$(SKGE_MODEL_SRCS))
fuzz_skge_CFLAGS = $(HOSTED_CFLAGS)

# Every harness file is compiled with coverage instrumentation (fuzzer-no-link);
# the fuzzer's main() only comes in at the link.
define fuzz_rule
$(BUILD)/fuzz/$(1): $$($(1)_SRCS) $$($(1)_OBJS) $(FUZZ_COMMON_SRCS) tests/fuzz/fuzz.h | $(DEPS_STAMP)
	@mkdir -p $$(dir $$@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $$($(1)_CFLAGS) \
		$$($(1)_SRCS) $(FUZZ_COMMON_SRCS) $$($(1)_OBJS) -o $$@ $(FUZZ_LDFLAGS)
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_rule,$(t))))

FUZZ_BINS := $(addprefix $(BUILD)/fuzz/,$(FUZZ_TARGETS))

.PHONY: fuzz fuzz-build fuzz-replay fuzz-seeds fuzz-keep
fuzz-build: $(FUZZ_BINS)

# Each seed (and each kept crash input) runs once; any sanitizer report or
# crash stops the run with the harness's exit status.
fuzz-replay: $(FUZZ_BINS)
	@set -e; for t in $(FUZZ_TARGETS); do \
		n=$$(ls tests/fuzz/corpus/$$t | wc -l); \
		echo "== fuzz replay: $$t ($$n inputs)"; \
		test "$$n" -gt 0 || { echo "no seeds for $$t"; exit 1; }; \
		$(BUILD)/fuzz/$$t -runs=0 tests/fuzz/corpus/$$t >$(BUILD)/fuzz/$$t.replay.log 2>&1 || \
			{ tail -n 60 $(BUILD)/fuzz/$$t.replay.log; exit 1; }; \
	done
	@$(PYTHON) tests/fuzz/run_fuzz.py --summary $(FUZZ_TARGETS)

# Regenerates the seed corpora from tests/fuzz/seeds.py (they are committed).
fuzz-seeds:
	$(PYTHON) tests/fuzz/seeds.py tests/fuzz/corpus

fuzz: $(FUZZ_BINS)
	$(PYTHON) tests/fuzz/run_fuzz.py --build $(BUILD)/fuzz --seconds $(FUZZ_SECONDS) \
		--report docs/RELIABILITY.md $(FUZZ_TARGETS)

# Adds to the committed corpora the inputs this machine's runs found that
# cover something the committed ones do not (grown-*), so a later session on
# another machine starts from them; commit them with the ledger.
fuzz-keep: $(FUZZ_BINS)
	$(PYTHON) tests/fuzz/run_fuzz.py --build $(BUILD)/fuzz --keep $(FUZZ_TARGETS)
