// SPDX-License-Identifier: BSD-2-Clause
/* ACPI test fixtures; see acpi_fixture.h. */
#include <stdlib.h>
#include <string.h>

#include "tests/unit/fakes/acpi_fixture.h"

#define MAX_REGIONS 128

struct region {
	u64 phys;
	size_t len;
	u8 *buf;
};

static struct region regions[MAX_REGIONS];
static size_t nr_regions;
static void **copies;
static size_t nr_copies, cap_copies;
static unsigned int refused, maps;

void fx_reset(void)
{
	for (size_t i = 0; i < nr_regions; i++)
		free(regions[i].buf);
	for (size_t i = 0; i < nr_copies; i++)
		free(copies[i]);
	free(copies);
	copies = NULL;
	nr_copies = cap_copies = 0;
	nr_regions = 0;
	refused = maps = 0;
}

u8 *fx_region(u64 phys, size_t len)
{
	struct region *r;

	if (nr_regions == MAX_REGIONS)
		abort();
	r = &regions[nr_regions++];
	r->phys = phys;
	r->len = len;
	r->buf = calloc(1, len ? len : 1);
	return r->buf;
}

const void *fx_map(u64 phys, size_t len)
{
	maps++;
	/* The newest region wins, so a test can shadow an older one. */
	for (size_t i = nr_regions; i-- > 0;) {
		struct region *r = &regions[i];
		void *copy;

		if (phys < r->phys || phys - r->phys > r->len || len > r->len - (phys - r->phys))
			continue;
		copy = malloc(len);
		memcpy(copy, r->buf + (phys - r->phys), len);
		if (nr_copies == cap_copies) {
			cap_copies = cap_copies ? cap_copies * 2 : 64;
			copies = realloc(copies, cap_copies * sizeof(*copies));
		}
		copies[nr_copies++] = copy;
		return copy;
	}
	refused++;
	return NULL;
}

unsigned int fx_refused(void)
{
	return refused;
}

unsigned int fx_maps(void)
{
	return maps;
}

void fx_bytes(struct fx_buf *f, const void *p, size_t n)
{
	if (f->len + n > sizeof(f->b))
		abort();
	memcpy(f->b + f->len, p, n);
	f->len += n;
}

void fx_u8(struct fx_buf *f, u8 v)
{
	fx_bytes(f, &v, 1);
}

void fx_u16(struct fx_buf *f, u16 v)
{
	fx_bytes(f, &v, 2);
}

void fx_u32(struct fx_buf *f, u32 v)
{
	fx_bytes(f, &v, 4);
}

void fx_u64(struct fx_buf *f, u64 v)
{
	fx_bytes(f, &v, 8);
}

static u8 sum(const u8 *p, size_t len)
{
	u8 s = 0;

	while (len--)
		s += *p++;
	return s;
}

void fx_fix_checksum(u8 *table, size_t len)
{
	table[9] = 0;
	table[9] = (u8)(0 - sum(table, len));
}

u8 *fx_table(u64 phys, const char *sig, u8 revision, const void *body, size_t body_len)
{
	u32 len = (u32)(36 + body_len);
	u8 *t = fx_region(phys, len);

	memcpy(t, sig, 4);
	memcpy(t + 4, &len, 4);
	t[8] = revision;
	memcpy(t + 10, "NAPKIN", 6);
	memcpy(t + 16, "FIXTURE ", 8);
	memcpy(t + 28, "TEST", 4);
	if (body_len)
		memcpy(t + 36, body, body_len);
	fx_fix_checksum(t, len);
	return t;
}

u8 *fx_root(u64 phys, bool xsdt, const u64 *tables, size_t n)
{
	struct fx_buf body = { .len = 0 };

	for (size_t i = 0; i < n; i++) {
		if (xsdt)
			fx_u64(&body, tables[i]);
		else
			fx_u32(&body, (u32)tables[i]);
	}
	return fx_table(phys, xsdt ? "XSDT" : "RSDT", 1, body.b, body.len);
}

size_t fx_rsdp(u8 *dst, u8 revision, u32 rsdt, u64 xsdt)
{
	u32 len = 36;

	memset(dst, 0, revision >= 2 ? 36 : 20);
	memcpy(dst, "RSD PTR ", 8);
	memcpy(dst + 9, "NAPKIN", 6);
	dst[15] = revision;
	memcpy(dst + 16, &rsdt, 4);
	dst[8] = (u8)(0 - sum(dst, 20));
	if (revision < 2)
		return 20;
	memcpy(dst + 20, &len, 4);
	memcpy(dst + 24, &xsdt, 8);
	dst[32] = (u8)(0 - sum(dst, 36));
	return 36;
}
