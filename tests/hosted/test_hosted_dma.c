// SPDX-License-Identifier: BSD-2-Clause
/*
 * The harness's streaming DMA checks (tests/hosted/hosted_dma.h): ownership
 * of DMA_STREAMING allocations and of mappings passes only through
 * dma_sync_single_for_device/for_cpu, and every misuse is reported. Each
 * case provokes one misuse and takes exactly the failure it must cause, so
 * removing a check fails its case.
 */
#include <check.h>
#include <string.h>

#include "kernel/mm/dma.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"

#define BUF 2048

static u8 *buf;
static dma_addr_t bus;

static void setup(void)
{
	hosted_init();
	hosted_failures_quiet(true);
	buf = dma_alloc(2 * BUF, 0, DMA_STREAMING, &bus);
	ck_assert_ptr_nonnull(buf);
}

static void teardown(void)
{
	hosted_failures_quiet(false);
	hosted_fini();
}

/* The device writes a frame (as a model does), nothing may fail. */
static void device_writes(u64 at, const char *data, size_t len)
{
	ck_assert(hosted_dma_write(NULL, at, data, len, "receive buffer"));
}

START_TEST(test_receive_round_trip)
{
	dma_sync_single_for_device(bus, BUF, DMA_FROM_DEVICE);
	device_writes(bus, "frame", 5);
	/* Not synced yet: the CPU must not see the data (a stale cache on hardware). */
	ck_assert_mem_ne(buf, "frame", 5);
	dma_sync_single_for_cpu(bus, BUF, DMA_FROM_DEVICE);
	ck_assert_mem_eq(buf, "frame", 5);
	/* Handed over again and refilled: the CPU sees only the new frame. */
	dma_sync_single_for_device(bus, BUF, DMA_FROM_DEVICE);
	device_writes(bus, "FRAME", 5);
	dma_sync_single_for_cpu(bus, BUF, DMA_FROM_DEVICE);
	ck_assert_mem_eq(buf, "FRAME", 5);
	dma_free(buf, 2 * BUF);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

START_TEST(test_device_write_to_cpu_owned_buffer)
{
	u8 b;

	/* Never handed over. */
	ck_assert(!hosted_dma_write(NULL, bus, "x", 1, "receive buffer"));
	ck_assert_uint_eq(hosted_failures_take("belongs to the CPU"), 1);
	/* Handed over, then taken back: the device is late. */
	dma_sync_single_for_device(bus, BUF, DMA_FROM_DEVICE);
	dma_sync_single_for_cpu(bus, BUF, DMA_FROM_DEVICE);
	ck_assert(!hosted_dma_write(NULL, bus + 10, "x", 1, "receive buffer"));
	ck_assert_uint_eq(hosted_failures_take("belongs to the CPU"), 1);
	/* Only the first BUF bytes were handed over: a longer write runs into the CPU's. */
	dma_sync_single_for_device(bus, BUF, DMA_FROM_DEVICE);
	ck_assert(!hosted_dma_map(NULL, bus + BUF - 4, 8, "receive buffer"));
	ck_assert_uint_eq(hosted_failures_take("belongs to the CPU"), 1);
	ck_assert(!hosted_dma_read(NULL, bus + BUF, &b, 1, "receive buffer"));
	ck_assert_uint_eq(hosted_failures_take("belongs to the CPU"), 1);
	dma_sync_single_for_cpu(bus, BUF, DMA_FROM_DEVICE);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

START_TEST(test_device_against_direction)
{
	u8 b;

	dma_sync_single_for_device(bus, BUF, DMA_TO_DEVICE);
	ck_assert(!hosted_dma_write(NULL, bus, "x", 1, "send buffer"));
	ck_assert_uint_eq(hosted_failures_take("handed over DMA_TO_DEVICE"), 1);
	dma_sync_single_for_device(bus + BUF, BUF, DMA_FROM_DEVICE);
	ck_assert(!hosted_dma_read(NULL, bus + BUF, &b, 1, "receive buffer"));
	ck_assert_uint_eq(hosted_failures_take("handed over DMA_FROM_DEVICE"), 1);
	dma_sync_single_for_cpu(bus, BUF, DMA_TO_DEVICE);
	dma_sync_single_for_cpu(bus + BUF, BUF, DMA_FROM_DEVICE);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

START_TEST(test_transmit_sees_only_synced_data)
{
	char seen[8];

	memcpy(buf, "before", 7);
	dma_sync_single_for_device(bus, BUF, DMA_TO_DEVICE);
	/* A store after the hand-over: the device must not see it, the sync reports it. */
	memcpy(buf, "after!", 7);
	ck_assert(hosted_dma_read(NULL, bus, seen, 7, "send buffer"));
	ck_assert_str_eq(seen, "before");
	ck_assert_uint_eq(hosted_failures(), 0);
	dma_sync_single_for_cpu(bus, BUF, DMA_TO_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("CPU wrote byte"), 1);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

START_TEST(test_cpu_write_to_receive_buffer_the_device_owns)
{
	dma_sync_single_for_device(bus, BUF, DMA_FROM_DEVICE);
	buf[100] = 1;
	dma_sync_single_for_cpu(bus, BUF, DMA_FROM_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("CPU wrote byte"), 1);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

START_TEST(test_sync_misuse)
{
	dma_addr_t gone;
	void *q;

	dma_sync_single_for_device(bus, BUF, DMA_FROM_DEVICE);
	dma_sync_single_for_device(bus + 64, 64, DMA_FROM_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("handed over twice"), 1);
	dma_sync_single_for_cpu(bus, BUF, DMA_TO_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("was handed over DMA_FROM_DEVICE"), 1);
	dma_sync_single_for_cpu(bus, BUF, DMA_FROM_DEVICE);
	dma_sync_single_for_cpu(bus, BUF, DMA_FROM_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("taken back twice"), 1);
	dma_sync_single_for_device(bus, BUF, (enum dma_data_direction)7);
	ck_assert_uint_eq(hosted_failures_take("direction 7"), 1);
	dma_sync_single_for_device(0x4000, 64, DMA_TO_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("no DMA allocation there"), 1);
	dma_sync_single_for_device(bus + 2 * BUF - 8, 64, DMA_TO_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("runs past the end of its allocation"), 1);
	q = dma_alloc(64, 0, DMA_STREAMING, &gone);
	dma_free(q, 64);
	dma_sync_single_for_cpu(gone, 64, DMA_FROM_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("its allocation was freed"), 1);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

START_TEST(test_free_while_device_owns)
{
	dma_sync_single_for_device(bus + 512, 64, DMA_FROM_DEVICE);
	dma_free(buf, 2 * BUF);
	ck_assert_uint_eq(hosted_failures_take("while the device owns 64 bytes"), 1);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

/*
 * Ownership is byte-exact wherever the syncs split a buffer: ranges that
 * start and end inside one cache line, neighbours handed over in different
 * directions, and a range taken back in pieces.
 */
START_TEST(test_ownership_is_per_byte)
{
	u8 b;

	dma_sync_single_for_device(bus + 10, 90, DMA_FROM_DEVICE); /* bytes 10..99 */
	dma_sync_single_for_device(bus + 100, 3, DMA_TO_DEVICE);   /* bytes 100..102 */
	device_writes(bus + 10, "edge", 4);
	device_writes(bus + 96, "abcd", 4);
	ck_assert(!hosted_dma_write(NULL, bus + 9, "x", 1, "receive buffer"));
	ck_assert_uint_eq(hosted_failures_take("byte 0x1000000009 belongs to the CPU"), 1);
	ck_assert(!hosted_dma_write(NULL, bus + 98, "xyz", 3, "receive buffer"));
	ck_assert_uint_eq(hosted_failures_take("byte 0x1000000064 was handed over DMA_TO_DEVICE"),
			  1);
	ck_assert(hosted_dma_read(NULL, bus + 100, &b, 1, "send buffer"));
	ck_assert(!hosted_dma_read(NULL, bus + 102, &b, 2, "send buffer"));
	ck_assert_uint_eq(hosted_failures_take("byte 0x1000000067 belongs to the CPU"), 1);
	/* Taken back in two pieces: the first piece is the CPU's, the rest still the device's. */
	dma_sync_single_for_cpu(bus + 10, 40, DMA_FROM_DEVICE);
	ck_assert_mem_eq(buf + 10, "edge", 4);
	ck_assert(!hosted_dma_write(NULL, bus + 49, "xy", 2, "receive buffer"));
	ck_assert_uint_eq(hosted_failures_take("byte 0x1000000031 belongs to the CPU"), 1);
	device_writes(bus + 50, "late", 4);
	dma_sync_single_for_cpu(bus + 40, 20, DMA_FROM_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("byte 0x1000000028 is the CPU's already"), 1);
	dma_sync_single_for_cpu(bus + 50, 50, DMA_FROM_DEVICE);
	ck_assert_mem_eq(buf + 50, "late", 4);
	ck_assert_mem_eq(buf + 96, "abcd", 4);
	dma_free(buf, 2 * BUF);
	ck_assert_uint_eq(hosted_failures_take("while the device owns 3 bytes of it, the first at "
					       "0x1000000064"),
			  1);
	dma_sync_single_for_cpu(bus + 100, 3, DMA_TO_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("its allocation was freed"), 1);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

START_TEST(test_mapping_ownership)
{
	static char frame[64] = "lent by the stack";
	dma_addr_t m = dma_map_single(frame, sizeof(frame));
	char seen[18];

	/* Mapping hands it over. */
	ck_assert(hosted_dma_read(NULL, m, seen, sizeof(seen), "send buffer"));
	ck_assert_str_eq(seen, "lent by the stack");
	dma_sync_single_for_cpu(m, sizeof(frame), DMA_TO_DEVICE);
	ck_assert(!hosted_dma_read(NULL, m, seen, 4, "send buffer"));
	ck_assert_uint_eq(hosted_failures_take("the CPU owns that mapping"), 1);
	dma_sync_single_for_cpu(m, sizeof(frame), DMA_TO_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("CPU owns that mapping already"), 1);
	dma_sync_single_for_device(m, sizeof(frame), DMA_TO_DEVICE);
	ck_assert(hosted_dma_read(NULL, m, seen, 4, "send buffer"));
	dma_sync_single_for_device(m, sizeof(frame), DMA_TO_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("device owns that mapping already"), 1);
	dma_unmap_single(m, sizeof(frame));
	dma_sync_single_for_device(m, sizeof(frame), DMA_TO_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("unmapped already"), 1);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

START_TEST(test_mapping_misuse)
{
	static char frame[64] = "lent by the stack";
	dma_addr_t m = dma_map_single(frame, sizeof(frame));

	ck_assert(!hosted_dma_write(NULL, m, "x", 1, "receive buffer"));
	ck_assert_uint_eq(hosted_failures_take("a mapping is for the device to read"), 1);
	dma_sync_single_for_cpu(m, sizeof(frame), DMA_FROM_DEVICE);
	ck_assert_uint_eq(hosted_failures_take("maps for DMA_TO_DEVICE"), 1);
	dma_unmap_single(m, sizeof(frame));
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

/* A received frame the stack sends back: mapped inside the receive pool. */
START_TEST(test_mapping_inside_streaming_allocation)
{
	dma_addr_t m;
	char seen[6];

	dma_sync_single_for_device(bus, BUF, DMA_FROM_DEVICE);
	device_writes(bus, "echo", 5);
	/* Still the device's: mapping it hands it over a second time. */
	dma_map_single(buf, 5);
	ck_assert_uint_eq(hosted_failures_take("handed over twice"), 1);
	dma_sync_single_for_cpu(bus, BUF, DMA_FROM_DEVICE);
	m = dma_map_single(buf, 5);
	ck_assert_uint_eq(m, bus);
	ck_assert(hosted_dma_read(NULL, m, seen, 5, "send buffer"));
	ck_assert_str_eq(seen, "echo");
	ck_assert(!hosted_dma_write(NULL, m, "x", 1, "receive buffer"));
	ck_assert_uint_eq(hosted_failures_take("handed over DMA_TO_DEVICE"), 1);
	buf[1] = 'X'; /* while mapped */
	dma_unmap_single(m, 5);
	ck_assert_uint_eq(hosted_failures_take("CPU wrote byte"), 1);
	/* Unmapped: the CPU's again, so it can be posted for receive. */
	dma_sync_single_for_device(bus, BUF, DMA_FROM_DEVICE);
	dma_sync_single_for_cpu(bus, BUF, DMA_FROM_DEVICE);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

START_TEST(test_coherent_memory_needs_no_sync)
{
	dma_addr_t ring_bus;
	u8 *ring = dma_alloc(256, 0, 0, &ring_bus);

	ring[0] = 0x11;
	ck_assert(hosted_dma_write(NULL, ring_bus + 1, "\x22", 1, "descriptor"));
	ck_assert_uint_eq(ring[1], 0x22);			 /* shared at once, no copy */
	dma_sync_single_for_cpu(ring_bus, 256, DMA_FROM_DEVICE); /* harmless */
	ck_assert_uint_eq(ring[0], 0x11);
	dma_free(ring, 256);
	ck_assert_uint_eq(hosted_failures(), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("hosted streaming DMA");
	TCase *tc = tcase_create("ownership");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_receive_round_trip);
	tcase_add_test(tc, test_device_write_to_cpu_owned_buffer);
	tcase_add_test(tc, test_device_against_direction);
	tcase_add_test(tc, test_transmit_sees_only_synced_data);
	tcase_add_test(tc, test_cpu_write_to_receive_buffer_the_device_owns);
	tcase_add_test(tc, test_sync_misuse);
	tcase_add_test(tc, test_free_while_device_owns);
	tcase_add_test(tc, test_ownership_is_per_byte);
	tcase_add_test(tc, test_mapping_ownership);
	tcase_add_test(tc, test_mapping_misuse);
	tcase_add_test(tc, test_mapping_inside_streaming_allocation);
	tcase_add_test(tc, test_coherent_memory_needs_no_sync);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
