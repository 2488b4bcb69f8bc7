/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A fake PCI configuration space for host tests: a handful of functions, each
 * with 4 KiB of config bytes, a per-byte write mask, and BARs that behave like
 * hardware (address bits below the size read back as zero, type bits are
 * read-only). Fixtures are built with the helpers below; the ops plug into
 * pci_cfg_set_ops() (or serve as the "legacy" mechanism behind ECAM).
 */
#ifndef NAPKIN_TESTS_PCI_FAKE_H
#define NAPKIN_TESTS_PCI_FAKE_H

#include "kernel/core/compiler.h"
#include "kernel/pci/pci_cfg.h"

#define FAKE_MAX_FNS 80

struct fake_fn {
	bool present;
	u16 seg;
	u8 bus, devfn;
	u8 cfg[4096];
	u8 wmask[4096];
	u64 bar_size[6]; /* 0: BAR not implemented */
	bool bar_stuck_ones[6];
	u8 cap_cursor; /* next free offset for fake_add_cap */
	u8 last_cap;   /* offset of the last capability linked */
	u16 ext_cursor, last_ext;
	/* BAR writes seen while memory or I/O decode was on: must stay 0. */
	unsigned int bar_writes_decoding;
	unsigned int bar_writes;
};

/* Whether the fake answers offsets 256..4095 (as if reached through ECAM). */
extern bool fake_ext_enabled;
extern unsigned int fake_reads, fake_writes;
/* Called after every config write the fake accepts (tests check ordering rules). */
extern void (*fake_write_hook)(struct fake_fn *f, u16 off, unsigned int size, u32 val);
extern const struct pci_cfg_ops fake_ops;
/* Same space, but offsets >= 256 unreachable: plays ports 0xCF8/0xCFC. */
extern const struct pci_cfg_ops fake_legacy_ops;

void fake_reset(void);
struct fake_fn *fake_find(u16 seg, u8 bus, u8 devfn);
/* A function with ids, class (24-bit) and header type (with bit 7 = multifunction). */
struct fake_fn *fake_add(u8 bus, u8 dev, u8 fn, u16 vendor, u16 device, u32 class, u8 hdr);

void fake_set8(struct fake_fn *f, u16 off, u8 v);
void fake_set16(struct fake_fn *f, u16 off, u16 v);
void fake_set32(struct fake_fn *f, u16 off, u32 v);
u8 fake_get8(const struct fake_fn *f, u16 off);
u16 fake_get16(const struct fake_fn *f, u16 off);
u32 fake_get32(const struct fake_fn *f, u16 off);
void fake_writable(struct fake_fn *f, u16 off, unsigned int len, u8 mask);

void fake_bar_mem32(struct fake_fn *f, unsigned int idx, u32 base, u32 size, bool prefetch);
void fake_bar_mem64(struct fake_fn *f, unsigned int idx, u64 base, u64 size, bool prefetch);
void fake_bar_io(struct fake_fn *f, unsigned int idx, u32 base, u32 size);
/* A raw BAR: the value it holds and the read-only low bits it keeps. */
void fake_bar_raw(struct fake_fn *f, unsigned int idx, u32 value, u64 size);

/* Append a capability of `len` bytes (writable after the header); returns its offset. */
u8 fake_add_cap(struct fake_fn *f, u8 id, u8 len);
u16 fake_add_ext_cap(struct fake_fn *f, u16 id, u16 len);
void fake_bridge(struct fake_fn *f, u8 primary, u8 secondary, u8 subordinate);
void fake_intx(struct fake_fn *f, u8 pin, u8 line);

#endif
