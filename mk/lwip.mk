# SPDX-License-Identifier: BSD-2-Clause
# lwIP (third_party/lwip, fetched by `make deps`) and napkin's port and glue.
#
# lwIP is built from an explicit file list (not a wildcard) so the list is
# known before `make deps` has fetched the source. It gets the kernel's code
# generation flags but not napkin's warning set: its own style trips
# -Wshadow/-Wmissing-prototypes and those are not ours to fix. napkin's glue
# (net/lwip/, net/services/) keeps the full warning set.
#
# The same sources build for the hosted harness (issue #6) and host unit tests:
# link $(LWIP_HOST_OBJS) and add $(LWIP_INCLUDES) to the test's CFLAGS.

LWIP_DIR := third_party/lwip/src
LWIP_INCLUDES := -I$(LWIP_DIR)/include -Inet/lwip/include

LWIP_SRCS := $(addprefix $(LWIP_DIR)/, \
	core/init.c core/def.c core/inet_chksum.c core/ip.c core/mem.c core/memp.c \
	core/netif.c core/pbuf.c core/raw.c core/stats.c core/sys.c core/tcp.c \
	core/tcp_in.c core/tcp_out.c core/timeouts.c core/udp.c \
	core/ipv4/dhcp.c core/ipv4/etharp.c core/ipv4/icmp.c core/ipv4/ip4.c \
	core/ipv4/ip4_addr.c core/ipv4/ip4_frag.c \
	core/ipv6/ethip6.c core/ipv6/icmp6.c core/ipv6/inet6.c core/ipv6/ip6.c \
	core/ipv6/ip6_addr.c core/ipv6/ip6_frag.c core/ipv6/mld6.c core/ipv6/nd6.c \
	netif/ethernet.c)

# The sources appear once `make deps` ran; say so instead of "no rule to make".
$(LWIP_SRCS): | $(DEPS_STAMP)

# Quiet but not silent: -Wall still reports real problems in lwIP.
LWIP_WARN := -Wall -Wno-address

# ---- bare metal ----
LWIP_KCFLAGS = $(filter-out -W%,$(KCFLAGS)) $(LWIP_WARN) $(LWIP_INCLUDES)
LWIP_KOBJS := $(patsubst $(LWIP_DIR)/%.c,$(BUILD)/lwip/%.c.o,$(LWIP_SRCS))

$(BUILD)/lwip/%.c.o: $(LWIP_DIR)/%.c $(KFLAGS_STAMP) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(LWIP_KCFLAGS) -MD -MP -c $< -o $@

KEXTRA_OBJS += $(LWIP_KOBJS)

# napkin's side: the port and glue (net/lwip/, its fixes in net/lwip/fixes/),
# the services; the top-level Makefile's KSRCS already takes every room of
# net/. Everything under net/ may include lwIP headers (net/net_init.c starts
# the stack).
$(BUILD)/k/net/%.c.o: KCFLAGS += $(LWIP_INCLUDES)
# The status page's HTML goes in with .incbin, which the compiler's -MD does not see.
$(BUILD)/k/net/services/webstatus/webstatus_page.c.o: net/services/webstatus/webstatus_page.html

# ---- hosted (unit tests, the Linux harness) ----
LWIP_HOST_CFLAGS = $(filter-out -W%,$(HOST_CFLAGS)) $(LWIP_WARN) $(LWIP_INCLUDES)
LWIP_HOST_OBJS := $(patsubst $(LWIP_DIR)/%.c,$(BUILD)/host-lwip/%.c.o,$(LWIP_SRCS))

$(BUILD)/host-lwip/%.c.o: $(LWIP_DIR)/%.c | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(LWIP_HOST_CFLAGS) -MD -MP -c $< -o $@

# lwIP's objects follow napkin's headers too (lwipopts.h, lwip_hooks.h): a
# changed option or hook rebuilds them.
-include $(shell find $(BUILD)/lwip $(BUILD)/host-lwip -name '*.d' 2>/dev/null)
