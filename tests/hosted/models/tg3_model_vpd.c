// SPDX-License-Identifier: BSD-2-Clause
/*
 * The PCI Vital Product Data capability (PCI Local Bus 3.0, section 6.4 and
 * appendix I): a 15-bit byte address and a flag in the word after the
 * capability header, four data bytes after that. A driver writes the
 * address with the flag clear; the chip fetches the four bytes from its
 * NVRAM and sets the flag when the data register holds them. Linux's PCI
 * core (pci_vpd_read, pci_vpd_wait) and tg3 (tg3_read_vpd: the part number)
 * read it this way at probe.
 *
 * The model's VPD is the one a board's NVRAM would hold: an identifier
 * string, a read-only section with the part number and the checksum
 * keyword ("RV": the bytes from the start through it sum to zero), and the
 * end tag; past it, erased flash (all ones). Reads complete after
 * TM_VPD_NS. Strict like the rest: a new address while a read is still
 * under way, VPD writes (the flag set: the model's NVRAM is read-only) and
 * accesses of the wrong width are violations.
 */
#include <string.h>

#include "tests/hosted/hosted_pci.h"
#include "tests/hosted/models/tg3_model_internal.h"

#define VPD_ADDR_OFF  2 /* from the capability: address (14:0) and flag (15), 16 bits */
#define VPD_DATA_OFF  4 /* the four data bytes, 32 bits */
#define VPD_CAP_LEN   8
#define VPD_FLAG      0x8000u
#define VPD_ADDR_MASK 0x7FFFu

#define VPD_TAG_ID_STRING 0x82 /* large resource: identifier string */
#define VPD_TAG_READ_ONLY 0x90 /* large resource: VPD-R */
#define VPD_TAG_END	  0x78 /* small resource: end */

static const char vpd_name[] = "Broadcom NetXtreme Gigabit Ethernet (napkin model)";

/* Build the image once per model: identifier, VPD-R (PN, RV), end. */
static unsigned int vpd_build(u8 *img, unsigned int max, const char *part)
{
	size_t part_len = strlen(part);
	unsigned int n = 0, ro_len_at, ro_start;
	u8 sum = 0;

	memset(img, 0xFF, max);
	img[n++] = VPD_TAG_ID_STRING;
	img[n++] = (u8)(sizeof(vpd_name) - 1);
	img[n++] = 0;
	memcpy(img + n, vpd_name, sizeof(vpd_name) - 1);
	n += sizeof(vpd_name) - 1;
	img[n++] = VPD_TAG_READ_ONLY;
	ro_len_at = n;
	n += 2;
	ro_start = n;
	img[n++] = 'P';
	img[n++] = 'N';
	img[n++] = (u8)part_len;
	memcpy(img + n, part, part_len);
	n += part_len;
	img[n++] = 'R';
	img[n++] = 'V';
	img[n++] = 1;
	/* The section's length counts the checksum byte; the sum covers the length too. */
	img[ro_len_at] = (u8)(n + 1 - ro_start);
	img[ro_len_at + 1] = (u8)((n + 1 - ro_start) >> 8);
	for (unsigned int i = 0; i < n; i++)
		sum += img[i];
	img[n++] = (u8)-sum; /* the checksum byte: everything up to here sums to 0 */
	img[n++] = VPD_TAG_END;
	return n;
}

void tm_vpd_init(struct tg3_model *m, u8 cap)
{
	m->vpd_cap = cap;
	/* A board's part number: the reference designs' names for the two chips. */
	m->vpd_len = vpd_build(m->vpd_image, sizeof(m->vpd_image),
			       m->var->device_id == BGEM_DEVICE_5784 ? "BCM95784M" : "BCM95719");
	tm_vpd_reset(m);
}

void tm_vpd_reset(struct tg3_model *m)
{
	m->vpd_addr = 0;
	m->vpd_data = 0;
	m->vpd_done_at = 0;
}

/* A read under way finishes by itself once its time has come. */
static void vpd_settle(struct tg3_model *m)
{
	u16 a;

	if (!m->vpd_done_at || hosted_now() < m->vpd_done_at)
		return;
	m->vpd_done_at = 0;
	a = m->vpd_addr & VPD_ADDR_MASK;
	m->vpd_data = 0;
	for (unsigned int i = 0; i < 4; i++) {
		u32 at = (u32)a + i;
		u8 b = at < m->vpd_len ? m->vpd_image[at] : 0xFF;

		m->vpd_data |= (u32)b << (8 * i);
	}
	m->vpd_addr |= VPD_FLAG;
}

static bool in_vpd(const struct tg3_model *m, u16 off, unsigned int size)
{
	return m->vpd_cap && off + size > (unsigned int)m->vpd_cap + VPD_ADDR_OFF &&
	       off < m->vpd_cap + VPD_CAP_LEN;
}

bool tm_vpd_cfg_read(struct tg3_model *m, u16 off, unsigned int size, u32 *val)
{
	u8 img[VPD_CAP_LEN];
	u16 rel;

	if (!in_vpd(m, off, size))
		return false;
	vpd_settle(m);
	for (unsigned int i = 0; i < VPD_ADDR_OFF; i++)
		img[i] = (u8)hosted_pci_cfg_get(m->pci, (u16)(m->vpd_cap + i), 1);
	img[VPD_ADDR_OFF] = (u8)m->vpd_addr;
	img[VPD_ADDR_OFF + 1] = (u8)(m->vpd_addr >> 8);
	for (unsigned int i = 0; i < 4; i++)
		img[VPD_DATA_OFF + i] = (u8)(m->vpd_data >> (8 * i));
	rel = (u16)(off - m->vpd_cap);
	*val = 0;
	for (unsigned int i = 0; i < size; i++) {
		unsigned int at = rel + i;
		u8 b =
		    at < VPD_CAP_LEN ? img[at] : (u8)hosted_pci_cfg_get(m->pci, (u16)(off + i), 1);

		*val |= (u32)b << (8 * i);
	}
	return true;
}

bool tm_vpd_cfg_write(struct tg3_model *m, u16 off, unsigned int size, u32 val)
{
	if (!in_vpd(m, off, size))
		return false;
	vpd_settle(m);
	if (off == m->vpd_cap + VPD_DATA_OFF && size == 4) {
		/* Only a VPD write uses the data register first; the model's is read-only. */
		m->vpd_data = val;
		return true;
	}
	if (off != m->vpd_cap + VPD_ADDR_OFF || size != 2) {
		tm_violation(m,
			     "%u-byte config write at 0x%02x in the VPD capability: the address "
			     "takes 16-bit writes at cap+2, the data 32-bit at cap+4",
			     size, off);
		return true;
	}
	if (m->vpd_done_at) {
		tm_violation(m,
			     "VPD address 0x%04x written while the read of 0x%04x is still under "
			     "way (its flag not yet set)",
			     val, m->vpd_addr & VPD_ADDR_MASK);
		return true;
	}
	if (val & 3) {
		tm_violation(m, "VPD address 0x%04x is not dword-aligned", val & VPD_ADDR_MASK);
		return true;
	}
	if (val & VPD_FLAG) {
		tm_violation(m, "VPD write to 0x%04x: the model's NVRAM is read-only",
			     val & VPD_ADDR_MASK);
		return true;
	}
	m->vpd_addr = (u16)(val & VPD_ADDR_MASK);
	m->vpd_done_at = hosted_now() + TM_VPD_NS;
	return true;
}
