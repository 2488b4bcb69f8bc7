// SPDX-License-Identifier: BSD-2-Clause
#include <check.h>
#include "tests/hosted/hosted_teardown.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/unit/fakes/stub_printk.h"

void hosted_assert_no_dma_live(void)
{
	if (!hosted_dma_live_count())
		return;
	hosted_dma_dump_live();
	ck_abort_msg("%u DMA allocations (%zu bytes) still live after teardown",
		     hosted_dma_live_count(), hosted_dma_live_bytes());
}

void hosted_assert_no_failures(void)
{
	unsigned int failures = hosted_failures();

	if (failures) {
		hosted_failures_dump();
		stub_printk_dump();
	}
	ck_assert_msg(!failures, "%u harness/model failures (first: %s)", failures,
		      hosted_failure(0) ? hosted_failure(0) : "?");
}
