/* SPDX-License-Identifier: BSD-2-Clause */
/* Test traffic for the test image's `e1000test xmit` shell command; see e1000_testtx.c. */
#ifndef NAPKIN_TESTS_KERNEL_E1000_TESTTX_H
#define NAPKIN_TESTS_KERNEL_E1000_TESTTX_H

#include "kernel/core/compiler.h"

struct e1000_adapter;

#define TESTTX_MAX_SEGS 3

/*
 * Transmit count broadcast frames numbered 0..count-1: raw EtherType 0x88B5,
 * or (udp) UDP/IPv4 from 192.0.2.1 port 40000 to port 9 with both checksums
 * left to the hardware, each described as segs (1..3) netbuf segments.
 * Returns how many were queued, or -EINVAL / -ENOMEM.
 */
int e1000_testtx_send(struct e1000_adapter *a, unsigned int count, bool udp, unsigned int segs);

#endif
