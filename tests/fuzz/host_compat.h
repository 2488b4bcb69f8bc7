/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What napkin's own libc has and the host's may not (glibc before 2.38 has no
 * strlcpy): forced into a harness's kernel sources with -include; the
 * definitions are in host_compat.c.
 */
#ifndef NAPKIN_TESTS_FUZZ_HOST_COMPAT_H
#define NAPKIN_TESTS_FUZZ_HOST_COMPAT_H

#include <stddef.h>

size_t napkin_host_strlcpy(char *dst, const char *src, size_t size);
#define strlcpy napkin_host_strlcpy

#endif
