/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The networking core's tunables by name, for the `set` shell command and the
 * kernel command line: net.budget, net.budget_usecs, net.max_backlog, napi.mode.
 */
#ifndef NAPKIN_NET_PARAMS_H
#define NAPKIN_NET_PARAMS_H

#include <stddef.h>

/* Returns 0, -ENOENT for an unknown name, -EINVAL for a bad value (both logged). */
int net_param_set(const char *name, const char *value);
/* Writes the current value as text; returns 0 or -ENOENT. */
int net_param_get(const char *name, char *buf, size_t len);
/* Calls fn with each name and its current value until fn returns nonzero. */
int net_param_for_each(int (*fn)(const char *name, const char *value, void *ctx), void *ctx);

/*
 * Applies every tunable given on the kernel command line (napi.mode=busypoll,
 * net.budget=600, ...). A bad value is logged and the default kept. Returns
 * how many were refused.
 */
int net_params_from_cmdline(void);

#endif
