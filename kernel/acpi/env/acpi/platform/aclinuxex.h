/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The second half of napkin's ACPICA host environment (acenvex.h includes it
 * after ACPICA's own definitions): nothing to add; see aclinux.h here.
 */
#ifndef NAPKIN_ACPICA_ENVEX_H
#define NAPKIN_ACPICA_ENVEX_H
#endif
