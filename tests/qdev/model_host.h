/* SPDX-License-Identifier: BSD-2-Clause */
/* Between model_host.c and the per-model adapters (model_<nic>.c). */
#ifndef NAPKIN_TESTS_QDEV_MODEL_HOST_H
#define NAPKIN_TESTS_QDEV_MODEL_HOST_H

#include "kernel/core/compiler.h"
#include "tests/qdev/nqdev_seam.h"

struct hosted_port;

/* One family of models, as QEMU's properties choose and drive it. */
struct nqdev_model {
	const char *name;
	/* Make the model from the properties, or NULL with err filled. */
	void *(*create)(const struct nqdev_config *cfg, char *err, size_t errlen);
	void (*destroy)(void *model);
	/* Port i's side of the wire, NULL past the last port. */
	struct hosted_port *(*port)(void *model, unsigned int i);
	/* A named fault (nqdev_fault); false for a name it does not know. */
	bool (*fault)(void *model, const char *name, unsigned int port, u32 arg);
};

extern const struct nqdev_model nqdev_model_sky2;
extern const struct nqdev_model nqdev_model_skge;
extern const struct nqdev_model nqdev_model_tg3;

/* A line for the device's trace file, if it has one. */
void nqdev_trace(const char *fmt, ...) __printf(1, 2);

#endif
