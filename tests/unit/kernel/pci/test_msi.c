// SPDX-License-Identifier: BSD-2-Clause
/*
 * MSI, MSI-X and INTx setup against fake config space and a buffer standing
 * in for the BAR that holds the MSI-X table; the allocation policy; interrupts
 * dispatched to the right handlers afterwards.
 */
#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/x86/irq.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci_internal.h"
#include "tests/unit/fakes/pci_fake.h"
#include "tests/unit/fakes/pci_stub_hw.h"
#include "tests/unit/fakes/pci_test_log.h"
#include "tests/unit/fakes/pci_test_reset.h"

#define MSIX_BAR_PHYS 0xfebf0000u
#define MSIX_BAR_SIZE 0x4000u
#define MSIX_PBA_OFF  0x2000u

static u8 *bar_mem;

static void setup(void)
{
	pci_test_reset();
	bar_mem = calloc(1, MSIX_BAR_SIZE);
	stub_ioremap_add(MSIX_BAR_PHYS, bar_mem, MSIX_BAR_SIZE);
}

static void teardown(void)
{
	free(bar_mem);
}

/* An MSI capability: 2^log2 vectors, optional 64-bit address and mask bits. */
static u8 add_msi(struct fake_fn *f, unsigned int log2, bool is64, bool maskbit)
{
	u8 len = (u8)(10 + (is64 ? 4 : 0) + (maskbit ? 10 : 0));
	u8 off = fake_add_cap(f, PCI_CAP_ID_MSI, (u8)ALIGN_UP(len, 4));

	fake_set16(f, off + PCI_MSI_FLAGS,
		   (u16)(log2 << 1 | (is64 ? PCI_MSI_FLAGS_64BIT : 0) |
			 (maskbit ? PCI_MSI_FLAGS_MASKBIT : 0)));
	/* Only enable and the enabled-vector count are writable in the flags. */
	fake_writable(f, off + PCI_MSI_FLAGS, 1, 0x71);
	fake_writable(f, off + PCI_MSI_FLAGS + 1, 1, 0x00);
	return off;
}

static u8 add_msix(struct fake_fn *f, unsigned int tsize, u32 table, u32 pba)
{
	u8 off = fake_add_cap(f, PCI_CAP_ID_MSIX, 12);

	fake_set16(f, off + PCI_MSIX_FLAGS, (u16)(tsize - 1));
	fake_writable(f, off + PCI_MSIX_FLAGS, 1, 0x00);
	fake_writable(f, off + PCI_MSIX_FLAGS + 1, 1, 0xC0);
	fake_set32(f, off + PCI_MSIX_TABLE, table);
	fake_set32(f, off + PCI_MSIX_PBA, pba);
	fake_writable(f, off + 4, 8, 0x00);
	return off;
}

static struct pci_dev *enumerate(struct fake_fn *f)
{
	pci_scan_root(0, 0, 255);
	return pci_find_bdf(0, f->bus, f->devfn);
}

static u32 entry(unsigned int i, unsigned int field)
{
	u32 v;

	memcpy(&v, bar_mem + i * 16 + field, 4);
	return v;
}

struct counter {
	unsigned int hits;
	bool raised;
};

static irqreturn_t count_handler(void *ctx)
{
	struct counter *c = ctx;

	if (!c->raised)
		return IRQ_NONE;
	c->raised = false;
	c->hits++;
	return IRQ_HANDLED;
}

/* ---- MSI ---- */

START_TEST(msi_32bit_single)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;
	struct counter c = { 0 };
	u8 cap = add_msi(f, 0, false, false);
	int n, v;

	fake_intx(f, 1, 11);
	p = enumerate(f);
	n = pci_alloc_irq_vectors(p, 1, 4, PCI_IRQ_ALL_TYPES);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_MSI);
	v = pci_irq_vector(p, 0);
	ck_assert_int_ge(v, IRQ_VECTOR_FIRST);
	ck_assert_int_eq(pci_irq_vector(p, 1), -EINVAL);
	ck_assert_uint_eq(fake_get32(f, cap + PCI_MSI_ADDRESS_LO), STUB_MSI_ADDRESS);
	ck_assert_uint_eq(fake_get16(f, cap + PCI_MSI_DATA_32), STUB_MSI_DATA(v));
	ck_assert_uint_eq(fake_get16(f, cap + PCI_MSI_FLAGS) & PCI_MSI_FLAGS_ENABLE, 1);
	ck_assert_uint_eq(fake_get16(f, cap + PCI_MSI_FLAGS) & PCI_MSI_FLAGS_QSIZE, 0);
	ck_assert(fake_get16(f, PCI_COMMAND) & PCI_COMMAND_INTX_DISABLE);
	ck_assert(log_contains("00:03.0 [0200] 8086:100e - irq MSI 1 vector 0x"));

	ck_assert_int_eq(request_irq((u8)v, count_handler, &c, "e1000"), 0);
	c.raised = true;
	irq_dispatch((u8)v);
	ck_assert_uint_eq(c.hits, 1);

	free_irq((u8)v, &c);
	pci_free_irq_vectors(p);
	ck_assert_uint_eq(fake_get16(f, cap + PCI_MSI_FLAGS) & PCI_MSI_FLAGS_ENABLE, 0);
	ck_assert(!(fake_get16(f, PCI_COMMAND) & PCI_COMMAND_INTX_DISABLE));
	ck_assert(!irq_vector_owned((u8)v));
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_NONE);
}
END_TEST

START_TEST(msi_64bit_multi_with_masking)
{
	struct fake_fn *f = fake_add(0, 4, 0, 0x8086, 0x10d3, 0x020000, 0);
	struct pci_dev *p;
	struct counter c[4] = { 0 };
	u8 cap = add_msi(f, 3, true, true); /* 8 vectors possible */
	int n, first;

	ck_assert_int_eq(irq_reserve_vector(0x20, "timer"), 0);
	p = enumerate(f);
	n = pci_alloc_irq_vectors(p, 1, 4, PCI_IRQ_MSI);
	ck_assert_int_eq(n, 4);
	first = pci_irq_vector(p, 0);
	ck_assert_int_eq(first % 4, 0); /* the device ORs the message number into data */
	for (int i = 1; i < 4; i++)
		ck_assert_int_eq(pci_irq_vector(p, (unsigned int)i), first + i);
	ck_assert_uint_eq(fake_get32(f, cap + PCI_MSI_ADDRESS_LO), STUB_MSI_ADDRESS);
	ck_assert_uint_eq(fake_get32(f, cap + PCI_MSI_ADDRESS_HI), 0);
	ck_assert_uint_eq(fake_get16(f, cap + PCI_MSI_DATA_64), STUB_MSI_DATA(first));
	ck_assert_uint_eq((fake_get16(f, cap + PCI_MSI_FLAGS) & PCI_MSI_FLAGS_QSIZE) >> 4, 2);
	/* Everything masked until a handler is attached. */
	ck_assert_uint_eq(fake_get32(f, cap + PCI_MSI_MASK_64), 0xFFFFFFFF);
	ck_assert_int_eq(request_irq((u8)(first + 2), count_handler, &c[2], "q2"), 0);
	ck_assert_uint_eq(fake_get32(f, cap + PCI_MSI_MASK_64), ~BIT(2));
	ck_assert_int_eq(request_irq((u8)first, count_handler, &c[0], "q0"), 0);
	ck_assert_uint_eq(fake_get32(f, cap + PCI_MSI_MASK_64), ~(BIT(2) | BIT(0)));
	free_irq((u8)(first + 2), &c[2]);
	ck_assert_uint_eq(fake_get32(f, cap + PCI_MSI_MASK_64), ~BIT(0));
	{
		struct irq_stat st;

		ck_assert_int_eq(irq_stat_next(first - 1, &st), first);
		ck_assert_str_eq(st.mode, "PCI-MSI");
		ck_assert_str_eq(st.owner, "00:04.0");
	}
}
END_TEST

START_TEST(msi_count_rounds_down_to_power_of_two)
{
	struct fake_fn *f = fake_add(0, 4, 0, 0x8086, 0x10d3, 0x020000, 0);
	struct pci_dev *p;

	add_msi(f, 2, false, false); /* 4 possible */
	p = enumerate(f);
	ck_assert_uint_eq(pci_msi_vec_count(p), 4);
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 2, 3, PCI_IRQ_MSI), 2);
	pci_free_irq_vectors(p);
	/* Wanting at least 8 from a 4-vector function fails without INTx to fall to. */
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 8, 8, PCI_IRQ_MSI | PCI_IRQ_INTX), -ENOSPC);
	ck_assert(log_contains("no interrupt mode satisfies min 8 max 8"));
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_NONE);
}
END_TEST

START_TEST(msi_reserved_count_field)
{
	struct fake_fn *f = fake_add(0, 4, 0, 0x8086, 0x10d3, 0x020000, 0);
	struct pci_dev *p;

	add_msi(f, 7, false, false);
	p = enumerate(f);
	ck_assert_uint_eq(pci_msi_vec_count(p), 1);
	ck_assert(log_contains("reserved vector count"));
}
END_TEST

/* ---- MSI-X ---- */

static struct fake_fn *msix_fixture(unsigned int tsize, u8 *cap)
{
	struct fake_fn *f = fake_add(0, 5, 0, 0x8086, 0x10d3, 0x020000, 0);

	fake_bar_mem32(f, 0, 0xfeb00000, 0x20000, false);
	fake_bar_io(f, 2, 0xc000, 0x20);
	fake_bar_mem32(f, 3, MSIX_BAR_PHYS, MSIX_BAR_SIZE, false);
	fake_intx(f, 1, 10);
	add_msi(f, 0, true, false);
	*cap = add_msix(f, tsize, 3, MSIX_PBA_OFF | 3);
	return f;
}

static u8 msix_cap_under_test;
static unsigned int msix_violations, msix_ctrl_writes;

/* Rules for the sequence of MSI-X control writes, checked as they happen. */
static void msix_order_hook(struct fake_fn *f, u16 off, unsigned int size, u32 val)
{
	u16 ctrl;

	if (off != msix_cap_under_test + PCI_MSIX_FLAGS)
		return;
	msix_ctrl_writes++;
	ctrl = fake_get16(f, off);
	/* While enabled and unmasked, every programmed entry must be complete. */
	if ((ctrl & PCI_MSIX_FLAGS_ENABLE) && !(ctrl & PCI_MSIX_FLAGS_MASKALL)) {
		if (entry(0, PCI_MSIX_ENTRY_ADDR_LO) != STUB_MSI_ADDRESS)
			msix_violations++;
	}
	/* The first enabling write must already carry the function mask. */
	if (msix_ctrl_writes == 1 && !(ctrl & PCI_MSIX_FLAGS_MASKALL))
		msix_violations++;
}

START_TEST(msix_programs_table)
{
	u8 cap;
	struct fake_fn *f = msix_fixture(5, &cap);
	struct pci_dev *p;
	struct counter c = { 0 };
	int n;

	msix_cap_under_test = cap;
	fake_write_hook = msix_order_hook;
	p = enumerate(f);
	ck_assert_uint_eq(p->msix_cap, cap);
	ck_assert_uint_eq(pci_msix_vec_count(p), 5);
	n = pci_alloc_irq_vectors(p, 1, 3, PCI_IRQ_ALL_TYPES);
	ck_assert_int_eq(n, 3);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_MSIX);
	ck_assert_uint_eq(msix_violations, 0);
	ck_assert_uint_ge(msix_ctrl_writes, 2);
	for (unsigned int i = 0; i < 3; i++) {
		ck_assert_uint_eq(entry(i, PCI_MSIX_ENTRY_ADDR_LO), STUB_MSI_ADDRESS);
		ck_assert_uint_eq(entry(i, PCI_MSIX_ENTRY_ADDR_HI), 0);
		ck_assert_uint_eq(entry(i, PCI_MSIX_ENTRY_DATA),
				  STUB_MSI_DATA(pci_irq_vector(p, i)));
	}
	/* All five entries masked, unused ones untouched otherwise. */
	for (unsigned int i = 0; i < 5; i++)
		ck_assert_uint_eq(entry(i, PCI_MSIX_ENTRY_CTRL) & 1, 1);
	ck_assert_uint_eq(entry(3, PCI_MSIX_ENTRY_DATA), 0);
	ck_assert_uint_eq(fake_get16(f, cap + PCI_MSIX_FLAGS) &
			      (PCI_MSIX_FLAGS_ENABLE | PCI_MSIX_FLAGS_MASKALL),
			  PCI_MSIX_FLAGS_ENABLE);
	ck_assert(fake_get16(f, PCI_COMMAND) & PCI_COMMAND_INTX_DISABLE);
	ck_assert(fake_get16(f, PCI_COMMAND) & PCI_COMMAND_MEMORY);
	ck_assert(log_contains("irq MSI-X 3 vectors 0x"));

	/* Attaching a handler unmasks exactly that entry. */
	ck_assert_int_eq(request_irq((u8)pci_irq_vector(p, 1), count_handler, &c, "rx"), 0);
	ck_assert_uint_eq(entry(1, PCI_MSIX_ENTRY_CTRL) & 1, 0);
	ck_assert_uint_eq(entry(0, PCI_MSIX_ENTRY_CTRL) & 1, 1);
	c.raised = true;
	irq_dispatch((u8)pci_irq_vector(p, 1));
	ck_assert_uint_eq(c.hits, 1);
	free_irq((u8)pci_irq_vector(p, 1), &c);
	ck_assert_uint_eq(entry(1, PCI_MSIX_ENTRY_CTRL) & 1, 1);

	pci_free_irq_vectors(p);
	ck_assert_uint_eq(fake_get16(f, cap + PCI_MSIX_FLAGS) & PCI_MSIX_FLAGS_ENABLE, 0);
	ck_assert(!(fake_get16(f, PCI_COMMAND) & PCI_COMMAND_INTX_DISABLE));
	ck_assert(!irq_vector_owned(0x20));
}
END_TEST

/*
 * A boot CPU whose APIC ID does not fit MSI's 8 destination bits (x2APIC,
 * no interrupt remapping): both kinds are refused before the device is
 * touched, so no message can go to the wrong CPU.
 */
START_TEST(msi_and_msix_refused_when_cpu_unreachable)
{
	u8 cap;
	struct fake_fn *f = msix_fixture(4, &cap);
	struct pci_dev *p = enumerate(f);
	u8 msi_cap = (u8)p->msi_cap;

	ck_assert_uint_ne(msi_cap, 0);
	stub_hw.cpu_unreachable = true;
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 4, PCI_IRQ_MSIX), -ERANGE);
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, PCI_IRQ_MSI), -ERANGE);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_NONE);
	ck_assert_uint_eq(fake_get16(f, cap + PCI_MSIX_FLAGS) & PCI_MSIX_FLAGS_ENABLE, 0);
	ck_assert_uint_eq(entry(0, PCI_MSIX_ENTRY_ADDR_LO), 0);
	ck_assert_uint_eq(fake_get16(f, msi_cap + PCI_MSI_FLAGS) & PCI_MSI_FLAGS_ENABLE, 0);
	ck_assert_uint_eq(fake_get32(f, msi_cap + PCI_MSI_ADDRESS_LO), 0);
	for (int v = IRQ_VECTOR_FIRST; v <= IRQ_VECTOR_LAST; v++)
		ck_assert(!irq_vector_owned((u8)v));
}
END_TEST

START_TEST(msix_table_in_bad_bar_falls_back_to_msi)
{
	u8 cap;
	struct fake_fn *f = msix_fixture(4, &cap);
	struct pci_dev *p;

	fake_set32(f, cap + PCI_MSIX_TABLE, 2); /* the I/O BAR */
	p = enumerate(f);
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 4, PCI_IRQ_ALL_TYPES), 1);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_MSI);
	ck_assert(log_contains("00:05.0: MSI-X table in BAR2, which is not a usable memory BAR"));
}
END_TEST

START_TEST(msix_bad_locations)
{
	u8 cap;
	struct fake_fn *f = msix_fixture(4, &cap);
	struct pci_dev *p;

	fake_set32(f, cap + PCI_MSIX_TABLE, 7); /* BIR 7 does not exist */
	p = enumerate(f);
	ck_assert_int_eq(pci_msix_enable(p, 1, 4), -EINVAL);
	ck_assert(log_contains("MSI-X table in BAR7, which does not exist"));

	fake_set32(f, cap + PCI_MSIX_TABLE, (MSIX_BAR_SIZE - 0x20) | 3); /* runs off the BAR */
	log_clear();
	ck_assert_int_eq(pci_msix_enable(p, 1, 4), -EINVAL);
	ck_assert(log_contains("MSI-X table at BAR3+0x3fe0 (0x40 bytes) overruns the BAR"));

	fake_set32(f, cap + PCI_MSIX_TABLE, 3);
	fake_set32(f, cap + PCI_MSIX_PBA, MSIX_BAR_SIZE | 3); /* PBA past the end */
	log_clear();
	ck_assert_int_eq(pci_msix_enable(p, 1, 4), -EINVAL);
	ck_assert(log_contains("MSI-X PBA at BAR3+0x4000"));
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_NONE);
	ck_assert_uint_eq(entry(0, PCI_MSIX_ENTRY_ADDR_LO), 0); /* nothing written */
}
END_TEST

START_TEST(msix_unassigned_bar)
{
	u8 cap;
	struct fake_fn *f = msix_fixture(4, &cap);
	struct pci_dev *p;

	fake_bar_mem32(f, 3, 0, MSIX_BAR_SIZE, false); /* firmware left it at 0 */
	p = enumerate(f);
	ck_assert_uint_eq(p->bar[3].flags, PCI_BAR_UNASSIGNED);
	ck_assert_int_eq(pci_msix_enable(p, 1, 4), -EINVAL);
	ck_assert(log_contains("not a usable memory BAR"));
}
END_TEST

START_TEST(msix_vector_shortage)
{
	u8 cap;
	struct fake_fn *f = msix_fixture(8, &cap);
	struct pci_dev *p;
	int left = 0;

	p = enumerate(f);
	/* Leave exactly two vectors free. */
	while (irq_alloc_vector("hog") >= 0)
		;
	irq_free_vector(0x40);
	irq_free_vector(0x41);
	ck_assert_int_eq(pci_msix_enable(p, 3, 8), -ENOSPC);
	ck_assert(log_contains("only 2 of 8 MSI-X vectors available (minimum 3)"));
	/* The two it took were given back. */
	ck_assert(!irq_vector_owned(0x40));
	ck_assert(!irq_vector_owned(0x41));
	/* With a minimum of 1 it takes what there is. */
	ck_assert_int_eq(pci_msix_enable(p, 1, 8), 2);
	for (int v = 0x20; v <= IRQ_VECTOR_LAST; v++)
		left += !irq_vector_owned((u8)v);
	ck_assert_int_eq(left, 0);
}
END_TEST

START_TEST(policy_order_follows_flags)
{
	u8 cap;
	struct fake_fn *f = msix_fixture(4, &cap);
	struct pci_dev *p = enumerate(f);

	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 2, PCI_IRQ_ALL_TYPES), 2);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_MSIX);
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 2, PCI_IRQ_ALL_TYPES), -EBUSY);
	pci_free_irq_vectors(p);
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 2, PCI_IRQ_MSI | PCI_IRQ_INTX), 1);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_MSI);
	pci_free_irq_vectors(p);
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 2, PCI_IRQ_INTX), 1);
	ck_assert_int_eq(p->irq_mode, PCI_IRQ_MODE_INTX);
	pci_free_irq_vectors(p);
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 2, 1, PCI_IRQ_INTX), -EINVAL);
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, 0), -EINVAL);
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, 0x80), -EINVAL);
}
END_TEST

/* ---- INTx ---- */

START_TEST(intx_shared_line_right_handler)
{
	struct fake_fn *fa = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct fake_fn *fb = fake_add(0, 4, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *a, *b;
	struct counter ca = { 0 }, cb = { 0 };
	int va, vb;

	fake_intx(fa, 1, 11);
	fake_intx(fb, 1, 11);
	fake_set16(fa, PCI_COMMAND, PCI_COMMAND_INTX_DISABLE);
	pci_scan_root(0, 0, 255);
	a = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	b = pci_find_bdf(0, 0, PCI_DEVFN(4, 0));
	ck_assert_int_eq(pci_alloc_irq_vectors(a, 1, 1, PCI_IRQ_ALL_TYPES), 1);
	ck_assert_int_eq(pci_alloc_irq_vectors(b, 1, 1, PCI_IRQ_ALL_TYPES), 1);
	va = pci_irq_vector(a, 0);
	vb = pci_irq_vector(b, 0);
	ck_assert_int_eq(va, vb);
	ck_assert(!(fake_get16(fa, PCI_COMMAND) & PCI_COMMAND_INTX_DISABLE));
	/* No override for IRQ 11: PCI default, level and active low. */
	ck_assert(stub_hw.gsi[11].routed);
	ck_assert_uint_eq(stub_hw.gsi[11].vector, va);
	ck_assert(stub_hw.gsi[11].level);
	ck_assert(stub_hw.gsi[11].active_low);
	ck_assert(stub_hw.gsi[11].masked);
	ck_assert(log_contains("00:03.0 [0200] 8086:100e - irq INTx pin A line 11 gsi 11 vector"));

	ck_assert_int_eq(request_irq((u8)va, count_handler, &ca, "e1000 00:03.0"), 0);
	ck_assert(!stub_hw.gsi[11].masked);
	ck_assert_int_eq(request_irq((u8)vb, count_handler, &cb, "e1000 00:04.0"), 0);

	cb.raised = true;
	irq_dispatch((u8)va);
	ck_assert_uint_eq(ca.hits, 0);
	ck_assert_uint_eq(cb.hits, 1);
	ca.raised = true;
	irq_dispatch((u8)va);
	ck_assert_uint_eq(ca.hits, 1);
	ck_assert_uint_eq(cb.hits, 1);
	{
		struct irq_stat st;
		char names[64];

		ck_assert_int_eq(irq_stat_next(va - 1, &st), va);
		ck_assert_uint_eq(st.delivered, 2);
		ck_assert_uint_eq(st.unhandled, 0);
		ck_assert_str_eq(st.mode, "IO-APIC-level");
		ck_assert_str_eq(st.owner, "INTx gsi 11");
		irq_handler_names((u8)va, names, sizeof(names));
		ck_assert_str_eq(names, "e1000 00:03.0, e1000 00:04.0");
	}

	/* The first device leaves: the line stays up for the second. */
	free_irq((u8)va, &ca);
	pci_free_irq_vectors(a);
	ck_assert(irq_vector_owned((u8)vb));
	ck_assert(!stub_hw.gsi[11].masked);
	ck_assert(fake_get16(fa, PCI_COMMAND) & PCI_COMMAND_INTX_DISABLE);
	free_irq((u8)vb, &cb);
	pci_free_irq_vectors(b);
	ck_assert(!irq_vector_owned((u8)vb));
	ck_assert(stub_hw.gsi[11].masked);
}
END_TEST

START_TEST(intx_madt_overrides)
{
	struct fake_fn *f1 = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct fake_fn *f2 = fake_add(0, 4, 0, 0x8086, 0x100e, 0x020000, 0);
	struct fake_fn *f3 = fake_add(0, 5, 0, 0x8086, 0x100e, 0x020000, 0);
	struct fake_fn *f4 = fake_add(0, 6, 0, 0x8086, 0x100e, 0x020000, 0);

	/* QEMU style: IRQ 10 is level, active high. */
	stub_hw.isa_override[10].present = true;
	stub_hw.isa_override[10].gsi = 10;
	stub_hw.isa_override[10].level = true;
	stub_hw.isa_override[10].active_low = false;
	/* IRQ 9 is moved to GSI 20, level, low. */
	stub_hw.isa_override[9] = (typeof(stub_hw.isa_override[9])){ true, 20, true, true };
	/* An edge override says nothing about PCI: level/low is used. */
	stub_hw.isa_override[5] = (typeof(stub_hw.isa_override[5])){ true, 5, false, false };
	fake_intx(f1, 1, 10);
	fake_intx(f2, 2, 9);
	fake_intx(f3, 1, 5);
	fake_intx(f4, 4, 19); /* firmware wrote an APIC-mode GSI */
	pci_scan_root(0, 0, 255);
	for (u8 dev = 3; dev <= 6; dev++)
		ck_assert_int_eq(pci_alloc_irq_vectors(pci_find_bdf(0, 0, PCI_DEVFN(dev, 0)), 1, 1,
						       PCI_IRQ_INTX),
				 1);
	ck_assert(stub_hw.gsi[10].routed && stub_hw.gsi[10].level && !stub_hw.gsi[10].active_low);
	ck_assert(stub_hw.gsi[20].routed && stub_hw.gsi[20].level && stub_hw.gsi[20].active_low);
	ck_assert(!stub_hw.gsi[9].routed);
	ck_assert(stub_hw.gsi[5].routed && stub_hw.gsi[5].level && stub_hw.gsi[5].active_low);
	ck_assert(stub_hw.gsi[19].routed && stub_hw.gsi[19].level && stub_hw.gsi[19].active_low);
	ck_assert_uint_eq(pci_find_bdf(0, 0, PCI_DEVFN(4, 0))->intx_gsi, 20);
	ck_assert(log_contains("00:06.0 [0200] 8086:100e - irq INTx pin D line 19 gsi 19"));
}
END_TEST

START_TEST(intx_unroutable_means_polling)
{
	struct fake_fn *f1 = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct fake_fn *f2 = fake_add(0, 4, 0, 0x8086, 0x100e, 0x020000, 0);
	struct fake_fn *f3 = fake_add(0, 5, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;

	fake_intx(f1, 1, 0xFF);
	fake_intx(f2, 0, 0);
	fake_intx(f3, 2, 11);
	pci_scan_root(0, 0, 255);

	p = pci_find_bdf(0, 0, PCI_DEVFN(3, 0));
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, PCI_IRQ_ALL_TYPES), 0);
	ck_assert(pci_irq_polling(p));
	ck_assert_int_eq(pci_irq_vector(p, 0), -EINVAL);
	ck_assert(log_contains("00:03.0: INTx pin A has no interrupt line from firmware"));
	ck_assert(log_contains("and no ACPI _PRT answer"));
	ck_assert(log_contains("timer-driven polling"));
	ck_assert(log_contains("00:03.0 [0200] 8086:100e - irq polled (INTx pin A line unset "
			       "not routable)"));

	p = pci_find_bdf(0, 0, PCI_DEVFN(4, 0));
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, PCI_IRQ_ALL_TYPES), 0);
	ck_assert(pci_irq_polling(p));
	ck_assert(log_contains("00:04.0: no MSI/MSI-X usable and no INTx pin"));

	stub_hw.route_error = -22;
	p = pci_find_bdf(0, 0, PCI_DEVFN(5, 0));
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, PCI_IRQ_INTX), 0);
	ck_assert(pci_irq_polling(p));
	ck_assert(log_contains("IOAPIC cannot route gsi 11"));
	ck_assert(log_contains("00:05.0: INTx pin B line 11 could not be routed"));
	/* The vector it tried was given back. */
	for (int v = IRQ_VECTOR_FIRST; v <= IRQ_VECTOR_LAST; v++)
		ck_assert(!irq_vector_owned((u8)v));
	/* Polling is left with pci_free_irq_vectors like any mode. */
	pci_free_irq_vectors(p);
	ck_assert(!pci_irq_polling(p));
}
END_TEST

START_TEST(msi_only_flags_never_poll)
{
	struct fake_fn *f = fake_add(0, 3, 0, 0x8086, 0x100e, 0x020000, 0);
	struct pci_dev *p;

	fake_intx(f, 1, 0xFF);
	p = enumerate(f);
	ck_assert_int_eq(pci_alloc_irq_vectors(p, 1, 1, PCI_IRQ_MSI | PCI_IRQ_MSIX), -ENODEV);
	ck_assert(!pci_irq_polling(p));
}
END_TEST

static Suite *msi_suite(void)
{
	Suite *s = suite_create("msi");
	TCase *msi = tcase_create("msi");
	TCase *msix = tcase_create("msix");
	TCase *intx = tcase_create("intx");

	tcase_add_checked_fixture(msi, setup, teardown);
	tcase_add_test(msi, msi_32bit_single);
	tcase_add_test(msi, msi_64bit_multi_with_masking);
	tcase_add_test(msi, msi_count_rounds_down_to_power_of_two);
	tcase_add_test(msi, msi_reserved_count_field);
	suite_add_tcase(s, msi);

	tcase_add_checked_fixture(msix, setup, teardown);
	tcase_add_test(msix, msix_programs_table);
	tcase_add_test(msix, msix_table_in_bad_bar_falls_back_to_msi);
	tcase_add_test(msix, msix_bad_locations);
	tcase_add_test(msix, msix_unassigned_bar);
	tcase_add_test(msix, msix_vector_shortage);
	tcase_add_test(msix, msi_and_msix_refused_when_cpu_unreachable);
	tcase_add_test(msix, policy_order_follows_flags);
	suite_add_tcase(s, msix);

	tcase_add_checked_fixture(intx, setup, teardown);
	tcase_add_test(intx, intx_shared_line_right_handler);
	tcase_add_test(intx, intx_madt_overrides);
	tcase_add_test(intx, intx_unroutable_means_polling);
	tcase_add_test(intx, msi_only_flags_never_poll);
	suite_add_tcase(s, intx);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(msi_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
