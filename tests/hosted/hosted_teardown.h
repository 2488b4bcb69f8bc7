/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The checks a driver test makes at its end, once the driver has let go of
 * the device (tg3_test_util.c, sky2_test_util.c, test_skge.c and the stack
 * tests). Check assertions: link with check, not into the fuzz harnesses.
 */
#ifndef NAPKIN_TESTS_HOSTED_TEARDOWN_H
#define NAPKIN_TESTS_HOSTED_TEARDOWN_H

/* No DMA allocation outlived the driver; else the live ones are listed. */
void hosted_assert_no_dma_live(void);

/*
 * Neither the harness nor a model objected during the test; else their
 * reports and the kernel log are printed with the first report in the failure.
 */
void hosted_assert_no_failures(void);

#endif
