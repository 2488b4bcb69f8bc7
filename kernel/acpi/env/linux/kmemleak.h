/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ACPICA's copy in the distribution's kernel source tells a leak checker about
 * one object (utobject.c); napkin has no leak checker, so the hint is dropped.
 */
#ifndef NAPKIN_ACPICA_KMEMLEAK_H
#define NAPKIN_ACPICA_KMEMLEAK_H
#define kmemleak_not_leak(ptr) ((void)(ptr))
#endif
