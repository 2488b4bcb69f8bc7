// SPDX-License-Identifier: BSD-2-Clause
/*
 * The _PRT walk (kernel/acpi/intx_walk.c) over a fake topology: buses with or
 * without a _PRT, bridges between them, and the swizzle at each bridge. Also
 * the string calls napkin supplies to ACPICA (kernel/acpi/osl_libc.c).
 */
#include <check.h>
#include <errno.h>
#include <string.h>

#include "kernel/acpi/intx_walk.h"

char *acpica_strcpy(char *dst, const char *src);
char *acpica_strncpy(char *dst, const char *src, size_t n);
char *acpica_strcat(char *dst, const char *src);
char *acpica_strncat(char *dst, const char *src, size_t n);

/* A bus: whether it has a _PRT, what answers, and the bridge above it. */
struct fake_bus {
	bool has_prt;
	enum prt_answer fail; /* PRT_NO_ENTRY / PRT_FAILED to make every lookup fail */
	bool has_bridge;
	u8 bridge_bus, bridge_devfn;
};

static struct fake_bus buses[256];
static unsigned int lookups;

/* A fake _PRT: GSI = 100 * bus + 10 * slot + pin, so each answer tells where it came from. */
static enum prt_answer fake_lookup(void *ctx, u16 seg, u8 bus, u8 slot, u8 pin,
				   struct intx_answer *out)
{
	lookups++;
	if (!buses[bus].has_prt)
		return PRT_ABSENT;
	if (buses[bus].fail)
		return buses[bus].fail;
	out->gsi = 100u * bus + 10u * slot + pin;
	out->level = true;
	out->active_low = true;
	strcpy(out->source, "\\_SB_.LNKA");
	return PRT_FOUND;
}

static bool fake_upstream(void *ctx, u16 seg, u8 bus, u8 *bridge_bus, u8 *bridge_devfn)
{
	if (!buses[bus].has_bridge)
		return false;
	*bridge_bus = buses[bus].bridge_bus;
	*bridge_devfn = buses[bus].bridge_devfn;
	return true;
}

static const struct intx_walk_ops ops = { fake_lookup, fake_upstream };

static void setup(void)
{
	memset(buses, 0, sizeof(buses));
	lookups = 0;
	buses[0].has_prt = true;
}

static void bridge(u8 bus, u8 up_bus, u8 slot)
{
	buses[bus].has_bridge = true;
	buses[bus].bridge_bus = up_bus;
	buses[bus].bridge_devfn = (u8)(slot << 3);
}

START_TEST(root_bus_entry)
{
	struct intx_answer a;
	char how[128];

	ck_assert_int_eq(intx_walk(&ops, NULL, 0, 0, (5 << 3) | 2, 3, &a, how, sizeof(how)), 0);
	ck_assert_uint_eq(a.gsi, 52); /* slot 5, INTC = 2 */
	ck_assert(a.level && a.active_low);
	ck_assert_str_eq(how, "_PRT entry 00:05 INTC -> \\_SB_.LNKA");
}
END_TEST

START_TEST(one_bridge_swizzles)
{
	struct intx_answer a;
	char how[128];

	/* Bus 1 behind a bridge at 00:07; device 01:03 pin A goes up as (0 + 3) % 4 = INTD. */
	bridge(1, 0, 7);
	ck_assert_int_eq(intx_walk(&ops, NULL, 0, 1, 3 << 3, 1, &a, how, sizeof(how)), 0);
	ck_assert_uint_eq(a.gsi, 73);
	ck_assert_str_eq(how,
			 "bridge swizzle from 01:03 INTA, _PRT entry 00:07 INTD -> \\_SB_.LNKA");
}
END_TEST

START_TEST(two_bridges_swizzle_twice)
{
	struct intx_answer a;

	/* 02:01 pin B (1) -> (1 + 1) % 4 = 2 at 01:02 -> (2 + 2) % 4 = 0 at 00:1c. */
	bridge(1, 0, 0x1c);
	bridge(2, 1, 2);
	ck_assert_int_eq(intx_walk(&ops, NULL, 0, 2, 1 << 3, 2, &a, NULL, 0), 0);
	ck_assert_uint_eq(a.gsi, 10u * 0x1c + 0);
}
END_TEST

START_TEST(bridge_with_own_prt_answers_itself)
{
	struct intx_answer a;

	bridge(1, 0, 7);
	buses[1].has_prt = true;
	ck_assert_int_eq(intx_walk(&ops, NULL, 0, 1, 3 << 3, 1, &a, NULL, 0), 0);
	ck_assert_uint_eq(a.gsi, 130);
	ck_assert_uint_eq(lookups, 1);
}
END_TEST

START_TEST(failures_are_told_apart)
{
	struct intx_answer a;
	char how[128];

	buses[0].fail = PRT_NO_ENTRY;
	ck_assert_int_eq(intx_walk(&ops, NULL, 0, 0, 9 << 3, 1, &a, how, sizeof(how)), -ENOENT);
	ck_assert_str_eq(how, "no _PRT entry for 00:09 INTA");
	buses[0].fail = PRT_FAILED;
	ck_assert_int_eq(intx_walk(&ops, NULL, 0, 0, 9 << 3, 1, &a, how, sizeof(how)), -EIO);
	ck_assert_str_eq(how, "_PRT failed for 00:09 INTA");
	/* A root bus without a _PRT and without a bridge above. */
	buses[0].has_prt = false;
	ck_assert_int_eq(intx_walk(&ops, NULL, 0, 0, 9 << 3, 1, &a, how, sizeof(how)), -ENOENT);
	ck_assert_str_eq(how, "no _PRT on the root bus of 00:09 INTA");
}
END_TEST

START_TEST(bad_pins_refused)
{
	struct intx_answer a;
	char how[64];

	ck_assert_int_eq(intx_walk(&ops, NULL, 0, 0, 0, 0, &a, how, sizeof(how)), -ENOENT);
	ck_assert_int_eq(intx_walk(&ops, NULL, 0, 0, 0, 5, &a, how, sizeof(how)), -ENOENT);
	ck_assert_uint_eq(lookups, 0);
	ck_assert(strstr(how, "not INTA..INTD"));
}
END_TEST

START_TEST(bridge_loop_ends)
{
	struct intx_answer a;
	char how[32]; /* short on purpose: the story is cut, not overrun */

	/* Firmware numbered bus 3's bridge as living on bus 3: a loop. */
	buses[0].has_prt = false;
	bridge(3, 3, 1);
	ck_assert_int_eq(intx_walk(&ops, NULL, 0, 3, 0, 1, &a, how, sizeof(how)), -E2BIG);
	ck_assert_uint_eq(lookups, INTX_WALK_MAX_HOPS + 1);
	ck_assert_uint_lt(strlen(how), sizeof(how));
}
END_TEST

START_TEST(string_calls)
{
	char buf[16];

	ck_assert_str_eq(acpica_strcpy(buf, "abc"), "abc");
	ck_assert_str_eq(acpica_strcat(buf, "de"), "abcde");
	ck_assert_str_eq(acpica_strncat(buf, "fghij", 2), "abcdefg");
	memset(buf, 'x', sizeof(buf));
	acpica_strncpy(buf, "ab", 5);
	ck_assert(!memcmp(buf, "ab\0\0\0x", 6)); /* padded to n, nothing past it */
	buf[3] = 'y';
	acpica_strncpy(buf, "abcdef", 3);
	ck_assert(!memcmp(buf, "abc", 3));
	ck_assert_int_eq(buf[3], 'y'); /* no terminator when src is longer, as the C one */
}
END_TEST

int main(void)
{
	Suite *s = suite_create("intx_walk");
	TCase *tc = tcase_create("walk");
	SRunner *sr;
	int failed;

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, root_bus_entry);
	tcase_add_test(tc, one_bridge_swizzles);
	tcase_add_test(tc, two_bridges_swizzle_twice);
	tcase_add_test(tc, bridge_with_own_prt_answers_itself);
	tcase_add_test(tc, failures_are_told_apart);
	tcase_add_test(tc, bad_pins_refused);
	tcase_add_test(tc, bridge_loop_ends);
	tcase_add_test(tc, string_calls);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
