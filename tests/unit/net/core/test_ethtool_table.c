// SPDX-License-Identifier: BSD-2-Clause
/*
 * net/core/ethtool_table.c: counters come out in table order with the values
 * their structures hold (members of members too), one-off counters follow
 * where they are put, and nothing is written past the caller's room.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "net/core/ethtool_table.h"

struct fake_ctr {
	u64 frames;
	u64 errors;
};

struct fake_port {
	u8 pad; /* so no counter sits at offset 0 */
	struct fake_ctr ctr;
	u64 link_changes;
};

#define PORT_STAT(name, field) ETHTOOL_TABLE_ENTRY(struct fake_port, name, field)

static const struct ethtool_table port_table[] = {
	PORT_STAT("frames", ctr.frames),
	PORT_STAT("errors", ctr.errors),
	PORT_STAT("link_changes", link_changes),
};

static const struct fake_port port = { .pad = 0xff, .ctr = { 11, 22 }, .link_changes = 33 };

/* A sentinel after the caller's room: any write past max shows there. */
#define ROOM 8
static struct ethtool_stat out[ROOM + 1];
static const struct ethtool_stat sentinel = { "untouched", 0xdeadbeefull };

static void setup(void)
{
	for (int i = 0; i <= ROOM; i++)
		out[i] = sentinel;
}

START_TEST(table_in_order_with_values)
{
	struct ethtool_out o = ETHTOOL_OUT(out, ROOM);

	setup();
	ethtool_put_table(&o, port_table, ARRAY_SIZE(port_table), &port);
	ck_assert_int_eq(o.n, 3);
	ck_assert_str_eq(out[0].name, "frames");
	ck_assert_uint_eq(out[0].value, 11);
	ck_assert_str_eq(out[1].name, "errors");
	ck_assert_uint_eq(out[1].value, 22);
	ck_assert_str_eq(out[2].name, "link_changes");
	ck_assert_uint_eq(out[2].value, 33);
	ck_assert_str_eq(out[3].name, sentinel.name);
}
END_TEST

START_TEST(offsets_follow_the_structure)
{
	ck_assert_uint_eq(port_table[0].offset, offsetof(struct fake_port, ctr.frames));
	ck_assert_uint_eq(port_table[1].offset, offsetof(struct fake_port, ctr.errors));
	ck_assert_uint_eq(port_table[2].offset, offsetof(struct fake_port, link_changes));
}
END_TEST

START_TEST(tables_and_singles_in_call_order)
{
	struct ethtool_out o = ETHTOOL_OUT(out, ROOM);
	const struct fake_port other = { .ctr = { 5, 6 }, .link_changes = 7 };

	setup();
	ethtool_put(&o, "first", 1);
	ethtool_put_table(&o, port_table, ARRAY_SIZE(port_table), &port);
	ethtool_put_table(&o, port_table, 1, &other);
	ethtool_put(&o, "last", 99);
	ck_assert_int_eq(o.n, 6);
	ck_assert_str_eq(out[0].name, "first");
	ck_assert_uint_eq(out[0].value, 1);
	ck_assert_uint_eq(out[3].value, 33);
	ck_assert_str_eq(out[4].name, "frames");
	ck_assert_uint_eq(out[4].value, 5);
	ck_assert_str_eq(out[5].name, "last");
	ck_assert_uint_eq(out[5].value, 99);
}
END_TEST

/* Every room from none to more than enough: exactly min(room, wanted) written. */
START_TEST(never_past_max)
{
	for (int room = 0; room <= ROOM; room++) {
		struct ethtool_out o = ETHTOOL_OUT(out, room);

		setup();
		ethtool_put_table(&o, port_table, ARRAY_SIZE(port_table), &port);
		ethtool_put(&o, "single", 4);
		ethtool_put_table(&o, port_table, ARRAY_SIZE(port_table), &port);
		ck_assert_int_eq(o.n, room < 7 ? room : 7);
		for (int i = o.n; i <= ROOM; i++) {
			ck_assert_msg(out[i].name == sentinel.name &&
					  out[i].value == sentinel.value,
				      "room %d: entry %d written", room, i);
		}
	}
}
END_TEST

START_TEST(empty_table_adds_nothing)
{
	struct ethtool_out o = ETHTOOL_OUT(out, ROOM);

	setup();
	ethtool_put_table(&o, port_table, 0, &port);
	ck_assert_int_eq(o.n, 0);
	ck_assert_str_eq(out[0].name, sentinel.name);
}
END_TEST

static Suite *ethtool_table_suite(void)
{
	Suite *s = suite_create("ethtool_table");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, table_in_order_with_values);
	tcase_add_test(tc, offsets_follow_the_structure);
	tcase_add_test(tc, tables_and_singles_in_call_order);
	tcase_add_test(tc, never_past_max);
	tcase_add_test(tc, empty_table_adds_nothing);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(ethtool_table_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
