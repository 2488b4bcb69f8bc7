/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * napkin's whole network path against real Linux tools, for a driver's
 * end-to-end test: lwIP, the glue and the services, started by net_init() as
 * kmain starts them, on top of net_devices the test has already brought up
 * in the harness (models created, driver registered, pci_init run). Each
 * device's model port goes on its own TAP; all TAPs live in one network
 * namespace this process enters for itself, so no frame leaves it and tests
 * running side by side cannot clash. The harness runs in real time
 * (hosted_realtime) so lwIP keeps the Linux peer's time.
 *
 * Addressing, port i (0 or 1): Linux has 10.201.<i+1>.1/24 on the TAP,
 * napkin gets 10.201.<i+1>.2/24, either
 *   - STACK_ADDR_STATIC: ip=<addr>:::255.255.255.0::<dev>:off for the first
 *     port and ip.<dev>=<addr>:::255.255.255.0 for the second (net_init.h); or
 *   - STACK_ADDR_DHCP: ip=dhcp, which napkin runs on every device, served by
 *     a dnsmasq in the namespace that has exactly that one address per TAP.
 *
 * Each check runs one Linux client per port, all started together while the
 * hosted loop keeps napkin going in this process, so a driver serving two
 * ports from one interrupt or one NAPI carries both at once. A check asserts
 * its result only after every client it started has exited or been killed;
 * every client is bounded in time. stack_down() ends what is left (dnsmasq)
 * and leaves the namespace; clients and dnsmasq also get SIGKILL when this
 * process dies (PR_SET_PDEATHSIG), so a crashed test leaves nothing running.
 *
 * Use (the driver's own set-up and teardown around it):
 *
 *	if (!stack_enter("test_foo_stack"))
 *		return;				// (it failed the test already)
 *	<harness, models, driver, pci_init>
 *	stack_up(&cfg);				// TAPs, addresses, net_init, link
 *	stack_ping(20);
 *	stack_udp_echo(40, seed);
 *	stack_tcp_echo(3 << 20);
 *	stack_iperf(2, rates);
 *	stack_assert_not_starved(rates);
 *	stack_down();
 *	<the driver's teardown>
 *
 * Needs /dev/net/tun, ip, ping, iperf (2), python3 and dnsmasq, root or
 * unprivileged user namespaces (then it runs as root of its own user
 * namespace), and the repository's top as working directory
 * (tests/qemu/net_peer.py). Without them stack_enter() fails the test,
 * naming what is missing.
 */
#ifndef NAPKIN_TESTS_HOSTED_STACK_UTIL_H
#define NAPKIN_TESTS_HOSTED_STACK_UTIL_H

#include "kernel/core/compiler.h"

#define STACK_MAX_PORTS 2

struct hosted_port;
struct net_device;

enum stack_addressing {
	STACK_ADDR_STATIC,
	STACK_ADDR_DHCP,
};

struct stack_port {
	struct hosted_port *port; /* the model's port; taken off any wire it is on */
	struct net_device *dev;	  /* the driver's device for that port */
	const char *tap;	  /* TAP name, at most 15 characters */
};

struct stack_config {
	unsigned int nr_ports; /* 1 or STACK_MAX_PORTS */
	struct stack_port ports[STACK_MAX_PORTS];
	enum stack_addressing addressing;
	const char *cmdline; /* more kernel options (net.tx=copy, ...), or NULL */
};

/* What one port's iperf run measured. */
struct stack_rate {
	u64 client_bytes; /* what iperf -c says it sent */
	u64 napkin_bytes; /* what napkin's iperf server counted */
	u32 napkin_ms;	  /* over how long napkin counted */
	u32 mbit_s;	  /* napkin_bytes over napkin_ms, in Mbit/s */
};

/*
 * Check the tools and the working directory, then move this process into a
 * new network namespace (inside a new user namespace when not root). A
 * missing piece fails the test, naming it. `test` names the test in messages.
 */
bool stack_enter(const char *test);

/*
 * Plug every port into its TAP, give Linux its addresses (and start dnsmasq
 * for STACK_ADDR_DHCP), turn on real time, run net_init(), then wait until
 * every device has carrier and its napkin address. Asserts on failure.
 * Once per process, as lwIP starts once per boot: each test case runs in a
 * process of its own (check's default), or pick one case with CK_RUN_CASE
 * under CK_FORK=no.
 */
void stack_up(const struct stack_config *cfg);

/* `count` pings (20 ms apart) to every port at once; all must be answered. */
void stack_ping(unsigned int count);

/*
 * UDP echo on every port at once: 1, 1472 and 4000 bytes (IP fragments),
 * then `datagrams` random sizes up to 1472 from `seed`. Every reply must be
 * identical to what was sent.
 */
void stack_udp_echo(unsigned int datagrams, unsigned int seed);

/* `bytes` through napkin's TCP echo on every port at once, checked by SHA-256. */
void stack_tcp_echo(u32 bytes);

/*
 * iperf -c for `seconds` against napkin's iperf server on every port at once.
 * Asserts napkin counted all the client sent; out[i] gets port i's rate.
 */
void stack_iperf(unsigned int seconds, struct stack_rate out[]);

/*
 * Neither port starved: the slowest port's rate is at least
 * 1/STACK_STARVED_RATIO of the fastest's. The ports share one process loop
 * (and in the drivers this is for, one interrupt or one NAPI), so fair
 * service gives rates within a small factor of each other; the slack covers
 * TCP slow start and a busy shared machine. A port the driver neglects (its
 * events left to the next interrupt of the other port, or to a timer) moves
 * only at retransmission pace, orders of magnitude below. Prints the rates.
 */
#define STACK_STARVED_RATIO 4
void stack_assert_not_starved(const struct stack_rate rates[]);

/* Port i's addresses: napkin's and Linux's, dotted quads. */
const char *stack_napkin_ip(unsigned int port);
const char *stack_linux_ip(unsigned int port);

/* The registered device with this MAC address, or NULL. */
struct net_device *stack_dev_by_mac(const u8 mac[6]);

/*
 * End dnsmasq and any client still running, turn off real time and go back
 * to the namespace the process started in. Safe to call more than once and
 * without stack_up(). The TAPs go when the harness closes its wires
 * (hosted_fini); with them the namespace. Also register it as the test
 * case's checked teardown (tcase_add_checked_fixture), so that under
 * CK_FORK=no a failed check does not leave dnsmasq running either.
 */
void stack_down(void);

#endif
