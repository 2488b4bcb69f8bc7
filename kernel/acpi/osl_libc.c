// SPDX-License-Identifier: BSD-2-Clause
/*
 * The string calls ACPICA makes that lib/ does not offer. ACPICA only uses
 * them on buffers it sized itself; they live under private names (see
 * env/acpi/platform/aclinux.h) so nothing else links against them.
 */
#include <string.h>

char *acpica_strcpy(char *dst, const char *src);
char *acpica_strncpy(char *dst, const char *src, size_t n);
char *acpica_strcat(char *dst, const char *src);
char *acpica_strncat(char *dst, const char *src, size_t n);

char *acpica_strcpy(char *dst, const char *src)
{
	memcpy(dst, src, strlen(src) + 1);
	return dst;
}

/* Pads with NULs up to n, and leaves dst unterminated when src is longer. */
char *acpica_strncpy(char *dst, const char *src, size_t n)
{
	size_t len = strnlen(src, n);

	memcpy(dst, src, len);
	memset(dst + len, 0, n - len);
	return dst;
}

char *acpica_strcat(char *dst, const char *src)
{
	acpica_strcpy(dst + strlen(dst), src);
	return dst;
}

/* Appends at most n bytes of src and always terminates. */
char *acpica_strncat(char *dst, const char *src, size_t n)
{
	char *end = dst + strlen(dst);
	size_t len = strnlen(src, n);

	memcpy(end, src, len);
	end[len] = '\0';
	return dst;
}
