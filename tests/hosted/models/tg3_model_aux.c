// SPDX-License-Identifier: BSD-2-Clause
/*
 * The parts of the BCM57xx a driver meets at probe, beside the data path:
 * the NVRAM interface with its software arbitration (shared with the
 * bootcode and the management processor), and the APE's lock registers
 * and shared memory behind BAR2 (5717 family).
 *
 * NVRAM: the board carries an ST M25PE20 (256 KiB SPI flash; the vendor
 * strap in NVRAM_CFG1 says so) that reads as erased (all ones): the
 * station address comes from the bootcode's mailbox in NIC memory, which
 * is where Linux tg3 looks first (tg3_get_device_address). A command
 * without the arbitration grant, or with the access enable off, is a
 * violation: on the chip it collides with the bootcode or the APE.
 *
 * APE: no management firmware runs (the shared memory signature reads 0,
 * so a driver sends it no events); the per-lock request/grant registers
 * work as on the chip, granting a free lock at once. Sources: Linux tg3.h
 * (TG3_APE_*, NVRAM_*, SWARB_*) and tg3.c (tg3_ape_lock, tg3_nvram_lock,
 * tg3_nvram_exec_cmd, tg3_get_5717_nvram_info).
 */
#include "tests/hosted/models/tg3_model_internal.h"

/* ---- NVRAM ---- */

static void nvram_command(struct tg3_model *m, u32 cmd)
{
	u32 addr = tm_reg(m, BGEM_NVRAM_ADDR) & BGEM_NVRAM_ADDR_MASK;

	if (!(cmd & BGEM_NVCMD_GO))
		return;
	if (!(m->nv_swarb & BGEM_SWARB_GNT(BGEM_SWARB_DRIVER)))
		tm_violation(m,
			     "NVRAM command 0x%08x without the driver's arbitration grant "
			     "(SWARB request 1): it collides with the bootcode",
			     cmd);
	if (!(tm_reg(m, BGEM_NVRAM_ACCESS) & BGEM_NVACC_ENABLE))
		tm_violation(m, "NVRAM command 0x%08x with NVRAM_ACCESS enable off", cmd);
	if (cmd & (BGEM_NVCMD_WR | BGEM_NVCMD_ERASE))
		tm_violation(m, "NVRAM write/erase command 0x%08x: the model's flash is read-only",
			     cmd);
	else if (addr & 3)
		tm_violation(m, "NVRAM read at 0x%06x, not dword aligned", addr);
	else if (addr >= BGEM_NVRAM_SIZE)
		tm_violation(m, "NVRAM read at 0x%06x, past the %u KiB part", addr,
			     BGEM_NVRAM_SIZE / 1024);
	/* The part is erased. */
	tm_reg_set(m, BGEM_NVRAM_RDDATA, 0xFFFFFFFFu);
	tm_reg_set(m, BGEM_NVRAM_CMD, BGEM_NVCMD_DONE);
}

static void swarb_write(struct tg3_model *m, u32 val)
{
	for (unsigned int i = 0; i < 4; i++) {
		if (val & BGEM_SWARB_CLR(i))
			m->nv_swarb &= ~(BGEM_SWARB_GNT(i) | BGEM_SWARB_REQ(i));
		/* Nobody else holds the interface: a request is granted at once. */
		if (val & BGEM_SWARB_SET(i))
			m->nv_swarb |= BGEM_SWARB_GNT(i) | BGEM_SWARB_REQ(i);
	}
}

bool tm_nvram_write(struct tg3_model *m, u32 off, u32 val)
{
	switch (off) {
	case BGEM_NVRAM_SWARB: swarb_write(m, val); return true;
	case BGEM_NVRAM_CMD: nvram_command(m, val); return true;
	case BGEM_NVRAM_ADDR:
	case BGEM_NVRAM_ACCESS:
	case BGEM_NVRAM_CFG1:
	case BGEM_NVRAM_WRDATA: tm_reg_set(m, off, val); return true;
	default: return false;
	}
}

bool tm_nvram_read(struct tg3_model *m, u32 off, u32 *val)
{
	switch (off) {
	case BGEM_NVRAM_SWARB: *val = m->nv_swarb; return true;
	case BGEM_NVRAM_CMD:
	case BGEM_NVRAM_STAT:
	case BGEM_NVRAM_ADDR:
	case BGEM_NVRAM_RDDATA:
	case BGEM_NVRAM_ACCESS:
	case BGEM_NVRAM_CFG1:
	case BGEM_NVRAM_CFG2:
	case BGEM_NVRAM_CFG3:
	case BGEM_NVRAM_WRDATA: *val = tm_reg(m, off); return true;
	default: return false;
	}
}

void tm_nvram_reset(struct tg3_model *m)
{
	tm_reg_set(m, BGEM_NVRAM_CFG1, BGEM_NVCFG1_ST_M25PE20 | BGEM_NVCFG1_FLASH_IF);
	/* The arbitration survives a core reset: it is the bootcode's too. */
}

/* ---- APE (BAR2) ---- */

static bool ape_lock_reg(u32 off, u32 base, unsigned int *lock)
{
	if (off < base || off >= base + 4 * BGEM_APE_LOCKS)
		return false;
	*lock = (off - base) / 4;
	return true;
}

static bool ape_shmem(u32 off)
{
	return off >= BGEM_APE_SHMEM && off < BGEM_APE_SHMEM + BGEM_APE_SHMEM_SIZE;
}

u32 tm_ape_read(struct tg3_model *m, u32 off)
{
	unsigned int lock;

	if (ape_lock_reg(off, BGEM_APE_LOCK_GRANT, &lock))
		return m->ape_grant[lock];
	if (ape_lock_reg(off, BGEM_APE_LOCK_REQ, &lock))
		return 0; /* granted at once: nothing left pending */
	if (off == BGEM_APE_GPIO_MSG)
		return m->ape_gpio_msg;
	if (ape_shmem(off))
		return m->ape_shmem[(off - BGEM_APE_SHMEM) / 4];
	tm_violation(m, "read of APE register 0x%04x, which the model does not know", off);
	return 0;
}

void tm_ape_write(struct tg3_model *m, u32 off, u32 val)
{
	unsigned int lock;

	if (ape_lock_reg(off, BGEM_APE_LOCK_REQ, &lock)) {
		if (!val || (val & (val - 1)))
			tm_violation(m, "APE lock %u request 0x%08x: one requester bit at a time",
				     lock, val);
		else if (!m->ape_grant[lock])
			m->ape_grant[lock] = val;
		return;
	}
	if (ape_lock_reg(off, BGEM_APE_LOCK_GRANT, &lock)) {
		/* Writing the holder's bit releases the lock (or withdraws a request). */
		if (m->ape_grant[lock] == val)
			m->ape_grant[lock] = 0;
		return;
	}
	if (off == BGEM_APE_GPIO_MSG) {
		m->ape_gpio_msg = val;
		return;
	}
	if (off >= BGEM_APE_HOST_SEG && ape_shmem(off)) {
		m->ape_shmem[(off - BGEM_APE_SHMEM) / 4] = val;
		return;
	}
	tm_violation(m,
		     "write 0x%08x to APE register 0x%04x, which the model does not know "
		     "(or the APE firmware owns)",
		     val, off);
}
