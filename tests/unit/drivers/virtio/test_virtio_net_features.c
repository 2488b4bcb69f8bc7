// SPDX-License-Identifier: BSD-2-Clause
/* Unit tests for drivers/virtio/virtio_net_features.c: the negotiation policy. */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/virtio/virtio_net_features.h"
#include "drivers/virtio/virtio_net_reg.h"

#define F(b) VNET_FEATURE(b)

/* Roughly what QEMU's virtio-net-pci with mq=on offers. */
static const u64 qemu_like =
    F(VIRTIO_F_VERSION_1) | F(VIRTIO_F_EVENT_IDX) | F(VIRTIO_F_INDIRECT_DESC) |
    F(VIRTIO_F_RING_PACKED) | F(VIRTIO_NET_F_MAC) | F(VIRTIO_NET_F_STATUS) | F(VIRTIO_NET_F_CSUM) |
    F(VIRTIO_NET_F_GUEST_CSUM) | F(VIRTIO_NET_F_MRG_RXBUF) | F(VIRTIO_NET_F_CTRL_VQ) |
    F(VIRTIO_NET_F_CTRL_RX) | F(VIRTIO_NET_F_MQ) | F(VIRTIO_NET_F_HOST_TSO4) |
    F(VIRTIO_NET_F_GUEST_TSO4) | F(VIRTIO_NET_F_GUEST_UFO) | F(VIRTIO_NET_F_CTRL_VLAN) | BIT64(40);

static struct vnet_feature_opts opts;
static char why[160];

static void setup(void)
{
	vnet_feature_opts_default(&opts);
	memset(why, 0, sizeof(why));
}

START_TEST(test_version_1_required)
{
	u64 acc = 0xdead;

	ck_assert_int_eq(
	    vnet_select_features(qemu_like & ~F(VIRTIO_F_VERSION_1), &opts, &acc, why, sizeof(why)),
	    -ENODEV);
	ck_assert_ptr_nonnull(strstr(why, "VIRTIO_F_VERSION_1"));
	ck_assert_uint_eq(acc, 0xdead); /* untouched on failure */
}
END_TEST

START_TEST(test_accepts_only_what_it_implements)
{
	u64 acc;

	ck_assert_int_eq(vnet_select_features(qemu_like, &opts, &acc, why, sizeof(why)), 0);
	ck_assert(vnet_has(acc, VIRTIO_F_VERSION_1));
	ck_assert(vnet_has(acc, VIRTIO_NET_F_MAC));
	ck_assert(vnet_has(acc, VIRTIO_NET_F_STATUS));
	ck_assert(vnet_has(acc, VIRTIO_NET_F_MRG_RXBUF));
	ck_assert(vnet_has(acc, VIRTIO_NET_F_MQ));
	ck_assert(vnet_has(acc, VIRTIO_NET_F_CTRL_VQ));
	ck_assert(vnet_has(acc, VIRTIO_NET_F_CSUM));
	ck_assert(vnet_has(acc, VIRTIO_NET_F_GUEST_CSUM));
	ck_assert(vnet_has(acc, VIRTIO_F_EVENT_IDX));
	ck_assert(vnet_has(acc, VIRTIO_NET_F_HOST_TSO4));
	ck_assert(vnet_has(acc, VIRTIO_NET_F_GUEST_TSO4));
	/* Offered, but napkin does not implement them. */
	ck_assert(!vnet_has(acc, VIRTIO_F_RING_PACKED));
	ck_assert(!vnet_has(acc, VIRTIO_F_INDIRECT_DESC));
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_GUEST_UFO));
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_CTRL_VLAN));
	ck_assert_uint_eq(acc & BIT64(40), 0);
	/* Never more than offered. */
	ck_assert_uint_eq(acc & ~qemu_like, 0);
}
END_TEST

START_TEST(test_never_accepts_unoffered)
{
	u64 acc;

	ck_assert_int_eq(vnet_select_features(F(VIRTIO_F_VERSION_1), &opts, &acc, NULL, 0), 0);
	ck_assert_uint_eq(acc, F(VIRTIO_F_VERSION_1));
}
END_TEST

START_TEST(test_mq_needs_ctrl_vq)
{
	u64 acc;

	ck_assert_int_eq(vnet_select_features(qemu_like & ~F(VIRTIO_NET_F_CTRL_VQ), &opts, &acc,
					      why, sizeof(why)),
			 0);
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_MQ));
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_CTRL_RX));
	ck_assert(vnet_has(acc, VIRTIO_NET_F_MAC));
}
END_TEST

START_TEST(test_options_switch_features_off)
{
	u64 acc;

	opts.csum = false;
	opts.guest_csum = false;
	opts.mrg_rxbuf = false;
	opts.mq = false;
	opts.event_idx = false;
	ck_assert_int_eq(vnet_select_features(qemu_like, &opts, &acc, why, sizeof(why)), 0);
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_CSUM));
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_GUEST_CSUM));
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_MRG_RXBUF));
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_MQ));
	ck_assert(!vnet_has(acc, VIRTIO_F_EVENT_IDX));
	/* The control queue is still useful without MQ (receive mode). */
	ck_assert(vnet_has(acc, VIRTIO_NET_F_CTRL_VQ));
}
END_TEST

/* TSO needs the device to checksum, and virtio_net.tso=off keeps it off on its own. */
START_TEST(test_tso_needs_csum_and_has_a_switch)
{
	u64 acc, offered = qemu_like | F(VIRTIO_NET_F_HOST_TSO6);

	ck_assert_int_eq(vnet_select_features(offered, &opts, &acc, why, sizeof(why)), 0);
	ck_assert(vnet_has(acc, VIRTIO_NET_F_HOST_TSO4));
	ck_assert(vnet_has(acc, VIRTIO_NET_F_HOST_TSO6));
	opts.csum = false;
	ck_assert_int_eq(vnet_select_features(offered, &opts, &acc, why, sizeof(why)), 0);
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_HOST_TSO4));
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_HOST_TSO6));
	opts.csum = true;
	opts.tso = false;
	ck_assert_int_eq(vnet_select_features(offered, &opts, &acc, why, sizeof(why)), 0);
	ck_assert(vnet_has(acc, VIRTIO_NET_F_CSUM));
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_HOST_TSO4));
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_HOST_TSO6));
}
END_TEST

/* Large received frames need mergeable buffers (and receive checksums); they have a switch. */
START_TEST(test_guest_tso_needs_mrg_rxbuf_and_has_a_switch)
{
	u64 acc, offered = qemu_like | F(VIRTIO_NET_F_GUEST_TSO6);

	/* On by default; virtio_net.guest_tso=off refuses it (below). */
	ck_assert(opts.guest_tso);
	ck_assert_int_eq(vnet_select_features(offered, &opts, &acc, why, sizeof(why)), 0);
	ck_assert(vnet_has(acc, VIRTIO_NET_F_GUEST_TSO4) && vnet_has(acc, VIRTIO_NET_F_GUEST_TSO6));
	opts.mrg_rxbuf = false;
	ck_assert_int_eq(vnet_select_features(offered, &opts, &acc, why, sizeof(why)), 0);
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_GUEST_TSO4) &&
		  !vnet_has(acc, VIRTIO_NET_F_GUEST_TSO6));
	opts.mrg_rxbuf = true;
	opts.guest_csum = false;
	ck_assert_int_eq(vnet_select_features(offered, &opts, &acc, why, sizeof(why)), 0);
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_GUEST_TSO4) &&
		  !vnet_has(acc, VIRTIO_NET_F_GUEST_TSO6));
	opts.guest_csum = true;
	opts.guest_tso = false;
	ck_assert_int_eq(vnet_select_features(offered, &opts, &acc, why, sizeof(why)), 0);
	ck_assert(vnet_has(acc, VIRTIO_NET_F_MRG_RXBUF));
	ck_assert(!vnet_has(acc, VIRTIO_NET_F_GUEST_TSO4) &&
		  !vnet_has(acc, VIRTIO_NET_F_GUEST_TSO6));
}
END_TEST

START_TEST(test_format_names_and_unknown_bits)
{
	char buf[256];
	size_t n;

	n = vnet_format_features(F(VIRTIO_F_VERSION_1) | F(VIRTIO_NET_F_MAC) | BIT64(50), buf,
				 sizeof(buf));
	ck_assert_uint_eq(n, strlen(buf));
	ck_assert_str_eq(buf, "MAC VERSION_1 other:0x4000000000000");
	/* Truncates without overrunning. */
	n = vnet_format_features(qemu_like, buf, 10);
	ck_assert_uint_lt(n, 10);
	ck_assert_uint_eq(strlen(buf), n);
	n = vnet_format_features(0, buf, sizeof(buf));
	ck_assert_uint_eq(n, 0);
	ck_assert_str_eq(buf, "");
}
END_TEST

static Suite *features_suite(void)
{
	Suite *s = suite_create("virtio_net_features");
	TCase *tc = tcase_create("policy");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_version_1_required);
	tcase_add_test(tc, test_accepts_only_what_it_implements);
	tcase_add_test(tc, test_never_accepts_unoffered);
	tcase_add_test(tc, test_mq_needs_ctrl_vq);
	tcase_add_test(tc, test_options_switch_features_off);
	tcase_add_test(tc, test_tso_needs_csum_and_has_a_switch);
	tcase_add_test(tc, test_guest_tso_needs_mrg_rxbuf_and_has_a_switch);
	tcase_add_test(tc, test_format_names_and_unknown_bits);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(features_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
