/* SPDX-License-Identifier: BSD-2-Clause */
/* Test-image pieces for virtio-net (tests/kernel/): the `vnettest` shell command. */
#ifndef NAPKIN_TESTS_KERNEL_VIRTIO_NET_TEST_H
#define NAPKIN_TESTS_KERNEL_VIRTIO_NET_TEST_H

#include "drivers/virtio/virtio_net.h"

/* virtio_net_selftest.c: COUNT UDP broadcasts to PORT; returns how many went out. */
int vnet_selftest_send(struct vnet_dev *vd, unsigned int count, u16 dport);

#endif
