// SPDX-License-Identifier: BSD-2-Clause
/*
 * Kernel heap on top of the page allocator. Every page (or run of pages) the
 * heap owns starts with a small header, so kfree() finds it by rounding the
 * pointer down to its page: a slab page holds objects of one size class
 * after the header; a big allocation is one run of pages with the object
 * right after the header.
 *
 * Free objects carry a tag next to their free-list link, which makes most
 * double frees cheap to spot; the free list is walked to confirm before
 * complaining, so user data that happens to look like the tag is harmless.
 */
#define pr_fmt(fmt) "heap: " fmt

#include <string.h>

#include "kernel/mm/heap.h"
#include "kernel/core/list.h"
#include "kernel/mm/phys.h"
#include "kernel/mm/pmm.h"
#include "kernel/console/printk.h"

#define PAGE	   PMM_PAGE_SIZE
#define HDR_SIZE   64u
#define MAGIC_SLAB 0x736c6162u /* "slab" */
#define MAGIC_BIG  0x62696721u /* "big!" */
#define FREE_TAG   0x6e61706b696e6672ull

/*
 * Every packet allocates and frees here: the common case (an object from a
 * partial slab, or back to one) stays a short straight line, and what is rare
 * (a new or an empty slab, whole pages, errors) is kept out of it, so the
 * compiler does not save registers for it on every call.
 */
#define HEAP_SLOW __attribute__((noinline))

/* 1344 and 2016 fill a page's (4096 - 64) bytes three and two times; all keep 16-byte alignment. */
static const u32 class_sizes[HEAP_NR_CLASSES] = { 16, 32, 64, 128, 256, 512, 1024, 1344, 2016 };
_Static_assert(2016 * 2 <= PMM_PAGE_SIZE - 64 && 1344 % 16 == 0 && 2016 % 16 == 0,
	       "the large classes must fit a slab page and stay 16-byte aligned");

struct heap_page {
	u32 magic;
	u32 cls;	       /* slab: index into class_sizes */
	u32 in_use;	       /* slab: objects handed out */
	u32 capacity;	       /* slab: objects that fit */
	size_t npages;	       /* big: pages in the run */
	size_t size;	       /* big: bytes asked for */
	void *free_list;       /* slab: first free object */
	struct list_head link; /* slab: on its class's partial list while not full */
};
_Static_assert(sizeof(struct heap_page) <= HDR_SIZE, "heap page header too big");

struct free_obj {
	struct free_obj *next;
	u64 tag; /* FREE_TAG ^ own address while free */
};

struct heap_class {
	struct list_head partial; /* slabs with at least one free object */
	u32 empty_slabs;	  /* slabs on the list with nothing in use */
};

static struct heap_class classes[HEAP_NR_CLASSES];
/* The class of each size by its multiple of 16 rounded up: every class size is one. */
static u8 class_of_16ths[HEAP_MAX_SMALL / 16 + 1];
static struct heap_stats stats;
static bool ready;
static bool warned_oom;

static int size_class_compute(size_t size);

void heap_reset(void)
{
	memset(&stats, 0, sizeof(stats));
	for (int i = 0; i < HEAP_NR_CLASSES; i++) {
		INIT_LIST_HEAD(&classes[i].partial);
		classes[i].empty_slabs = 0;
		stats.classes[i].size = class_sizes[i];
	}
	for (size_t i = 0; i < ARRAY_SIZE(class_of_16ths); i++)
		class_of_16ths[i] = (u8)size_class_compute(i * 16);
	warned_oom = false;
	ready = true;
}

static u64 free_tag(const void *obj)
{
	return FREE_TAG ^ (u64)(uintptr_t)obj;
}

static struct heap_page *page_of(const void *p)
{
	return (struct heap_page *)ALIGN_DOWN((uintptr_t)p, PAGE);
}

static void account_pages(long delta)
{
	stats.pages_in_use += (size_t)delta;
	stats.pages_hwm = MAX(stats.pages_hwm, stats.pages_in_use);
}

static void account_bytes(size_t bytes, bool add)
{
	if (add) {
		stats.bytes_in_use += bytes;
		stats.bytes_hwm = MAX(stats.bytes_hwm, stats.bytes_in_use);
		stats.allocs++;
	} else {
		stats.bytes_in_use -= bytes;
		stats.frees++;
	}
}

static HEAP_SLOW void *alloc_failed(size_t size)
{
	stats.failed++;
	if (!warned_oom) {
		warned_oom = true;
		pr_warn("out of memory for %zu bytes (further failures only counted)\n", size);
	}
	return NULL;
}

static HEAP_SLOW struct heap_page *new_slab(int cls)
{
	u64 phys = pmm_alloc(1, PAGE, 0);
	struct heap_page *pg;
	char *obj;
	u32 size = class_sizes[cls];

	if (!phys)
		return NULL;
	pg = phys_to_virt(phys);
	*pg = (struct heap_page){ .magic = MAGIC_SLAB,
				  .cls = (u32)cls,
				  .capacity = (u32)((PAGE - HDR_SIZE) / size) };
	/* Thread the free list in address order, so objects go out low to high. */
	obj = (char *)pg + HDR_SIZE + (size_t)(pg->capacity - 1) * size;
	for (u32 i = 0; i < pg->capacity; i++, obj -= size) {
		struct free_obj *f = (struct free_obj *)obj;

		f->next = pg->free_list;
		f->tag = free_tag(f);
		pg->free_list = f;
	}
	list_add(&pg->link, &classes[cls].partial);
	classes[cls].empty_slabs++;
	stats.classes[cls].slabs++;
	account_pages(1);
	return pg;
}

/* The power-of-two classes, 16 to 1024; the two after them are not powers of two. */
#define POW2_CLASSES 7

/* The smallest class that holds size (at most HEAP_MAX_SMALL), found without a loop. */
static int size_class_compute(size_t size)
{
	if (size <= class_sizes[0])
		return 0;
	if (size <= class_sizes[POW2_CLASSES - 1])
		return 60 - __builtin_clzll(size - 1); /* 17..32 -> 1, ..., 513..1024 -> 6 */
	return size <= class_sizes[POW2_CLASSES] ? POW2_CLASSES : POW2_CLASSES + 1;
}

/* The same, looked up in the table heap_reset() fills from it. */
static inline int size_class(size_t size)
{
	return class_of_16ths[(size + 15) / 16];
}

/* Empty class: a new slab, then the object. Out of line: once per page's worth of objects. */
static HEAP_SLOW void *alloc_from_new_slab(int cls, size_t size, size_t *usable);

static inline __attribute__((always_inline)) void *alloc_small(size_t size, size_t *usable)
{
	int cls = size_class(size);
	struct heap_page *pg;
	struct free_obj *f;

	if (unlikely(list_empty(&classes[cls].partial)))
		return alloc_from_new_slab(cls, size, usable);
	pg = container_of(classes[cls].partial.next, struct heap_page, link);
	f = pg->free_list;
	pg->free_list = f->next;
	f->tag = 0;
	if (!pg->in_use++)
		classes[cls].empty_slabs--;
	if (!pg->free_list)
		list_del_init(&pg->link);
	stats.classes[cls].in_use++;
	stats.classes[cls].in_use_hwm =
	    MAX(stats.classes[cls].in_use_hwm, stats.classes[cls].in_use);
	account_bytes(class_sizes[cls], true);
	*usable = class_sizes[cls];
	return f;
}

static HEAP_SLOW void *alloc_from_new_slab(int cls, size_t size, size_t *usable)
{
	if (!new_slab(cls))
		return alloc_failed(size);
	return alloc_small(size, usable);
}

static HEAP_SLOW void *alloc_big(size_t size, size_t *usable)
{
	size_t pages;
	struct heap_page *pg;
	u64 phys;

	if (size > SIZE_MAX - HDR_SIZE - PAGE)
		return alloc_failed(size);
	pages = (size + HDR_SIZE + PAGE - 1) / PAGE;
	phys = pmm_alloc(pages, PAGE, 0);
	if (!phys)
		return alloc_failed(size);
	pg = phys_to_virt(phys);
	*pg = (struct heap_page){ .magic = MAGIC_BIG, .npages = pages, .size = size };
	INIT_LIST_HEAD(&pg->link);
	account_pages((long)pages);
	stats.big_in_use++;
	account_bytes(size, true);
	*usable = pages * PAGE - HDR_SIZE;
	return (char *)pg + HDR_SIZE;
}

static HEAP_SLOW void *alloc_first(size_t size, size_t *usable)
{
	heap_reset();
	return size <= HEAP_MAX_SMALL ? alloc_small(size, usable) : alloc_big(size, usable);
}

void *kmalloc_usable(size_t size, size_t *usable)
{
	void *p;

	*usable = 0;
	if (unlikely(!ready))
		p = alloc_first(size, usable);
	else if (likely(size <= HEAP_MAX_SMALL))
		p = alloc_small(size, usable);
	else
		p = alloc_big(size, usable);
	return p;
}

void *kmalloc(size_t size)
{
	size_t usable;

	if (unlikely(!ready))
		return alloc_first(size, &usable);
	return likely(size <= HEAP_MAX_SMALL) ? alloc_small(size, &usable)
					      : alloc_big(size, &usable);
}

void *kzalloc(size_t size)
{
	void *p = kmalloc(size);

	if (p)
		memset(p, 0, size);
	return p;
}

void *kcalloc(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size) {
		if (!ready)
			heap_reset();
		pr_err("kcalloc(%zu, %zu) overflows\n", n, size);
		stats.failed++;
		return NULL;
	}
	return kzalloc(n * size);
}

static HEAP_SLOW bool on_free_list(const struct heap_page *pg, const void *obj)
{
	for (const struct free_obj *f = pg->free_list; f; f = f->next) {
		if (f == obj)
			return true;
	}
	return false;
}

/* Returns 0: what kfree_usable() says of a free it refused. */
static HEAP_SLOW size_t bad_free(const void *p, const char *why)
{
	pr_err("kfree(%p): %s, ignored\n", p, why);
	stats.bad_frees++;
	return 0;
}

/* An empty slab past the few each class keeps goes back to the page allocator. */
static HEAP_SLOW void slab_release(struct heap_page *pg)
{
	struct heap_class *c = &classes[pg->cls];

	list_del_init(&pg->link);
	c->empty_slabs--;
	stats.classes[pg->cls].slabs--;
	pg->magic = 0;
	pmm_free(virt_to_phys(pg), 1);
	account_pages(-1);
}

static inline __attribute__((always_inline)) size_t free_small(struct heap_page *pg, void *p)
{
	u32 size = class_sizes[pg->cls];
	uintptr_t off = (uintptr_t)p - (uintptr_t)pg;
	struct free_obj *f = p;

	if (off < HDR_SIZE || (off - HDR_SIZE) % size || (off - HDR_SIZE) / size >= pg->capacity)
		return bad_free(p, "not the start of a heap object");
	if (unlikely(f->tag == free_tag(f)) && on_free_list(pg, f))
		return bad_free(p, "double free");
	f->next = pg->free_list;
	f->tag = free_tag(f);
	if (!pg->free_list)
		list_add(&pg->link, &classes[pg->cls].partial);
	pg->free_list = f;
	stats.classes[pg->cls].in_use--;
	account_bytes(size, false);
	/*
	 * The last object of a slab came back: keep a few empty slabs per class,
	 * so alloc/free around a boundary (one packet at a time) does not churn pages.
	 */
	if (unlikely(!--pg->in_use) && classes[pg->cls].empty_slabs++ >= HEAP_EMPTY_SLABS_KEPT)
		slab_release(pg);
	return size;
}

static HEAP_SLOW size_t free_big(struct heap_page *pg, void *p)
{
	size_t usable = pg->npages * PAGE - HDR_SIZE;

	if ((char *)p != (char *)pg + HDR_SIZE)
		return bad_free(p, "not the start of a heap object");
	pg->magic = 0;
	stats.big_in_use--;
	account_bytes(pg->size, false);
	account_pages(-(long)pg->npages);
	pmm_free(virt_to_phys(pg), pg->npages);
	return usable;
}

size_t kfree_usable(void *p)
{
	struct heap_page *pg;

	if (!p)
		return 0;
	if (unlikely(!ready))
		heap_reset();
	pg = page_of(p);
	if (likely(pg->magic == MAGIC_SLAB && pg->cls < HEAP_NR_CLASSES))
		return free_small(pg, p);
	if (pg->magic == MAGIC_BIG)
		return free_big(pg, p);
	return bad_free(p, "not from kmalloc, or already freed");
}

void kfree(void *p)
{
	kfree_usable(p);
}

size_t ksize(const void *p)
{
	const struct heap_page *pg;

	if (!p)
		return 0;
	pg = page_of(p);
	if (pg->magic == MAGIC_SLAB && pg->cls < HEAP_NR_CLASSES)
		return class_sizes[pg->cls];
	if (pg->magic == MAGIC_BIG)
		return pg->npages * PAGE - HDR_SIZE;
	return 0;
}

void heap_get_stats(struct heap_stats *out)
{
	if (!ready)
		heap_reset();
	*out = stats;
}

void heap_print_stats(void)
{
	if (!ready)
		heap_reset();
	pr_info("%zu bytes in use (peak %zu), %zu pages held (peak %zu), %llu big allocations\n",
		stats.bytes_in_use, stats.bytes_hwm, stats.pages_in_use, stats.pages_hwm,
		(unsigned long long)stats.big_in_use);
	for (int i = 0; i < HEAP_NR_CLASSES; i++) {
		const struct heap_class_stats *c = &stats.classes[i];

		if (c->slabs || c->in_use_hwm)
			pr_info("  %4u-byte objects: %llu in use (peak %llu), %u slabs\n", c->size,
				(unsigned long long)c->in_use, (unsigned long long)c->in_use_hwm,
				c->slabs);
	}
	pr_info("%llu allocations, %llu frees, %llu failed, %llu bad frees\n",
		(unsigned long long)stats.allocs, (unsigned long long)stats.frees,
		(unsigned long long)stats.failed, (unsigned long long)stats.bad_frees);
}
