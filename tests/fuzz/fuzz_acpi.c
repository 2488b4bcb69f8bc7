// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACPI table parsing from random tables, through the fixture address space of
 * the unit tests (tests/unit/fakes/acpi_fixture.h: every mapping is an exact-size
 * copy, so a read past what the parser asked for is caught).
 *
 * Input: one flags byte, then tables as [u16 length][bytes]. Table i lives at
 * TABLE_BASE + i * TABLE_STRIDE; the root table the harness builds lists them
 * all, so the fuzzer writes signatures, bodies and the pointers between
 * tables (FADT to DSDT) itself. With FIX_HEADERS the harness makes each
 * table's length and checksum right so the parser gets past them; without
 * it, they are whatever the input says.
 */
#include <string.h>
#include "kernel/acpi/acpi.h"
#include "tests/fuzz/fuzz.h"
#include "tests/unit/fakes/acpi_fixture.h"

#define TABLE_BASE   0x100000ull
#define TABLE_STRIDE 0x10000ull
#define ROOT_PHYS    0x80000ull
#define BIOS_AREA    0xe0000ull
#define MAX_TABLES   40 /* more than ACPI_MAX_TABLES, to overflow its list */

enum {
	USE_XSDT = 1 << 0,
	FIX_HEADERS = 1 << 1,
	RSDP_V2 = 1 << 2,
	RSDP_SCAN = 1 << 3, /* found by scanning the BIOS area, not handed over */
	BROKEN_ROOT = 1 << 4,
};

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct fuzz_in in;
	u64 phys[MAX_TABLES];
	size_t n = 0;
	u8 flags, rsdp[36];
	size_t rsdp_len;
	u8 *root;

	fuzz_in_init(&in, data, size);
	flags = fuzz_u8(&in);
	fx_reset();
	acpi_set_mapper(fx_map);
	acpi_set_ebda_base(0x9fc00);

	while (!fuzz_in_empty(&in) && n < MAX_TABLES) {
		size_t want = fuzz_u16(&in), got;
		const u8 *bytes = fuzz_bytes(&in, want, &got);
		u8 *t;

		phys[n] = TABLE_BASE + n * TABLE_STRIDE;
		t = fx_region(phys[n], got);
		memcpy(t, bytes, got);
		if ((flags & FIX_HEADERS) && got >= 36) {
			u32 len = (u32)got;

			memcpy(t + 4, &len, 4);
			fx_fix_checksum(t, got);
		}
		n++;
	}

	root = fx_root(ROOT_PHYS, flags & USE_XSDT, phys, n);
	if (flags & BROKEN_ROOT)
		root[9] ^= 0x5a;
	rsdp_len = fx_rsdp(rsdp, flags & RSDP_V2 ? 2 : 0, (u32)ROOT_PHYS,
			   flags & USE_XSDT ? ROOT_PHYS : 0);
	if (flags & RSDP_SCAN) {
		memcpy(fx_region(BIOS_AREA, 0x20000) + 0x1230, rsdp, rsdp_len);
		acpi_init(NULL, 0);
	} else {
		acpi_init(rsdp, rsdp_len);
	}
	acpi_print_summary();
	for (u8 irq = 0; irq < 16; irq++) {
		u32 gsi;
		bool low, level;

		acpi_isa_irq(irq, &gsi, &low, &level);
	}
	fx_reset();
	return 0;
}
