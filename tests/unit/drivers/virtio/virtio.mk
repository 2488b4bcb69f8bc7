# SPDX-License-Identifier: BSD-2-Clause
UNIT_TESTS += test_virtqueue test_virtio_net_features
test_virtqueue_SRCS := tests/unit/drivers/virtio/test_virtqueue.c drivers/virtio/virtqueue.c \
	tests/unit/fakes/stub_printk.c
test_virtio_net_features_SRCS := tests/unit/drivers/virtio/test_virtio_net_features.c \
	drivers/virtio/virtio_net_features.c
