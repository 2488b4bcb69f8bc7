// SPDX-License-Identifier: BSD-2-Clause
/*
 * Physical page allocator. Two bitmaps share the caller's buffer:
 *   busy:     1 = the page cannot be handed out (reserved or allocated)
 *   reserved: 1 = the page was never ours to hand out (not usable RAM,
 *             page 0, or pmm_reserve()), so freeing it is a bug
 * An allocated page is busy but not reserved; a free page is neither.
 */
#define pr_fmt(fmt) "pmm: " fmt

#include <string.h>

#include "kernel/mm/phys.h"
#include "kernel/mm/pmm.h"
#include "kernel/console/printk.h"

#define WORD_BITS 64u

#ifdef NAPKIN_HOSTED
uintptr_t phys_virt_offset;
#endif

static u64 *busy_map;
static u64 *reserved_map;
static u64 nr_pages;	    /* pages the bitmaps cover: a multiple of 64 */
static u64 first_free_hint; /* no free page below this index */
static struct pmm_stats stats;

/* No libgcc on bare metal, so no __builtin_popcountll. */
static unsigned int popcount64(u64 v)
{
	v = v - ((v >> 1) & 0x5555555555555555ull);
	v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
	v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (unsigned int)((v * 0x0101010101010101ull) >> 56);
}

/* Mask of the bits of word w that fall in page range [a, b). */
static u64 word_mask(u64 w, u64 a, u64 b)
{
	u64 lo = w * WORD_BITS, hi = lo + WORD_BITS;
	u64 from = a > lo ? a - lo : 0, to = b < hi ? b - lo : WORD_BITS;
	u64 mask = ~0ull << from;

	if (to < WORD_BITS)
		mask &= ~(~0ull << to);
	return mask;
}

static void map_set(u64 *map, u64 a, u64 b)
{
	for (u64 w = a / WORD_BITS; w * WORD_BITS < b; w++)
		map[w] |= word_mask(w, a, b);
}

static void map_clear(u64 *map, u64 a, u64 b)
{
	for (u64 w = a / WORD_BITS; w * WORD_BITS < b; w++)
		map[w] &= ~word_mask(w, a, b);
}

static bool map_any(const u64 *map, u64 a, u64 b)
{
	for (u64 w = a / WORD_BITS; w * WORD_BITS < b; w++) {
		if (map[w] & word_mask(w, a, b))
			return true;
	}
	return false;
}

/* First page in [from, to) whose busy bit equals want, or to. */
static u64 find_next(u64 from, u64 to, bool want)
{
	while (from < to) {
		u64 bits = want ? busy_map[from / WORD_BITS] : ~busy_map[from / WORD_BITS];

		bits &= ~0ull << (from % WORD_BITS);
		if (bits) {
			u64 page = from / WORD_BITS * WORD_BITS + (u64)__builtin_ctzll(bits);

			return page < to ? page : to;
		}
		from = (from / WORD_BITS + 1) * WORD_BITS;
	}
	return to;
}

/* Page range of [base, base + size) rounded outwards, clipped to the bitmap. */
static void outer_pages(u64 base, u64 size, u64 *first, u64 *last)
{
	u64 end = size > UINT64_MAX - base ? UINT64_MAX : base + size;

	*first = MIN(base >> PMM_PAGE_SHIFT, nr_pages);
	*last = MIN((end >> PMM_PAGE_SHIFT) + !!(end & (PMM_PAGE_SIZE - 1)), nr_pages);
}

size_t pmm_bitmap_bytes(u64 max_phys)
{
	u64 pages = (max_phys >> PMM_PAGE_SHIFT) + !!(max_phys & (PMM_PAGE_SIZE - 1));
	u64 words = pages / WORD_BITS + !!(pages % WORD_BITS);

	return (size_t)(words * 2 * sizeof(u64));
}

void pmm_init(const struct mem_region *regions, size_t n, void *bitmap, size_t bitmap_bytes)
{
	uintptr_t addr = (uintptr_t)bitmap, aligned = ALIGN_UP(addr, sizeof(u64));
	u64 words, ignored = 0, ignored_from = UINT64_MAX;

	memset(&stats, 0, sizeof(stats));
	first_free_hint = 0;
	if (bitmap_bytes < aligned - addr)
		bitmap_bytes = aligned - addr;
	words = (bitmap_bytes - (aligned - addr)) / (2 * sizeof(u64));
	nr_pages = words * WORD_BITS;
	busy_map = (u64 *)aligned;
	reserved_map = busy_map + words;
	if (!words) {
		pr_err("no room for a bitmap (%zu bytes at %p): no memory to hand out\n",
		       bitmap_bytes, bitmap);
		return;
	}
	memset(busy_map, 0xff, words * 2 * sizeof(u64));

	for (size_t i = 0; i < n; i++) {
		u64 end = regions[i].size > UINT64_MAX - regions[i].base
			      ? UINT64_MAX
			      : regions[i].base + regions[i].size;
		u64 first =
		    (regions[i].base >> PMM_PAGE_SHIFT) + !!(regions[i].base & (PMM_PAGE_SIZE - 1));
		u64 last = end >> PMM_PAGE_SHIFT;

		if (regions[i].type != MEM_USABLE || last <= first)
			continue;
		if (last > nr_pages) {
			u64 from = MAX(first, nr_pages);

			ignored += last - from;
			ignored_from = MIN(ignored_from, from);
			last = nr_pages;
		}
		if (first < last) {
			map_clear(busy_map, first, last);
			map_clear(reserved_map, first, last);
		}
	}
	/* Loader maps overlap: whatever is not usable wins over usable. */
	for (size_t i = 0; i < n; i++) {
		u64 first, last;

		if (regions[i].type == MEM_USABLE)
			continue;
		outer_pages(regions[i].base, regions[i].size, &first, &last);
		if (first < last) {
			map_set(busy_map, first, last);
			map_set(reserved_map, first, last);
		}
	}
	/* Page 0 stays reserved so that 0 can mean "no memory". */
	map_set(busy_map, 0, 1);
	map_set(reserved_map, 0, 1);

	for (u64 w = 0; w < words; w++)
		stats.free_pages += popcount64(~busy_map[w]);
	stats.total_pages = stats.free_pages;
	stats.ignored_pages = ignored;
	if (ignored)
		pr_warn("%llu usable pages from %#llx up ignored: bitmap covers only %#llx bytes\n",
			(unsigned long long)ignored,
			(unsigned long long)(ignored_from << PMM_PAGE_SHIFT),
			(unsigned long long)(nr_pages << PMM_PAGE_SHIFT));
}

void pmm_reserve(u64 base, u64 size)
{
	u64 first, last;
	bool warned = false;

	if (!size)
		return;
	outer_pages(base, size, &first, &last);
	for (u64 w = first / WORD_BITS; w * WORD_BITS < last; w++) {
		u64 mask = word_mask(w, first, last);
		u64 newly = ~busy_map[w] & mask;
		u64 in_use = busy_map[w] & ~reserved_map[w] & mask;

		if (in_use && !warned) {
			pr_warn("reserving %#llx+%#llx, which holds allocated pages\n",
				(unsigned long long)base, (unsigned long long)size);
			warned = true;
		}
		stats.free_pages -= popcount64(newly);
		stats.reserved_pages += popcount64(newly);
		busy_map[w] |= mask;
		reserved_map[w] |= mask;
	}
}

static u64 alloc_failed(void)
{
	stats.failed_allocs++;
	return 0;
}

/*
 * The lowest fit in [min_start, max_end). Only a search from page 0 may move
 * first_free_hint: one that starts higher says nothing about the pages below.
 */
static u64 alloc_in(size_t pages, u64 align, u64 min_start, u64 max_end)
{
	u64 align_pages, limit, start;
	bool from_zero = min_start == 0;

	if (!pages) {
		pr_err("alloc of zero pages\n");
		return alloc_failed();
	}
	if (align & (align - 1)) {
		pr_err("alloc: alignment %#llx is not a power of two\n", (unsigned long long)align);
		return alloc_failed();
	}
	align_pages = align > PMM_PAGE_SIZE ? align >> PMM_PAGE_SHIFT : 1;
	limit = max_end ? MIN(nr_pages, max_end >> PMM_PAGE_SHIFT) : nr_pages;
	start = MAX(first_free_hint, min_start >> PMM_PAGE_SHIFT);
	if (start >= limit)
		return from_zero ? alloc_failed() : 0;
	start = find_next(start, limit, false);
	/* Nothing in [hint, start) is free, whatever this call's limit. */
	if (from_zero)
		first_free_hint = start;
	start = ALIGN_UP(start, align_pages);
	/*
	 * Candidate runs start at aligned free pages. When a busy page interrupts
	 * one, the next candidate is the first free page after it, aligned up:
	 * each step skips whole words of busy pages.
	 */
	while (start < limit && limit - start >= pages) {
		u64 end = start + pages;
		u64 hit = find_next(start, end, true);

		if (hit == end) {
			map_set(busy_map, start, end);
			if (from_zero && first_free_hint >= start && first_free_hint < end)
				first_free_hint = end;
			stats.free_pages -= pages;
			stats.used_pages += pages;
			stats.used_hwm_pages = MAX(stats.used_hwm_pages, stats.used_pages);
			stats.allocs++;
			return start << PMM_PAGE_SHIFT;
		}
		start = ALIGN_UP(find_next(hit + 1, limit, false), align_pages);
	}
	/* A miss above a floor is the caller's to handle (it falls back lower). */
	return from_zero ? alloc_failed() : 0;
}

u64 pmm_alloc(size_t pages, u64 align, u64 max_end)
{
	return alloc_in(pages, align, 0, max_end);
}

u64 pmm_alloc_above(size_t pages, u64 align, u64 min_start)
{
	return alloc_in(pages, align, min_start, 0);
}

bool pmm_free(u64 base, size_t pages)
{
	u64 first = base >> PMM_PAGE_SHIFT, already_free;

	if (!pages || (base & (PMM_PAGE_SIZE - 1)) || first >= nr_pages ||
	    pages > nr_pages - first) {
		pr_err("free of %#llx+%zu pages: not a page range this allocator manages\n",
		       (unsigned long long)base, pages);
		stats.bad_frees++;
		return false;
	}
	if (map_any(reserved_map, first, first + pages)) {
		pr_err("free of %#llx+%zu pages: includes reserved pages, ignored\n",
		       (unsigned long long)base, pages);
		stats.bad_frees++;
		return false;
	}
	already_free = find_next(first, first + pages, false);
	if (already_free != first + pages) {
		pr_err("double free of %#llx+%zu pages: page %#llx is already free, ignored\n",
		       (unsigned long long)base, pages,
		       (unsigned long long)(already_free << PMM_PAGE_SHIFT));
		stats.bad_frees++;
		return false;
	}
	map_clear(busy_map, first, first + pages);
	first_free_hint = MIN(first_free_hint, first);
	stats.free_pages += pages;
	stats.used_pages -= pages;
	stats.frees++;
	return true;
}

void pmm_get_stats(struct pmm_stats *out)
{
	*out = stats;
}

void pmm_print_stats(void)
{
	pr_info(
	    "%llu KiB usable, %llu KiB free, %llu KiB allocated (peak %llu KiB), %llu KiB reserved\n",
	    (unsigned long long)(stats.total_pages * 4), (unsigned long long)(stats.free_pages * 4),
	    (unsigned long long)(stats.used_pages * 4),
	    (unsigned long long)(stats.used_hwm_pages * 4),
	    (unsigned long long)(stats.reserved_pages * 4));
	if (stats.failed_allocs || stats.bad_frees)
		pr_info("%llu failed allocations, %llu bad frees\n",
			(unsigned long long)stats.failed_allocs,
			(unsigned long long)stats.bad_frees);
}
