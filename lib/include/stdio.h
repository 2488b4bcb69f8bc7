/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef NAPKIN_LIB_STDIO_H
#define NAPKIN_LIB_STDIO_H

#include <stdarg.h>
#include <stddef.h>

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
int snprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
