// SPDX-License-Identifier: BSD-2-Clause
/* kernel/mm/dma.h for the hosted harness, with checked device access; see hosted_dma.h. */
#define pr_fmt(fmt) "dma: " fmt

#include <sanitizer/asan_interface.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/mm/dma.h"
#include "kernel/console/printk.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_dma.h"
#include "tests/hosted/hosted_race.h"
#include "tests/hosted/hosted_pci.h"

#ifndef NAPKIN_DMA_CHECKED
#error "the hosted harness needs -DNAPKIN_DMA_CHECKED on every file (tests/hosted/hosted.mk)"
#endif

#define PAGE 4096ull
/* Where made-up bus addresses start: 32-bit capable, and anywhere. */
#define BUS_32BIT_START 0x10000000ull
#define BUS_32BIT_END	0x100000000ull
#define BUS_HIGH_START	0x1000000000ull
/* Streaming mappings (dma_map_single) get addresses of their own, never reused. */
#define BUS_MAP_START 0x100000000000ull
/*
 * The newest mappings, oldest first, in bus address order: live ones and,
 * until their slot is needed again, given-back ones (so a late device access
 * is reported as stale rather than stray).
 */
#define MAPS_MAX 16384
/* What the CPU's view of a buffer the device owns for writing is filled with. */
#define POISON 0x5a
/* take_back() checks and copies in blocks this size: a few of them fit in L1. */
#define TAKE_BACK_BLOCK 4096

/* Who owns a byte of a streaming allocation: the CPU, or the device for a direction. */
#define OWN_CPU	     0
#define OWN_DEV(dir) (1 + (u8)(dir))
#define OWN_DIR(own) ((enum dma_data_direction)((own)-1))
/*
 * Ownership is kept per byte, but drivers hand over and take back whole
 * buffers: a receive ring is a megabyte handed over and taken back at every
 * bring-up, reset and teardown, and walking it byte by byte was most of a
 * driver fuzz harness's time. So each CHUNK of bytes has one owner, or
 * OWN_MIXED when a sync split it, and only then are its bytes' owners looked
 * at one by one.
 */
#define CHUNK	  64
#define OWN_MIXED 0xff

struct region {
	u64 bus;
	size_t size; /* whole pages */
	size_t align;
	void *cpu;
	bool live;
	void *caller;
	u64 freed_at;
	/*
	 * DMA_STREAMING: each chunk's owner, each byte's owner (only read where
	 * its chunk is OWN_MIXED), and the device's own copy of the bytes.
	 */
	u8 *chunk_own;
	u8 *own;
	u8 *dev;
};

struct mapping {
	u64 bus;
	const void *cpu;
	size_t len;
	bool live;
	bool device_owns; /* from the map, or sync for device, to sync for CPU */
	u64 unmapped_at;
};

static struct region *lookup(u64 bus, size_t len);
static void hand_over(const char *call, struct region *r, u64 bus, size_t len,
		      enum dma_data_direction dir);
static void take_back(const char *call, struct region *r, u64 bus, size_t len,
		      enum dma_data_direction dir);

static struct mapping maps[MAPS_MAX];
static unsigned int maps_first, maps_count; /* a ring over maps[] */
static u64 next_map;

static struct region *regions;
static unsigned int nr_regions, cap_regions;
static u64 next_low, next_high;
static struct dma_stats stats;

/*
 * The ownership checks and copies cover whole receive buffers on every sync,
 * megabytes per fuzz input. Through libc they would pass ASan's and
 * libFuzzer's interceptors, which check each range against the shadow
 * memory and hash it for the fuzzer: that was a third of a driver harness's
 * time. These bytes are the checker's own (ownership maps, the device's copy,
 * live allocations), so plain loops do; no_builtin keeps the compiler from
 * turning them back into libc calls, and they vectorize.
 */
typedef u64 __attribute__((may_alias, aligned(1))) u64_unaligned;

#define NO_LIBC __attribute__((no_builtin))

static NO_LIBC bool all_bytes(const u8 *p, size_t len, u8 v)
{
	u64 word = v * 0x0101010101010101ull, diff = 0;
	size_t i = 0;

	for (; i + 8 <= len; i += 8)
		diff |= *(const u64_unaligned *)(p + i) ^ word;
	for (; i < len; i++)
		diff |= p[i] ^ v;
	return !diff;
}

static NO_LIBC bool same_bytes(const u8 *a, const u8 *b, size_t len)
{
	u64 diff = 0;
	size_t i = 0;

	for (; i + 8 <= len; i += 8)
		diff |= *(const u64_unaligned *)(a + i) ^ *(const u64_unaligned *)(b + i);
	for (; i < len; i++)
		diff |= a[i] ^ b[i];
	return !diff;
}

static NO_LIBC void fill_bytes(u8 *p, u8 v, size_t len)
{
	u64 word = v * 0x0101010101010101ull;
	size_t i = 0;

	for (; i + 8 <= len; i += 8)
		*(u64_unaligned *)(p + i) = word;
	for (; i < len; i++)
		p[i] = v;
}

static NO_LIBC void copy_bytes(u8 *dst, const u8 *src, size_t len)
{
	size_t i = 0;

	for (; i + 8 <= len; i += 8)
		*(u64_unaligned *)(dst + i) = *(const u64_unaligned *)(src + i);
	for (; i < len; i++)
		dst[i] = src[i];
}

/* Index of the first byte of p[0..len) that is not v, or len. */
static size_t first_other(const u8 *p, size_t len, u8 v)
{
	size_t i = 0;

	if (all_bytes(p, len, v))
		return len;
	while (p[i] == v)
		i++;
	return i;
}

/*
 * Pages dma_free() gave back wait here for an allocation of the same size
 * and alignment, poisoned for ASan meanwhile, so a touch after the free is
 * still reported. The fuzz harnesses set up a fresh driver for every input:
 * from malloc, its megabyte or two of DMA memory and ownership copies were
 * new pages each time, and faulting them in and unmapping them again was a
 * third of the run.
 */
#define SPARE_MAX	64
#define SPARE_MAX_BYTES (64ull << 20)

static struct spare {
	void *p;
	size_t bytes, align;
} spares[SPARE_MAX];
static unsigned int nr_spares;
static size_t spare_bytes;

/* Takes spare i out, oldest first kept in order. */
static void *spare_take(unsigned int i)
{
	void *p = spares[i].p;

	spare_bytes -= spares[i].bytes;
	ASAN_UNPOISON_MEMORY_REGION(p, spares[i].bytes);
	memmove(&spares[i], &spares[i + 1], (--nr_spares - i) * sizeof(spares[0]));
	return p;
}

/*
 * Pages, zeroed if asked: the oldest spare that fits (the longest freed, as
 * a quarantine would have it), or new ones.
 */
static void *pages_get(size_t bytes, size_t align, bool zero)
{
	void *p = NULL;

	for (unsigned int i = 0; i < nr_spares && !p; i++)
		if (spares[i].bytes == bytes && spares[i].align == align)
			p = spare_take(i);
	if (!p)
		p = aligned_alloc(align, bytes);
	if (p && zero)
		fill_bytes(p, 0, bytes);
	return p;
}

static void pages_put(void *p, size_t bytes, size_t align)
{
	if (!p)
		return;
	if (bytes > SPARE_MAX_BYTES) {
		free(p);
		return;
	}
	while (nr_spares && (nr_spares == SPARE_MAX || spare_bytes + bytes > SPARE_MAX_BYTES))
		free(spare_take(0));
	ASAN_POISON_MEMORY_REGION(p, bytes);
	spares[nr_spares++] = (struct spare){ .p = p, .bytes = bytes, .align = align };
	spare_bytes += bytes;
}

static void region_pages_put(struct region *r)
{
	if (!r->own)
		hosted_race_untrack(r->cpu);
	pages_put(r->cpu, r->size, r->align);
	pages_put(r->chunk_own, r->size / CHUNK, CHUNK);
	pages_put(r->own, r->size, PAGE);
	pages_put(r->dev, r->size, PAGE);
	r->cpu = NULL;
	r->chunk_own = r->own = r->dev = NULL;
}

static struct region *new_region(void)
{
	if (nr_regions == cap_regions) {
		unsigned int cap = cap_regions ? cap_regions * 2 : 256;
		struct region *r = realloc(regions, cap * sizeof(*r));

		if (!r)
			return NULL;
		regions = r;
		cap_regions = cap;
	}
	return &regions[nr_regions++];
}

void *dma_alloc(size_t size, size_t align, unsigned int flags, dma_addr_t *bus)
{
	size_t bytes = ALIGN_UP(size, PAGE);
	size_t al = align > PAGE ? align : PAGE;
	u64 *next = (flags & DMA_32BIT) ? &next_low : &next_high;
	struct region *r;
	void *cpu;
	u8 *chunk_own = NULL, *own = NULL, *dev = NULL;

	if (!size || (align & (align - 1)) || (flags & ~(DMA_32BIT | DMA_STREAMING))) {
		pr_err("bad request: size %zu, align %#zx, flags %#x\n", size, align, flags);
		stats.failed++;
		return NULL;
	}
	*next = ALIGN_UP(*next, al);
	if ((flags & DMA_32BIT) && *next + bytes > BUS_32BIT_END) {
		stats.failed++;
		return NULL;
	}
	cpu = pages_get(bytes, al, true);
	if ((flags & DMA_STREAMING) && cpu) {
		chunk_own = pages_get(bytes / CHUNK, CHUNK, true); /* all OWN_CPU */
		own = pages_get(bytes, PAGE, false);
		dev = pages_get(bytes, PAGE, true);
	}
	r = cpu && (!(flags & DMA_STREAMING) || (chunk_own && own && dev)) ? new_region() : NULL;
	if (!r) {
		pages_put(cpu, bytes, al);
		pages_put(chunk_own, bytes / CHUNK, CHUNK);
		pages_put(own, bytes, PAGE);
		pages_put(dev, bytes, PAGE);
		stats.failed++;
		return NULL;
	}
	*r = (struct region){ .bus = *next,
			      .size = bytes,
			      .align = al,
			      .cpu = cpu,
			      .live = true,
			      .caller = __builtin_return_address(0),
			      .chunk_own = chunk_own,
			      .own = own,
			      .dev = dev };
	/* Rings and status blocks: what the racing device traps (hosted_race.h). */
	if (!own)
		hosted_race_track(cpu, bytes);
	/* A page of nothing after each buffer: overruns hit no allocation. */
	*next += bytes + PAGE;
	if (bus)
		*bus = r->bus;
	stats.allocs++;
	stats.bytes_in_use += bytes;
	stats.bytes_hwm = MAX(stats.bytes_hwm, stats.bytes_in_use);
	return cpu;
}

/* The owner of byte off of streaming allocation r. */
static u8 owner_at(const struct region *r, size_t off)
{
	u8 own = r->chunk_own[off / CHUNK];

	return own == OWN_MIXED ? r->own[off] : own;
}

/* How many bytes from off on (at most len) streaming allocation r's `own` owns. */
static size_t owned_run(const struct region *r, size_t off, size_t len, u8 own)
{
	size_t i = off, end = off + len;

	while (i < end) {
		size_t chunk_end = MIN(ALIGN_DOWN(i, CHUNK) + CHUNK, end);
		u8 chunk = r->chunk_own[i / CHUNK];

		if (chunk == OWN_MIXED) {
			size_t n = first_other(r->own + i, chunk_end - i, own);

			if (n < chunk_end - i)
				return i + n - off;
		} else if (chunk != own) {
			return i - off;
		}
		i = chunk_end;
	}
	return len;
}

/* Bytes [off, off + len) of streaming allocation r become `own`'s. */
static void set_owner(struct region *r, size_t off, size_t len, u8 own)
{
	size_t i = off, end = off + len;

	while (i < end) {
		size_t start = ALIGN_DOWN(i, CHUNK), chunk_end = MIN(start + CHUNK, end);
		u8 *chunk = &r->chunk_own[i / CHUNK];

		if (i == start && chunk_end - start == CHUNK) {
			/* Whole chunks, as many as the range covers. */
			size_t n = (ALIGN_DOWN(end, CHUNK) - start) / CHUNK;

			fill_bytes(chunk, own, n);
			i = start + n * CHUNK;
			continue;
		}
		if (*chunk != own) {
			/* Part of a chunk: its bytes get owners of their own. */
			if (*chunk != OWN_MIXED)
				fill_bytes(r->own + start, *chunk, CHUNK);
			fill_bytes(r->own + i, own, chunk_end - i);
			*chunk = all_bytes(r->own + start, CHUNK, own) ? own : OWN_MIXED;
		}
		i = chunk_end;
	}
}

/* Freeing streaming memory the device still owns: it may write there yet. */
static void check_free_ownership(const struct region *r)
{
	size_t owned = 0, first = 0;

	if (owned_run(r, 0, r->size, OWN_CPU) == r->size)
		return;
	for (size_t i = 0; i < r->size; i++)
		if (owner_at(r, i) != OWN_CPU && !owned++)
			first = i;
	if (owned)
		hosted_fail("dma: free of streaming allocation 0x%llx (%zu bytes) while the device "
			    "owns %zu bytes of it, the first at 0x%llx: never synced for the CPU",
			    (unsigned long long)r->bus, r->size, owned,
			    (unsigned long long)(r->bus + first));
}

/* ---- What devices hold through descriptors they own (hosted_dma_hold) ---- */

#define HOLDS_MAX 4096

static struct hold {
	const char *dev, *what;
	u64 bus, desc;
	size_t len;
} holds[HOLDS_MAX];
static unsigned int nr_holds;

void hosted_dma_hold(const char *dev, u64 bus, size_t len, const char *what, u64 desc)
{
	if (nr_holds == HOLDS_MAX) {
		hosted_fail("dma: more than %u buffers held by devices", HOLDS_MAX);
		return;
	}
	holds[nr_holds++] = (struct hold){ dev, what, bus, desc, len };
}

void hosted_dma_unhold(u64 bus, u64 desc)
{
	for (unsigned int i = 0; i < nr_holds; i++)
		if (holds[i].bus == bus && holds[i].desc == desc) {
			holds[i] = holds[--nr_holds];
			return;
		}
}

unsigned int hosted_dma_holds(void)
{
	return nr_holds;
}

/* The driver takes [bus, bus + len) back: fail if a device still holds any of it. */
static void check_not_held(const char *call, u64 bus, size_t len)
{
	for (unsigned int i = 0; i < nr_holds; i++) {
		const struct hold *h = &holds[i];

		if (bus < h->bus + h->len && h->bus < bus + len) {
			hosted_fail("dma: %s(0x%llx, %zu) while %s still owns %s at 0x%llx naming "
				    "0x%llx: reclaimed before the device handed it back",
				    call, (unsigned long long)bus, len, h->dev, h->what,
				    (unsigned long long)h->desc, (unsigned long long)h->bus);
			return;
		}
	}
}

void dma_free(void *p, size_t size)
{
	if (!p)
		return;
	for (unsigned int i = 0; i < nr_regions; i++) {
		struct region *r = &regions[i];

		if (!r->live || r->cpu != p)
			continue;
		if (ALIGN_UP(size, PAGE) != r->size)
			hosted_fail("dma: free of %p with size %zu, allocated with %zu", p, size,
				    r->size);
		if (r->own)
			check_free_ownership(r);
		check_not_held("dma_free", r->bus, r->size);
		r->live = false;
		r->freed_at = hosted_now();
		region_pages_put(r);
		stats.frees++;
		stats.bytes_in_use -= r->size;
		return;
	}
	hosted_fail("dma: free of %p, which is no live DMA allocation (double free?)", p);
}

/* The live allocation holding [cpu, cpu + len), or NULL. */
static struct region *region_of(const void *cpu, size_t len)
{
	for (unsigned int i = 0; i < nr_regions; i++) {
		struct region *r = &regions[i];

		if (r->live && (const u8 *)cpu >= (u8 *)r->cpu &&
		    (const u8 *)cpu + len <= (u8 *)r->cpu + r->size)
			return r;
	}
	return NULL;
}

static struct mapping *map_at(unsigned int i)
{
	return &maps[(maps_first + i) % MAPS_MAX];
}

/* The newest mapping starting at or below bus, or NULL: the ring is in bus order. */
static struct mapping *map_lookup(u64 bus)
{
	unsigned int lo = 0, hi = maps_count;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (map_at(mid)->bus <= bus)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? map_at(lo - 1) : NULL;
}

dma_addr_t dma_map_single(const void *cpu, size_t len)
{
	struct region *r = region_of(cpu, len);
	struct mapping *m;
	u64 offset = (uintptr_t)cpu & (PAGE - 1);

	/*
	 * Memory from dma_alloc already has its bus address. Streaming memory
	 * (a received frame the stack sends back, say) is handed over as a
	 * sync for the device would, until the unmap.
	 */
	if (r) {
		u64 bus = r->bus + (u64)((const u8 *)cpu - (u8 *)r->cpu);

		if (r->own)
			hand_over("dma_map_single", r, bus, len, DMA_TO_DEVICE);
		return bus;
	}
	if (maps_count == MAPS_MAX) {
		if (maps[maps_first].live) {
			hosted_fail("dma: %u streaming mappings live at once: are they ever "
				    "unmapped?",
				    MAPS_MAX);
			return 0;
		}
		maps_first = (maps_first + 1) % MAPS_MAX;
		maps_count--;
	}
	if (!next_map)
		next_map = BUS_MAP_START;
	m = map_at(maps_count++);
	*m = (struct mapping){
		.bus = next_map + offset, .cpu = cpu, .len = len, .live = true, .device_owns = true
	};
	/* A page of nothing after each: an overrun hits no mapping. */
	next_map += ALIGN_UP(offset + len, PAGE) + PAGE;
	return m->bus;
}

void dma_unmap_single(dma_addr_t bus, size_t len)
{
	struct mapping *m;

	check_not_held("dma_unmap_single", bus, len);
	if (bus < BUS_MAP_START) {
		struct region *r = lookup(bus, len);

		/* Coherent dma_alloc memory: nothing was mapped. */
		if (r && r->live && r->own && bus + len <= r->bus + r->size)
			take_back("dma_unmap_single", r, bus, len, DMA_TO_DEVICE);
		return;
	}
	m = map_lookup(bus);
	if (!m || m->bus != bus || !m->live || m->len != len) {
		hosted_fail("dma: unmap of 0x%llx (%zu bytes): %s", (unsigned long long)bus, len,
			    !m || m->bus != bus ? "never mapped"
			    : !m->live		? "already unmapped"
						: "length differs from the mapping's");
		return;
	}
	m->live = false;
	m->unmapped_at = hosted_now();
}

/* Checks a device access to a streaming mapping; the CPU address or NULL. */
static void *check_mapping(const char *dev, u64 bus, size_t len, const char *dir, const char *what)
{
	struct mapping *m = map_lookup(bus);

	if (!m || bus >= m->bus + m->len) {
		hosted_fail("dma: %s DMA %s of %zu bytes at 0x%llx (%s): stray address, no "
			    "mapping there",
			    dev, dir, len, (unsigned long long)bus, what);
		return NULL;
	}
	if (!m->live) {
		hosted_fail("dma: %s DMA %s of %zu bytes at 0x%llx (%s): stale address, unmapped "
			    "at %llu ns",
			    dev, dir, len, (unsigned long long)bus, what,
			    (unsigned long long)m->unmapped_at);
		return NULL;
	}
	if (bus + len > m->bus + m->len) {
		hosted_fail("dma: %s DMA %s of %zu bytes at 0x%llx (%s) runs past its mapping "
			    "(%zu bytes)",
			    dev, dir, len, (unsigned long long)bus, what, m->len);
		return NULL;
	}
	if (!m->device_owns) {
		hosted_fail("dma: %s DMA %s of %zu bytes at 0x%llx (%s): the CPU owns that "
			    "mapping (synced for the CPU, not handed back)",
			    dev, dir, len, (unsigned long long)bus, what);
		return NULL;
	}
	if (!strcmp(dir, "write")) {
		hosted_fail("dma: %s DMA write of %zu bytes at 0x%llx (%s): a mapping is for the "
			    "device to read (DMA_TO_DEVICE)",
			    dev, len, (unsigned long long)bus, what);
		return NULL;
	}
	return (u8 *)m->cpu + (bus - m->bus);
}

void dma_get_stats(struct dma_stats *out)
{
	*out = stats;
}

/* The region holding [bus, bus + len), live or not, or NULL. */
static struct region *lookup(u64 bus, size_t len)
{
	struct region *best = NULL;

	for (unsigned int i = 0; i < nr_regions; i++) {
		struct region *r = &regions[i];

		if (bus >= r->bus && bus + len <= r->bus + r->size)
			return r;
		if (bus >= r->bus && bus < r->bus + r->size)
			best = r; /* starts inside, runs past the end */
	}
	return best;
}

static const char *dir_name(enum dma_data_direction dir)
{
	switch (dir) {
	case DMA_BIDIRECTIONAL: return "DMA_BIDIRECTIONAL";
	case DMA_TO_DEVICE: return "DMA_TO_DEVICE";
	case DMA_FROM_DEVICE: return "DMA_FROM_DEVICE";
	default: return "no direction";
	}
}

/* May the device do `access` ("read", "write", "access") to bytes it owns as `own`? */
static bool own_allows(u8 own, const char *access)
{
	if (own == OWN_CPU)
		return false;
	if (!strcmp(access, "read"))
		return OWN_DIR(own) != DMA_FROM_DEVICE;
	if (!strcmp(access, "write"))
		return OWN_DIR(own) != DMA_TO_DEVICE;
	return true;
}

/* How many bytes from off on (at most len) the device may do `access` to. */
static size_t allowed_run(const struct region *r, size_t off, size_t len, const char *access)
{
	size_t done = 0;

	while (done < len) {
		u8 own = owner_at(r, off + done);

		if (!own_allows(own, access))
			break;
		done += owned_run(r, off + done, len - done, own);
	}
	return done;
}

/*
 * A device access to a streaming allocation: every byte must be the device's,
 * handed over for this direction. The device works on its own copy.
 */
static void *check_streaming(const char *dev, struct region *r, u64 bus, size_t len,
			     const char *dir, const char *what)
{
	size_t off = bus - r->bus, i = allowed_run(r, off, len, dir);

	if (i < len) {
		u8 own = owner_at(r, off + i);

		if (own == OWN_CPU)
			hosted_fail("dma: %s DMA %s of %zu bytes at 0x%llx (%s): byte 0x%llx "
				    "belongs to the CPU (never synced for the device, or taken "
				    "back)",
				    dev, dir, len, (unsigned long long)bus, what,
				    (unsigned long long)(bus + i));
		else
			hosted_fail("dma: %s DMA %s of %zu bytes at 0x%llx (%s): byte 0x%llx was "
				    "handed over %s",
				    dev, dir, len, (unsigned long long)bus, what,
				    (unsigned long long)(bus + i), dir_name(OWN_DIR(own)));
		return NULL;
	}
	return r->dev + off;
}

static void *check(const struct hosted_pci_fn *fn, u64 bus, size_t len, const char *dir,
		   const char *what)
{
	const char *dev = fn ? hosted_pci_name(fn) : "device";
	struct region *r;

	if (fn && !hosted_pci_bus_master(fn)) {
		hosted_fail("dma: %s DMA %s of %zu bytes at 0x%llx (%s) with bus mastering off",
			    dev, dir, len, (unsigned long long)bus, what);
		return NULL;
	}
	if (!len)
		return NULL;
	if (bus >= BUS_MAP_START)
		return check_mapping(dev, bus, len, dir, what);
	r = lookup(bus, len);
	if (!r) {
		hosted_fail("dma: %s DMA %s of %zu bytes at 0x%llx (%s): stray address, no DMA "
			    "allocation there",
			    dev, dir, len, (unsigned long long)bus, what);
		return NULL;
	}
	if (!r->live) {
		hosted_fail("dma: %s DMA %s of %zu bytes at 0x%llx (%s): stale address, its "
			    "allocation (0x%llx, %zu bytes) was freed at %llu ns",
			    dev, dir, len, (unsigned long long)bus, what,
			    (unsigned long long)r->bus, r->size, (unsigned long long)r->freed_at);
		return NULL;
	}
	if (bus + len > r->bus + r->size) {
		hosted_fail("dma: %s DMA %s of %zu bytes at 0x%llx (%s) runs %llu bytes past the "
			    "end of its allocation (0x%llx, %zu bytes)",
			    dev, dir, len, (unsigned long long)bus, what,
			    (unsigned long long)(bus + len - r->bus - r->size),
			    (unsigned long long)r->bus, r->size);
		return NULL;
	}
	if (r->own)
		return check_streaming(dev, r, bus, len, dir, what);
	return (u8 *)r->cpu + (bus - r->bus);
}

/* The live region or mapping a sync names, or a failure; *m or *r is set. */
static bool sync_target(const char *call, u64 bus, size_t len, enum dma_data_direction dir,
			struct mapping **m, struct region **r)
{
	*m = NULL;
	*r = NULL;
	if ((unsigned int)dir > DMA_FROM_DEVICE) {
		hosted_fail("dma: %s(0x%llx, %zu): direction %d is none of DMA_TO_DEVICE, "
			    "DMA_FROM_DEVICE, DMA_BIDIRECTIONAL",
			    call, (unsigned long long)bus, len, (int)dir);
		return false;
	}
	if (!len) {
		hosted_fail("dma: %s(0x%llx, 0 bytes)", call, (unsigned long long)bus);
		return false;
	}
	if (bus >= BUS_MAP_START) {
		*m = map_lookup(bus);
		if (!*m || !(*m)->live || bus + len > (*m)->bus + (*m)->len) {
			hosted_fail("dma: %s(0x%llx, %zu): %s", call, (unsigned long long)bus, len,
				    !*m || bus >= (*m)->bus + (*m)->len ? "never mapped"
				    : !(*m)->live			? "unmapped already"
						  : "runs past the end of its mapping");
			return false;
		}
		return true;
	}
	*r = lookup(bus, len);
	if (!*r || !(*r)->live || bus + len > (*r)->bus + (*r)->size) {
		hosted_fail("dma: %s(0x%llx, %zu): %s", call, (unsigned long long)bus, len,
			    !*r		  ? "no DMA allocation there"
			    : !(*r)->live ? "its allocation was freed"
					  : "runs past the end of its allocation");
		return false;
	}
	return true;
}

/* Bytes [bus, bus + len) of streaming allocation r go to the device for dir. */
static void hand_over(const char *call, struct region *r, u64 bus, size_t len,
		      enum dma_data_direction dir)
{
	size_t off = bus - r->bus, i = owned_run(r, off, len, OWN_CPU);

	if (i < len) {
		hosted_fail("dma: %s(0x%llx, %zu, %s): byte 0x%llx is the device's already "
			    "(handed over twice?)",
			    call, (unsigned long long)bus, len, dir_name(dir),
			    (unsigned long long)(bus + i));
		return;
	}
	set_owner(r, off, len, OWN_DEV(dir));
	if (dir == DMA_FROM_DEVICE)
		fill_bytes((u8 *)r->cpu + off, POISON, len); /* a read before for_cpu sees this */
	else
		copy_bytes(r->dev + off, (u8 *)r->cpu + off, len); /* what the device will read */
}

/*
 * CPU stores to bytes the device owned: they would be lost, or not seen by
 * it. Reports the first, and returns false then.
 */
static bool check_cpu_untouched(struct region *r, size_t off, size_t len,
				enum dma_data_direction dir)
{
	const u8 *cpu = (const u8 *)r->cpu + off;
	size_t i;

	if (dir == DMA_FROM_DEVICE ? all_bytes(cpu, len, POISON)
				   : same_bytes(cpu, r->dev + off, len))
		return true;
	for (i = 0; i < len; i++)
		if (dir == DMA_FROM_DEVICE ? cpu[i] != POISON : cpu[i] != r->dev[off + i])
			break;
	hosted_fail("dma: the CPU wrote byte 0x%llx of a %s buffer while the device owned it",
		    (unsigned long long)(r->bus + off + i), dir_name(dir));
	return false;
}

/* Bytes [bus, bus + len) of streaming allocation r come back from the device. */
static void take_back(const char *call, struct region *r, u64 bus, size_t len,
		      enum dma_data_direction dir)
{
	size_t off = bus - r->bus, i = owned_run(r, off, len, OWN_DEV(dir));
	bool check = dir != DMA_BIDIRECTIONAL; /* bytes the CPU must not have written */

	if (i < len) {
		u8 own = owner_at(r, off + i);

		if (own == OWN_CPU)
			hosted_fail("dma: %s(0x%llx, %zu, %s): byte 0x%llx is the CPU's already "
				    "(taken back twice, or never handed over)",
				    call, (unsigned long long)bus, len, dir_name(dir),
				    (unsigned long long)(bus + i));
		else
			hosted_fail("dma: %s(0x%llx, %zu, %s): byte 0x%llx was handed over %s",
				    call, (unsigned long long)bus, len, dir_name(dir),
				    (unsigned long long)(bus + i), dir_name(OWN_DIR(own)));
		return;
	}
	/*
	 * Block by block, so the copy finds in cache the bytes the check just
	 * read; one report of a CPU store is enough. The copy is what the
	 * device wrote.
	 */
	for (size_t done = 0, n; done < len; done += n) {
		n = MIN(len - done, TAKE_BACK_BLOCK);
		if (check)
			check = check_cpu_untouched(r, off + done, n, dir);
		if (dir != DMA_TO_DEVICE)
			copy_bytes((u8 *)r->cpu + off + done, r->dev + off + done, n);
	}
	set_owner(r, off, len, OWN_CPU);
}

/* Mappings are for the device to read (transmit): syncs on them say so. */
static bool mapping_dir_ok(const char *call, u64 bus, size_t len, enum dma_data_direction dir)
{
	if (dir == DMA_TO_DEVICE)
		return true;
	hosted_fail("dma: %s(0x%llx, %zu, %s): dma_map_single maps for DMA_TO_DEVICE", call,
		    (unsigned long long)bus, len, dir_name(dir));
	return false;
}

void dma_sync_single_for_device(dma_addr_t bus, size_t len, enum dma_data_direction dir)
{
	const char *call = "dma_sync_single_for_device";
	struct mapping *m;
	struct region *r;

	if (!sync_target(call, bus, len, dir, &m, &r))
		return;
	if (m) {
		if (!mapping_dir_ok(call, bus, len, dir))
			return;
		if (m->device_owns)
			hosted_fail("dma: %s(0x%llx, %zu): the device owns that mapping already",
				    call, (unsigned long long)bus, len);
		m->device_owns = true;
		return;
	}
	if (r->own)
		hand_over(call, r, bus, len, dir);
	/* Coherent memory: nothing to hand over. */
}

void dma_sync_single_for_cpu(dma_addr_t bus, size_t len, enum dma_data_direction dir)
{
	const char *call = "dma_sync_single_for_cpu";
	struct mapping *m;
	struct region *r;

	check_not_held(call, bus, len);
	if (!sync_target(call, bus, len, dir, &m, &r))
		return;
	if (m) {
		if (!mapping_dir_ok(call, bus, len, dir))
			return;
		if (!m->device_owns)
			hosted_fail("dma: %s(0x%llx, %zu): the CPU owns that mapping already", call,
				    (unsigned long long)bus, len);
		m->device_owns = false;
		return;
	}
	if (r->own)
		take_back(call, r, bus, len, dir);
}

bool hosted_dma_read(const struct hosted_pci_fn *fn, u64 bus, void *dst, size_t len,
		     const char *what)
{
	void *p = check(fn, bus, len, "read", what);

	if (!p)
		return false;
	memcpy(dst, p, len);
	return true;
}

bool hosted_dma_write(const struct hosted_pci_fn *fn, u64 bus, const void *src, size_t len,
		      const char *what)
{
	void *p = check(fn, bus, len, "write", what);

	if (!p)
		return false;
	memcpy(p, src, len);
	return true;
}

bool hosted_dma_peek(const struct hosted_pci_fn *fn, u64 bus, void *dst, size_t len)
{
	struct region *r = bus < BUS_MAP_START ? lookup(bus, len) : NULL;

	if (!r || !r->live || r->own || bus + len > r->bus + r->size)
		return false;
	copy_bytes(dst, (const u8 *)r->cpu + (bus - r->bus), len);
	return true;
}

void *hosted_dma_map(const struct hosted_pci_fn *fn, u64 bus, size_t len, const char *what)
{
	return check(fn, bus, len, "access", what);
}

unsigned int hosted_dma_live_count(void)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < nr_regions; i++)
		n += regions[i].live;
	for (unsigned int i = 0; i < maps_count; i++)
		n += map_at(i)->live;
	return n;
}

size_t hosted_dma_live_bytes(void)
{
	size_t n = 0;

	for (unsigned int i = 0; i < nr_regions; i++)
		if (regions[i].live)
			n += regions[i].size;
	return n;
}

void hosted_dma_dump_live(void)
{
	for (unsigned int i = 0; i < nr_regions; i++) {
		const struct region *r = &regions[i];

		if (r->live)
			fprintf(stderr, "  live DMA: %zu bytes at bus 0x%llx, allocated from %p\n",
				r->size, (unsigned long long)r->bus, r->caller);
		for (unsigned int i = 0; i < maps_count; i++) {
			const struct mapping *m = map_at(i);

			if (m->live)
				fprintf(stderr,
					"  live DMA mapping: %zu bytes at bus 0x%llx (cpu %p)\n",
					m->len, (unsigned long long)m->bus, m->cpu);
		}
	}
}

void hosted_dma_reset(void)
{
	nr_holds = 0;
	for (unsigned int i = 0; i < nr_regions; i++)
		region_pages_put(&regions[i]);
	free(regions);
	regions = NULL;
	nr_regions = 0;
	cap_regions = 0;
	next_low = BUS_32BIT_START;
	next_high = BUS_HIGH_START;
	next_map = BUS_MAP_START;
	maps_first = maps_count = 0;
	memset(&stats, 0, sizeof(stats));
}
