// SPDX-License-Identifier: BSD-2-Clause
/* Helpers every harness links; see fuzz.h. */
#include <stdlib.h>
#include <string.h>
#include "tests/fuzz/fuzz.h"

char *fuzz_strndup(const u8 *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

void fuzz_consume_string(const char *s)
{
	/* volatile: the compiler may not drop a strlen whose result nobody uses. */
	volatile size_t n = strlen(s);

	(void)n;
}
