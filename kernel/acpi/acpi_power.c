// SPDX-License-Identifier: BSD-2-Clause
/*
 * The FADT (power blocks, reset register, SCI) and, without the AML
 * interpreter, the DSDT's _S5_ sleep type and the PM1 writes that power the
 * machine off through them.
 */
#define pr_fmt(fmt) "acpi: " fmt

#include <string.h>

#include "kernel/acpi/acpi_table.h"
#include "kernel/console/printk.h"
#include "kernel/x86/x86.h"

#define PM1_SLP_TYP_SHIFT 10
#define PM1_SLP_TYP_MASK  (7u << PM1_SLP_TYP_SHIFT)
#define PM1_SLP_EN	  BIT(13)

static void parse_dsdt(u64 phys);

/* FADT field offsets. */
enum {
	FADT_DSDT = 40,
	FADT_SCI_INT = 46,
	FADT_SMI_CMD = 48,
	FADT_ACPI_ENABLE = 52,
	FADT_PM1A_CNT_BLK = 64,
	FADT_PM1B_CNT_BLK = 68,
	FADT_PM_TMR_BLK = 76,
	FADT_PM1_CNT_LEN = 89,
	FADT_PM_TMR_LEN = 91,
	FADT_BOOT_ARCH = 109,
	FADT_FLAGS = 112,
	FADT_RESET_REG = 116,
	FADT_RESET_VALUE = 128,
	FADT_X_DSDT = 140,
	FADT_X_PM1A_CNT_BLK = 172,
	FADT_X_PM1B_CNT_BLK = 184,
	FADT_X_PM_TMR_BLK = 208,
};

/* The 64-bit GAS when present and set, else the legacy I/O port block. */
static struct acpi_gas fadt_block(const struct table *t, u32 x_off, u32 legacy_off, u8 width)
{
	struct acpi_gas g = sdt_read_gas(t, x_off);

	if (g.address)
		return g;
	g = (struct acpi_gas){ .space_id = ACPI_GAS_IO,
			       .bit_width = width,
			       .address = read32(t, legacy_off) };
	if (!g.address)
		g.bit_width = 0;
	return g;
}

bool sdt_parse_fadt(const struct table *t)
{
	sdt_info.fadt_revision = read8(t, 8);
	sdt_info.fadt_flags = read32(t, FADT_FLAGS);
	sdt_info.boot_arch = read16(t, FADT_BOOT_ARCH);
	sdt_info.sci_irq = read16(t, FADT_SCI_INT);
	sdt_info.smi_cmd = read32(t, FADT_SMI_CMD);
	sdt_info.acpi_enable_value = read8(t, FADT_ACPI_ENABLE);
	sdt_info.dsdt_phys = read64(t, FADT_X_DSDT);
	if (!sdt_info.dsdt_phys)
		sdt_info.dsdt_phys = read32(t, FADT_DSDT);
	sdt_info.pm1a_cnt = fadt_block(t, FADT_X_PM1A_CNT_BLK, FADT_PM1A_CNT_BLK,
				       (u8)(read8(t, FADT_PM1_CNT_LEN) * 8));
	sdt_info.pm1b_cnt = fadt_block(t, FADT_X_PM1B_CNT_BLK, FADT_PM1B_CNT_BLK,
				       (u8)(read8(t, FADT_PM1_CNT_LEN) * 8));
	sdt_info.pm_timer = fadt_block(t, FADT_X_PM_TMR_BLK, FADT_PM_TMR_BLK,
				       sdt_info.fadt_flags & ACPI_FADT_TMR_VAL_EXT ? 32 : 24);
	if (read8(t, FADT_PM_TMR_LEN) != 4)
		sdt_info.pm_timer = (struct acpi_gas){ 0 };
	if (sdt_info.fadt_flags & ACPI_FADT_RESET_REG_SUP) {
		sdt_info.reset_reg = sdt_read_gas(t, FADT_RESET_REG);
		sdt_info.reset_value = read8(t, FADT_RESET_VALUE);
		if (!table_has(t, FADT_RESET_VALUE, 1) || !sdt_info.reset_reg.address ||
		    sdt_info.reset_reg.space_id > ACPI_GAS_PCI_CONFIG)
			pr_warn(
			    "FADT at %#llx: reset register claimed but unusable (length %u, space %u, address %#llx)\n",
			    (unsigned long long)t->phys, t->len, sdt_info.reset_reg.space_id,
			    (unsigned long long)sdt_info.reset_reg.address);
		else
			sdt_info.reset_supported = true;
	}
	sdt_info.have_fadt = true;
	if (sdt_info.dsdt_phys)
		parse_dsdt(sdt_info.dsdt_phys);
	return true;
}

/* ---- DSDT: the S5 sleep type ---- */

enum {
	AML_ZERO_OP = 0x00,
	AML_ONE_OP = 0x01,
	AML_NAME_OP = 0x08,
	AML_BYTE_PREFIX = 0x0a,
	AML_PACKAGE_OP = 0x12,
	AML_ROOT_CHAR = '\\',
};

/* An integer small enough for SLP_TYP: Zero, One or a byte constant. */
static bool aml_small_int(const struct table *t, u32 *off, u8 *val)
{
	if (!table_has(t, *off, 1))
		return false;
	switch (t->p[*off]) {
	case AML_ZERO_OP:
	case AML_ONE_OP:
		*val = t->p[*off];
		*off += 1;
		return true;
	case AML_BYTE_PREFIX:
		if (!table_has(t, *off, 2))
			return false;
		*val = t->p[*off + 1];
		*off += 2;
		return true;
	default: return false;
	}
}

/*
 * Without an AML interpreter, look for the encoding of
 * Name(_S5_, Package() { a, b, ... }): NameOp, an optional root prefix, the
 * name, PackageOp, PkgLength (1 to 4 bytes, the extra count in the lead byte's
 * top bits), NumElements, then the two values.
 */
static void find_s5(const struct table *t)
{
	for (u32 off = SDT_HEADER_LEN + 1; table_has(t, off, 5); off++) {
		u32 pos;

		if (memcmp(t->p + off, "_S5_", 4) || t->p[off + 4] != AML_PACKAGE_OP)
			continue;
		if (t->p[off - 1] != AML_NAME_OP &&
		    !(t->p[off - 1] == AML_ROOT_CHAR && off > SDT_HEADER_LEN + 1 &&
		      t->p[off - 2] == AML_NAME_OP))
			continue;
		pos = off + 5;
		if (!table_has(t, pos, 1))
			break;
		pos += (u32)(t->p[pos] >> 6) + 1 + 1; /* PkgLength, NumElements */
		if (!aml_small_int(t, &pos, &sdt_info.s5_slp_typa)) {
			pr_warn("DSDT: _S5_ package not understood: no ACPI power-off\n");
			return;
		}
		if (!aml_small_int(t, &pos, &sdt_info.s5_slp_typb))
			sdt_info.s5_slp_typb = 0;
		sdt_info.s5_valid = true;
		return;
	}
}

static void parse_dsdt(u64 phys)
{
	struct acpi_table_desc *desc;
	struct table t;

	if (!sdt_load(phys, ACPI_MAX_DSDT_LEN, &t, &desc))
		return;
	if (strcmp(t.sig, "DSDT")) {
		pr_warn("%s at %#llx: expected DSDT, ignored\n", t.sig, (unsigned long long)phys);
		sdt_info.bad_tables++;
		return;
	}
	find_s5(&t);
	if (desc)
		desc->used = true;
}

static void write_pm1(const struct acpi_gas *g, u16 value)
{
	if (g->space_id == ACPI_GAS_IO)
		outw((u16)g->address, value);
	else if (g->space_id == ACPI_GAS_MEMORY)
		*(volatile u16 *)(uintptr_t)g->address = value;
}

static u16 read_pm1(const struct acpi_gas *g)
{
	if (g->space_id == ACPI_GAS_IO)
		return inw((u16)g->address);
	if (g->space_id == ACPI_GAS_MEMORY)
		return *(volatile u16 *)(uintptr_t)g->address;
	return 0;
}

/* The PM1 control value with SLP_TYP set to slp_typ and SLP_EN clear. */
static u16 with_sleep_type(const struct acpi_gas *g, u8 slp_typ)
{
	return (u16)((read_pm1(g) & ~(PM1_SLP_TYP_MASK | PM1_SLP_EN)) |
		     ((slp_typ & 7u) << PM1_SLP_TYP_SHIFT));
}

void acpi_poweroff(void)
{
	u16 a, b = 0;

	if (!sdt_info.present || !sdt_info.s5_valid || !sdt_info.pm1a_cnt.address)
		return;
	pr_notice("power off: entering S5 through the static tables' values\n");
	/* Both halves get SLP_TYP before either gets SLP_EN, which starts the transition. */
	a = with_sleep_type(&sdt_info.pm1a_cnt, sdt_info.s5_slp_typa);
	if (sdt_info.pm1b_cnt.address)
		b = with_sleep_type(&sdt_info.pm1b_cnt, sdt_info.s5_slp_typb);
	write_pm1(&sdt_info.pm1a_cnt, a);
	if (sdt_info.pm1b_cnt.address)
		write_pm1(&sdt_info.pm1b_cnt, b);
	write_pm1(&sdt_info.pm1a_cnt, a | PM1_SLP_EN);
	if (sdt_info.pm1b_cnt.address)
		write_pm1(&sdt_info.pm1b_cnt, b | PM1_SLP_EN);
	for (int i = 0; i < 1000000; i++)
		cpu_relax();
}
