/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Ethernet ports and what they are plugged into. A model owns one hosted_port
 * per MAC/PHY it has (a dual-port chip has two, behind one PCI function and
 * one interrupt) and connects each to a wire:
 *
 *  - scripted: the test injects frames and takes what the port sent;
 *  - cable: two ports (of the same or different models) see each other;
 *  - tap: a Linux TAP interface, so real tools talk to the modelled chip.
 *
 * The wire also carries the link: whether there is carrier and what the far
 * end advertises for autonegotiation. A port's receive callback runs as soon
 * as a frame arrives and must only queue it (the model's own tick does the
 * work), so frames can cross a cable without re-entering a model.
 */
#ifndef NAPKIN_TESTS_HOSTED_WIRE_H
#define NAPKIN_TESTS_HOSTED_WIRE_H

#include "kernel/core/compiler.h"

/* Autonegotiation abilities, for the link partner's advertisement. */
#define HOSTED_LINK_10HD   BIT(0)
#define HOSTED_LINK_10FD   BIT(1)
#define HOSTED_LINK_100HD  BIT(2)
#define HOSTED_LINK_100FD  BIT(3)
#define HOSTED_LINK_1000HD BIT(4)
#define HOSTED_LINK_1000FD BIT(5)
#define HOSTED_LINK_ALL	   0x3Fu
/* Flow control (IEEE 802.3 Annex 28B: PAUSE and ASM_DIR of the base page). */
#define HOSTED_LINK_PAUSE      BIT(6)
#define HOSTED_LINK_ASYM_PAUSE BIT(7)
/* What a scripted or TAP wire's far end advertises unless told otherwise. */
#define HOSTED_LINK_DEFAULT_PARTNER (HOSTED_LINK_ALL | HOSTED_LINK_PAUSE)

#define HOSTED_FRAME_MAX 9216

struct hosted_wire;
struct hosted_port;

struct hosted_port_ops {
	/* A frame (no FCS) arrived from the wire; queue it. */
	void (*receive)(struct hosted_port *port, const u8 *frame, u32 len);
	/* Carrier or the partner's advertisement changed. May be NULL. */
	void (*link_changed)(struct hosted_port *port);
	/* What this port's PHY advertises now (for the far end). May be NULL: all. */
	u32 (*advertise)(struct hosted_port *port);
	/*
	 * Flow control: false while the port has asked its partner to pause
	 * (its receive buffer is above the pause threshold). Scripted and TAP
	 * wires then hold further frames (the test's injections queue on the
	 * wire; a TAP's stay in the kernel's queue) until it returns true
	 * again, as a partner obeying PAUSE frames would. May be NULL: never
	 * pauses. Cables do not hold (a frame already sent arrives anyway).
	 */
	bool (*can_receive)(struct hosted_port *port);
};

struct hosted_port {
	const char *name;
	const struct hosted_port_ops *ops;
	void *model;
	struct hosted_wire *wire;
	u64 frames_out, frames_in;
};

/* Connections; each returns NULL (with the reason printed) on failure. */
struct hosted_wire *hosted_wire_script(struct hosted_port *port);
struct hosted_wire *hosted_wire_cable(struct hosted_port *a, struct hosted_port *b);
/* Open TAP interface `ifname` (created if needed, needs CAP_NET_ADMIN). */
struct hosted_wire *hosted_wire_tap(struct hosted_port *port, const char *ifname);

/* Take a port off its wire (to plug it into another). */
void hosted_wire_unplug(struct hosted_port *port);

/* Link control, for tests. Wires start with carrier up. */
void hosted_wire_set_carrier(struct hosted_wire *w, bool up);
/* Scripted and TAP wires: what the (pretend) far end advertises (HOSTED_LINK_DEFAULT_PARTNER). */
void hosted_wire_set_partner(struct hosted_wire *w, u32 abilities);

/* For models. */
bool hosted_port_carrier(const struct hosted_port *port);
u32 hosted_port_partner(const struct hosted_port *port);
void hosted_port_transmit(struct hosted_port *port, const u8 *frame, u32 len);

/* Scripted wires. */
void hosted_wire_inject(struct hosted_wire *w, const u8 *frame, u32 len);
/* Frames the port sent and the test has not taken yet. */
unsigned int hosted_wire_pending(const struct hosted_wire *w);
/* Take the oldest; returns its length, or 0 when none (buf holds max bytes). */
u32 hosted_wire_take(struct hosted_wire *w, u8 *buf, u32 max);
/* Frames the port sent in total, and those dropped because the queue was full. */
u64 hosted_wire_sent(const struct hosted_wire *w);
/* Injected frames the wire holds because the port asked for a pause. */
unsigned int hosted_wire_held(const struct hosted_wire *w);

/*
 * Hand ports what their wires hold for them: frames TAPs have, and frames a
 * paused port made a scripted wire hold (called by the loop). True when a
 * frame was delivered.
 */
bool hosted_wire_poll(void);
/* Sleep until a TAP wire has a frame to read or `ns` of real time passed. */
void hosted_wire_wait(u64 ns);
/* Close and free every wire. */
void hosted_wire_reset(void);

#endif
