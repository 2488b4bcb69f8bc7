// SPDX-License-Identifier: BSD-2-Clause
/* See host_compat.h. */
#include <string.h>
#include "tests/fuzz/host_compat.h"

/* Copies what fits, always terminates; returns strlen(src) as BSD's does. */
size_t napkin_host_strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len < size - 1 ? len : size - 1;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}
