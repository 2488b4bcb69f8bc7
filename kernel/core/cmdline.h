/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernel command line, parsed Linux-style: space-separated tokens of the
 * form `key=value` or a bare `key`; double quotes group spaces into a value or
 * a whole token (`key="a b"`, `"key=a b"`); a later occurrence of a key
 * overrides an earlier one; `-` and `_` in keys are interchangeable.
 *
 * Every lookup marks its key as used, so cmdline_warn_unknown() at the end of
 * boot can name the keys nobody asked for (usually typos).
 */
#ifndef NAPKIN_KERNEL_CMDLINE_H
#define NAPKIN_KERNEL_CMDLINE_H

#include "kernel/core/compiler.h"

#define CMDLINE_MAX	   2048 /* bytes kept, including the terminating NUL */
#define CMDLINE_MAX_PARAMS 64	/* distinct keys kept */

/*
 * Parses raw (NULL is treated as empty) into static storage, replacing any
 * earlier command line. Too long or too many keys: warns and truncates at a
 * token boundary.
 */
void cmdline_init(const char *raw);

/* The command line as kept (possibly truncated); never NULL. */
const char *cmdline_raw(void);

/*
 * The boot loader's image path when it put one first (GRUB and QEMU do, e.g.
 * "/boot/napkin.elf"), else NULL. It is not treated as a key.
 */
const char *cmdline_image(void);

/*
 * True when key is present; *value (if value is non-NULL) is then its value,
 * or NULL for a bare key. Marks the key used.
 */
bool cmdline_get(const char *key, const char **value);

/*
 * Typed getters. 0: *out set. -ENOENT: key absent, nothing logged. -EINVAL:
 * the value is malformed or out of range; the reason is logged naming the key
 * and *out is left as it was (the caller's default).
 */

/* Decimal, or hexadecimal with 0x; min <= v <= max. */
int cmdline_get_u64(const char *key, u64 *out, u64 min, u64 max);
/* Like cmdline_get_u64 with an optional leading '-'. */
int cmdline_get_s64(const char *key, s64 *out, s64 min, s64 max);
/* Like cmdline_get_u64 with an optional K, M or G suffix (powers of 1024). */
int cmdline_get_size(const char *key, u64 *out, u64 min, u64 max);
/* A bare key is true; else 1/0, on/off, yes/no, y/n, true/false, any case. */
int cmdline_get_bool(const char *key, bool *out);
/* *out becomes the index of the value in choices (exact match). */
int cmdline_get_choice(const char *key, const char *const *choices, size_t n, int *out);

/*
 * Warns once about each key no lookup has asked for. Call at the end of boot,
 * when every subsystem has read its keys.
 */
void cmdline_warn_unknown(void);

#endif
