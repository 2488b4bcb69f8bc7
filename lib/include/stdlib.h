/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef NAPKIN_LIB_STDLIB_H
#define NAPKIN_LIB_STDLIB_H

#include <stddef.h>

unsigned long strtoul(const char *s, char **end, int base);
long strtol(const char *s, char **end, int base);
unsigned long long strtoull(const char *s, char **end, int base);
long long strtoll(const char *s, char **end, int base);
int atoi(const char *s);
int abs(int v);

#endif
