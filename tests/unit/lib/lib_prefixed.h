/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/ as the host unit tests see it: the same functions, built freestanding
 * and renamed with a napkin_ prefix (mk/lib-tests.mk) so that glibc's versions
 * stay available in the same program as the reference.
 */
#ifndef NAPKIN_TESTS_LIB_PREFIXED_H
#define NAPKIN_TESTS_LIB_PREFIXED_H

#include <stdarg.h>
#include <stddef.h>

/* No format attribute: the tests feed them formats glibc warns about on purpose. */
int napkin_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int napkin_snprintf(char *buf, size_t size, const char *fmt, ...);

void *napkin_memcpy(void *restrict dst, const void *restrict src, size_t n);
void *napkin_memmove(void *dst, const void *src, size_t n);
void *napkin_memset(void *dst, int c, size_t n);
int napkin_memcmp(const void *a, const void *b, size_t n);
void *napkin_memchr(const void *s, int c, size_t n);
size_t napkin_strlen(const char *s);
size_t napkin_strnlen(const char *s, size_t max);
int napkin_strcmp(const char *a, const char *b);
int napkin_strncmp(const char *a, const char *b, size_t n);
char *napkin_strchr(const char *s, int c);
char *napkin_strrchr(const char *s, int c);
char *napkin_strstr(const char *haystack, const char *needle);
size_t napkin_strlcpy(char *dst, const char *src, size_t size);
size_t napkin_strspn(const char *s, const char *accept);
size_t napkin_strcspn(const char *s, const char *reject);

unsigned long napkin_strtoul(const char *s, char **end, int base);
long napkin_strtol(const char *s, char **end, int base);
unsigned long long napkin_strtoull(const char *s, char **end, int base);
long long napkin_strtoll(const char *s, char **end, int base);
int napkin_atoi(const char *s);
int napkin_abs(int v);

#endif
