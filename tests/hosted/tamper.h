/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hostile device, for the fuzz harnesses (tests/fuzz/): a model with a
 * tamper hook set lets it change each receive descriptor and each status
 * entry just before the model writes it to host memory, so a driver meets
 * indices, lengths, flags and cookies no correct chip would write. The model
 * keeps its own state as if nothing had changed. Shared by the models and
 * the harnesses only; no driver sees it.
 */
#ifndef NAPKIN_TESTS_HOSTED_TAMPER_H
#define NAPKIN_TESTS_HOSTED_TAMPER_H

#include <stddef.h>

struct hosted_tamper {
	/* A receive (return ring) descriptor, len bytes as the driver will read them. */
	void (*rx_desc)(void *ctx, void *desc, size_t len);
	/* A status block or status list entry. */
	void (*status)(void *ctx, void *entry, size_t len);
	void *ctx;
};

static inline void hosted_tamper_rx_desc(const struct hosted_tamper *t, void *desc, size_t len)
{
	if (t && t->rx_desc)
		t->rx_desc(t->ctx, desc, len);
}

static inline void hosted_tamper_status(const struct hosted_tamper *t, void *entry, size_t len)
{
	if (t && t->status)
		t->status(t->ctx, entry, len);
}

#endif
