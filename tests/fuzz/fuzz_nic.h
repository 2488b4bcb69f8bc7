/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the driver receive-path harnesses share (fuzz_tg3.c, fuzz_sky2.c,
 * fuzz_skge.c): each names its driver and makes its model; this file brings
 * both up in the hosted harness for every input, then plays the input. Its
 * first byte picks the chip variant, then records follow:
 *
 *   op 0: a frame from the wire: [u16 length][bytes]
 *   op 1: [n] then n x [offset][xor]: changes for the next receive
 *         descriptor the model writes (offset modulo its size)
 *   op 2: the same for the next status block / status list entry
 *   op 3: [u8 t] time moves t * 20 us; with bit 2 of the op set, the pretend
 *         stack starts or stops holding received buffers instead; with bit
 *         3, it starts or stops sending each received frame back, in its
 *         own buffers as napkin's zero-copy echo does
 *
 * Sending puts the driver's transmit path and its reclaim of sent frames
 * under the same hostile status entries. Every frame on the wire must be an
 * echo, unchanged and in order, and the driver must have freed every echo
 * once it let go of the device.
 *
 * A harness failure (the model or the DMA checker objecting) only counts as
 * a bug for inputs that tampered with nothing: a hostile chip is allowed to
 * make the model complain, never to make the driver touch memory it does not
 * own, crash or hang, or leak DMA memory.
 */
#ifndef NAPKIN_TESTS_FUZZ_NIC_H
#define NAPKIN_TESTS_FUZZ_NIC_H

#include "kernel/core/compiler.h"

struct hosted_port;
struct hosted_tamper;
struct pci_driver;

struct fuzz_nic_ops {
	struct pci_driver *driver;
	/*
	 * The model for this input's variant (modulo the chips the harness has),
	 * in the fresh harness; returns the port the wire attaches to. The
	 * player then probes the driver, opens eth0 and waits for link.
	 */
	struct hosted_port *(*create_model)(u8 variant);
	void (*set_tamper)(const struct hosted_tamper *t);
	/* After the driver let go of the device (the harness is checked in between). */
	void (*destroy_model)(void);
};

int fuzz_nic_run(const struct fuzz_nic_ops *ops, const u8 *data, size_t size);

#endif
