/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * napkin's host environment for ACPICA. ACPICA's acenv.h picks a host header
 * by the compiler's OS macro; napkin is built with the distribution's gcc,
 * which defines __linux__, so acenv.h asks for <acpi/platform/aclinux.h>.
 * This file answers under that name (kernel/acpi/env comes first on ACPICA's
 * include path) and describes what napkin really is: a freestanding 64-bit
 * kernel on one CPU, with the small C library in lib/.
 */
#ifndef NAPKIN_ACPICA_ENV_H
#define NAPKIN_ACPICA_ENV_H

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/core/compiler.h"

/* The C library calls go to lib/; the fixed-width types are napkin's own. */
#define ACPI_USE_SYSTEM_CLIBRARY
#define ACPI_USE_SYSTEM_INTTYPES
#define ACPI_USE_DO_WHILE_0
/* Object caches built on acpi_os_allocate() (ACPICA's utcache.c). */
#define ACPI_USE_LOCAL_CACHE
/* PCI config space is reachable (hwpci.c walks bridges to find a bus number). */
#define ACPI_PCI_CONFIGURED

#define ACPI_MACHINE_WIDTH	  64
#define COMPILER_DEPENDENT_INT64  long
#define COMPILER_DEPENDENT_UINT64 unsigned long
#define ACPI_USE_NATIVE_DIVIDE
#define ACPI_USE_NATIVE_MATH64

#define acpi_uintptr_t uintptr_t

/* Linux's markers survive in a few ACPICA prototypes; they mean nothing here. */
#define __iomem
#define __init

/* Before a sleep state the caches must reach memory. */
#define ACPI_FLUSH_CPU_CACHE() __asm__ __volatile__("wbinvd" ::: "memory")

/*
 * ACPICA's few string calls lib/ does not have, under private names so they
 * can never clash with a later lib/ version (kernel/acpi/osl_libc.c).
 */
#define strcpy	acpica_strcpy
#define strncpy acpica_strncpy
#define strcat	acpica_strcat
#define strncat acpica_strncat
char *acpica_strcpy(char *dst, const char *src);
char *acpica_strncpy(char *dst, const char *src, size_t n);
char *acpica_strcat(char *dst, const char *src);
char *acpica_strncat(char *dst, const char *src, size_t n);

#endif
