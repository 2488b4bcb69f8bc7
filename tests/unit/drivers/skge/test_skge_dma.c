// SPDX-License-Identifier: BSD-2-Clause
/*
 * The skge reach check: rings and buffers must lie entirely below 4 GiB
 * (the BMUs drive 32 address bits), so one that ends above it, starts above
 * it, crosses the boundary or wraps is refused.
 */
#include <check.h>
#include <stdlib.h>

#include "drivers/skge/skge.h"

START_TEST(test_below_4g)
{
	ck_assert(skge_dma_below_4g(0x1000, 4096));
	ck_assert(skge_dma_below_4g(0xFFFFF000ull, 0x1000));   /* ends on the last byte */
	ck_assert(!skge_dma_below_4g(0xFFFFF000ull, 0x1001));  /* crosses 4 GiB */
	ck_assert(!skge_dma_below_4g(0x100000000ull, 32));     /* starts above */
	ck_assert(!skge_dma_below_4g(0x1FFFFF000ull, 0x2000)); /* crosses 8 GiB */
	ck_assert(!skge_dma_below_4g(~0ull - 8, 32));	       /* wraps */
	ck_assert(!skge_dma_below_4g(0x1000, 0));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("skge_dma");
	TCase *tc = tcase_create("reach");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_below_4g);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
