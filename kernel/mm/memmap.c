// SPDX-License-Identifier: BSD-2-Clause
/*
 * Memory map decoding and normalisation. Loader maps come from firmware and
 * are often unsorted, overlapping or padded with odd entries; everything here
 * reads them with memcpy (entries need not be aligned) and bounds-checks
 * every entry before touching it.
 */
#define pr_fmt(fmt) "memmap: " fmt

#include <stdio.h>
#include <string.h>

#include "kernel/mm/memmap.h"
#include "kernel/console/printk.h"

/* Multiboot1 entry after its size field, and Multiboot2 entry: same first 20 bytes. */
#define MMAP_ENTRY_FIELDS  20u
#define MB2_TAG_MMAP	   6u
#define MB2_MMAP_HEAD	   16u
#define MB2_MMAP_MIN_ENTRY 24u

/* How strongly a type claims a byte when ranges overlap. */
static int type_rank(u32 type)
{
	switch (type) {
	case MEM_USABLE: return 0;
	case MEM_ACPI_RECLAIM: return 1;
	case MEM_ACPI_NVS: return 3;
	case MEM_BAD: return 4;
	default: return 2;
	}
}

static u32 known_type(u32 type)
{
	return type >= MEM_USABLE && type <= MEM_BAD ? type : MEM_RESERVED;
}

static u64 region_end(const struct mem_region *r)
{
	return r->size > UINT64_MAX - r->base ? UINT64_MAX : r->base + r->size;
}

struct normalizer {
	struct mem_region *out;
	size_t max, count, dropped;
	bool have_run;
	u64 run_base, run_end;
	u32 run_type;
};

static void flush_run(struct normalizer *nz)
{
	u64 base = nz->run_base, end = nz->run_end;

	if (!nz->have_run)
		return;
	nz->have_run = false;
	if (nz->run_type == MEM_USABLE) {
		/* A partial page is not usable: some of it belongs to someone else. */
		if (base > UINT64_MAX - (MEMMAP_PAGE_SIZE - 1))
			return;
		base = ALIGN_UP(base, MEMMAP_PAGE_SIZE);
		end = ALIGN_DOWN(end, MEMMAP_PAGE_SIZE);
		if (end <= base)
			return;
	}
	if (nz->count == nz->max) {
		if (!nz->dropped++)
			pr_warn(
			    "more than %zu ranges after merging: dropping %#llx-%#llx %s and up\n",
			    nz->max, (unsigned long long)base, (unsigned long long)end - 1,
			    memmap_type_name(nz->run_type));
		return;
	}
	nz->out[nz->count++] = (struct mem_region){ base, end - base, nz->run_type };
}

static void add_piece(struct normalizer *nz, u64 base, u64 end, u32 type)
{
	if (nz->have_run && nz->run_type == type && nz->run_end == base) {
		nz->run_end = end;
		return;
	}
	flush_run(nz);
	nz->have_run = true;
	nz->run_base = base;
	nz->run_end = end;
	nz->run_type = type;
}

size_t memmap_normalize(const struct mem_region *in, size_t n, struct mem_region *out, size_t max)
{
	struct normalizer nz = { .out = out, .max = max };
	bool started = false;
	u64 pos = 0;

	for (size_t i = 0; i < n; i++) {
		if (in[i].size > UINT64_MAX - in[i].base)
			pr_warn("range %#llx+%#llx wraps past 2^64: clamped\n",
				(unsigned long long)in[i].base, (unsigned long long)in[i].size);
	}
	/* Start at the lowest base of any non-empty range. */
	for (size_t i = 0; i < n; i++) {
		if (region_end(&in[i]) > in[i].base && (!started || in[i].base < pos)) {
			pos = in[i].base;
			started = true;
		}
	}
	/*
	 * Walk the boundaries in increasing order. Between two consecutive
	 * boundaries the set of covering ranges is constant, so one type wins
	 * the whole piece.
	 */
	while (started) {
		bool covered = false, more = false;
		int best_rank = -1;
		u32 best_type = 0;
		u64 next = UINT64_MAX;

		for (size_t i = 0; i < n; i++) {
			u64 base = in[i].base, end = region_end(&in[i]);

			if (end <= base)
				continue;
			if (base <= pos && pos < end && type_rank(in[i].type) > best_rank) {
				best_rank = type_rank(in[i].type);
				best_type = known_type(in[i].type);
				covered = true;
			}
			if (base > pos && base <= next) {
				next = base;
				more = true;
			}
			if (end > pos && end <= next) {
				next = end;
				more = true;
			}
		}
		if (!more)
			break;
		if (covered)
			add_piece(&nz, pos, next, best_type);
		pos = next;
	}
	flush_run(&nz);
	if (nz.dropped > 1)
		pr_warn("%zu ranges dropped in all\n", nz.dropped);
	return nz.count;
}

/* Appends one decoded entry; false when out is full (warned once). */
static bool put_entry(struct mem_region *out, size_t max, size_t *count, u64 base, u64 len,
		      u32 type, const char *who)
{
	if (*count == max) {
		pr_warn("%s map has more than %zu entries: ignoring the rest\n", who, max);
		return false;
	}
	if (known_type(type) != type)
		pr_debug("%s entry %#llx+%#llx has unknown type %u: treated as reserved\n", who,
			 (unsigned long long)base, (unsigned long long)len, type);
	out[(*count)++] = (struct mem_region){ base, len, known_type(type) };
	return true;
}

/* Reads the 20 bytes base, length, type shared by both Multiboot formats. */
static void read_entry(const u8 *p, u64 *base, u64 *len, u32 *type)
{
	memcpy(base, p, 8);
	memcpy(len, p + 8, 8);
	memcpy(type, p + 16, 4);
}

size_t memmap_from_mb1(const void *mmap, u32 length, struct mem_region *out, size_t max)
{
	const u8 *p = mmap;
	size_t count = 0;
	u32 off = 0;

	if (!mmap && length) {
		pr_warn("multiboot1 map: NULL address with length %u\n", length);
		return 0;
	}
	while (off < length) {
		u32 esize;
		u64 base, len;
		u32 type;

		if (length - off < 4) {
			pr_warn("multiboot1 map: %u stray bytes at offset %u ignored\n",
				length - off, off);
			break;
		}
		memcpy(&esize, p + off, 4);
		if (esize < MMAP_ENTRY_FIELDS) {
			pr_warn("multiboot1 map: entry at offset %u has size %u (< %u): stopping\n",
				off, esize, MMAP_ENTRY_FIELDS);
			break;
		}
		if (esize > length - off - 4) {
			pr_warn(
			    "multiboot1 map: entry at offset %u (size %u) runs past the map's %u bytes: stopping\n",
			    off, esize, length);
			break;
		}
		read_entry(p + off + 4, &base, &len, &type);
		if (!put_entry(out, max, &count, base, len, type, "multiboot1"))
			break;
		off += 4 + esize;
	}
	return count;
}

size_t memmap_from_mb2_tag_within(const void *tag, size_t avail, struct mem_region *out, size_t max)
{
	const u8 *p = tag;
	u32 type, size, entry_size, version;
	size_t count = 0;

	if (!tag || avail < 8) {
		pr_warn("multiboot2 map: no tag\n");
		return 0;
	}
	memcpy(&type, p, 4);
	memcpy(&size, p + 4, 4);
	if (type != MB2_TAG_MMAP) {
		pr_warn("multiboot2 map: tag type %u is not a memory map (%u)\n", type,
			MB2_TAG_MMAP);
		return 0;
	}
	if (size > avail) {
		pr_warn("multiboot2 map: tag claims %u bytes but only %zu are there: using those\n",
			size, avail);
		size = (u32)avail;
	}
	if (size < MB2_MMAP_HEAD) {
		pr_warn("multiboot2 map: tag size %u is below its %u-byte header\n", size,
			MB2_MMAP_HEAD);
		return 0;
	}
	memcpy(&entry_size, p + 8, 4);
	memcpy(&version, p + 12, 4);
	if (entry_size < MB2_MMAP_MIN_ENTRY || entry_size % 8) {
		pr_warn("multiboot2 map: entry size %u is not a multiple of 8 of at least %u\n",
			entry_size, MB2_MMAP_MIN_ENTRY);
		return 0;
	}
	if (version != 0)
		pr_warn("multiboot2 map: entry version %u, expected 0: reading the known fields\n",
			version);
	if ((size - MB2_MMAP_HEAD) % entry_size)
		pr_warn("multiboot2 map: %u stray bytes after the last whole entry ignored\n",
			(size - MB2_MMAP_HEAD) % entry_size);
	for (u32 off = MB2_MMAP_HEAD; size - off >= entry_size; off += entry_size) {
		u64 base, len;
		u32 etype;

		read_entry(p + off, &base, &len, &etype);
		if (!put_entry(out, max, &count, base, len, etype, "multiboot2"))
			break;
	}
	return count;
}

size_t memmap_from_mb2_tag(const void *tag, struct mem_region *out, size_t max)
{
	return memmap_from_mb2_tag_within(tag, SIZE_MAX, out, max);
}

size_t memmap_from_basic(u32 mem_lower_kb, u32 mem_upper_kb, struct mem_region *out, size_t max)
{
	size_t count = 0;

	if (mem_lower_kb && count < max)
		out[count++] = (struct mem_region){ 0, (u64)mem_lower_kb * 1024, MEM_USABLE };
	if (mem_upper_kb && count < max)
		out[count++] =
		    (struct mem_region){ 1ull << 20, (u64)mem_upper_kb * 1024, MEM_USABLE };
	return count;
}

/* Aligns v up; false when that would wrap. */
static bool align_up_checked(u64 v, u64 align, u64 *out)
{
	if (v > UINT64_MAX - (align - 1))
		return false;
	*out = ALIGN_UP(v, align);
	return true;
}

/* Lowest fit inside one usable range, or 0. */
static u64 fit_in_range(const struct mem_region *range, u64 size, u64 align, u64 min_addr,
			const struct mem_region *busy, size_t nbusy)
{
	u64 end = region_end(range), start;

	if (!align_up_checked(MAX(range->base, min_addr), align, &start))
		return 0;
	/* Each pass either succeeds or moves start past a busy range: it ends. */
	while (start < end && end - start >= size) {
		bool moved = false;

		for (size_t i = 0; i < nbusy; i++) {
			u64 b = busy[i].base, e = region_end(&busy[i]);

			if (busy[i].size && b < start + size && e > start) {
				if (!align_up_checked(e, align, &start))
					return 0;
				moved = true;
			}
		}
		if (!moved)
			return start;
	}
	return 0;
}

u64 memmap_find_free(const struct mem_region *r, size_t n, u64 size, u64 align, u64 min_addr,
		     const struct mem_region *busy, size_t nbusy)
{
	u64 best = 0;

	if (!size || !align || (align & (align - 1)))
		return 0;
	for (size_t i = 0; i < n; i++) {
		u64 at;

		if (r[i].type != MEM_USABLE)
			continue;
		at = fit_in_range(&r[i], size, align, MAX(min_addr, 1), busy, nbusy);
		if (at && (!best || at < best))
			best = at;
	}
	return best;
}

const char *memmap_type_name(u32 type)
{
	switch (type) {
	case MEM_USABLE: return "usable";
	case MEM_RESERVED: return "reserved";
	case MEM_ACPI_RECLAIM: return "ACPI data";
	case MEM_ACPI_NVS: return "ACPI NVS";
	case MEM_BAD: return "bad";
	default: return "unknown";
	}
}

u64 memmap_total(const struct mem_region *r, size_t n, u32 type)
{
	u64 sum = 0;

	for (size_t i = 0; i < n; i++) {
		if (r[i].type == type)
			sum += r[i].size;
	}
	return sum;
}

u64 memmap_highest_end(const struct mem_region *r, size_t n, u32 type)
{
	u64 end = 0;

	for (size_t i = 0; i < n; i++) {
		if (r[i].type == type && region_end(&r[i]) > end)
			end = region_end(&r[i]);
	}
	return end;
}

static void format_size(char *buf, size_t size, u64 bytes)
{
	if (bytes >= (1ull << 30) && !(bytes % (1ull << 30)))
		snprintf(buf, size, "%llu GiB", (unsigned long long)(bytes >> 30));
	else if (bytes >= (1ull << 20))
		snprintf(buf, size, "%llu MiB", (unsigned long long)(bytes >> 20));
	else if (bytes >= 1024)
		snprintf(buf, size, "%llu KiB", (unsigned long long)(bytes >> 10));
	else
		snprintf(buf, size, "%llu B", (unsigned long long)bytes);
}

void memmap_print(const struct mem_region *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char sz[24];

		format_size(sz, sizeof(sz), r[i].size);
		pr_info("0x%016llx-0x%016llx %-9s (%s)\n", (unsigned long long)r[i].base,
			(unsigned long long)(region_end(&r[i]) - (r[i].size ? 1 : 0)),
			memmap_type_name(r[i].type), sz);
	}
}
