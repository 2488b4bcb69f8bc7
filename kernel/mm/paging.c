// SPDX-License-Identifier: BSD-2-Clause
/*
 * The kernel's page tables. The image (1 MiB up) and the first 2 MiB get 4 KiB
 * pages so rights can follow section boundaries and page 0 can stay unmapped;
 * the rest of RAM uses 2 MiB pages. Everything but .text is no-execute when
 * the CPU supports NX. Device memory is added by ioremap() as uncached, or
 * by ioremap_wc() as write-combining (a framebuffer: writes go out in bursts,
 * reads are never cached).
 *
 * Write-combining needs the PAT: napkin reprograms PAT entry 1 (selected by
 * PWT alone, write-through at reset) to write-combining. Nothing maps memory
 * write-through, and PCD|PWT (entry 3) stays strong uncached for ioremap().
 */
#include <string.h>
#include "kernel/mm/memmap.h"
#include "kernel/mm/mm.h"
#include "kernel/mm/pmm.h"
#include "kernel/console/printk.h"
#include "kernel/x86/x86.h"

#define PTE_PRESENT	BIT64(0)
#define PTE_WRITE	BIT64(1)
#define PTE_PWT		BIT64(3)
#define PTE_PCD		BIT64(4)
#define PTE_HUGE	BIT64(7)
#define PTE_NX		BIT64(63)
#define PTE_ADDR_MASK	0x000FFFFFFFFFF000ull
#define PTE_CACHE_UC	(PTE_PCD | PTE_PWT) /* PAT entry 3: uncached */
#define PTE_CACHE_WC	PTE_PWT		    /* PAT entry 1, reprogrammed below */
#define MSR_PAT		0x277
#define PAT_TYPE_WC	0x01ull
#define CPUID_1_EDX_PAT BIT(16)
#define PAGE_SIZE	4096ull
#define HUGE_SIZE	(2ull << 20)
#define MAX_GUARD_PAGES 8

extern char __text_start[], __text_end[], __rodata_start[], __rodata_end[];
extern char __kernel_start[], __kernel_end[];

static u64 *pml4;
static u64 nx_bit;
static u64 guard_pages[MAX_GUARD_PAGES];
static int nr_guard_pages;
static bool paging_ready;

/* ioremap() calls made while the boot tables were live, replayed by paging_init(). */
#define MAX_EARLY_IOREMAPS 16
static struct {
	u64 phys, size, cache;
} early_ioremaps[MAX_EARLY_IOREMAPS];
static bool have_wc;
static int nr_early_ioremaps;

void mm_add_guard_page(u64 addr)
{
	if (nr_guard_pages < MAX_GUARD_PAGES)
		guard_pages[nr_guard_pages++] = ALIGN_DOWN(addr, PAGE_SIZE);
}

static u64 *alloc_table(void)
{
	u64 phys = pmm_alloc(1, PAGE_SIZE, 4ull << 30);

	if (!phys)
		panic("paging: out of memory for page tables");
	memset(phys_to_virt(phys), 0, PAGE_SIZE);
	return phys_to_virt(phys);
}

/* The entry pointing at the next level for addr, creating the table if asked. */
static u64 *next_level(u64 *table, unsigned idx, bool create)
{
	if (!(table[idx] & PTE_PRESENT)) {
		if (!create)
			return NULL;
		table[idx] = virt_to_phys(alloc_table()) | PTE_PRESENT | PTE_WRITE;
	}
	return phys_to_virt(table[idx] & PTE_ADDR_MASK);
}

static unsigned idx(u64 addr, int level)
{
	return (addr >> (12 + 9 * level)) & 511;
}

/* Returns the page directory covering addr. */
static u64 *pd_for(u64 addr)
{
	u64 *pdpt = next_level(pml4, idx(addr, 3), true);

	return next_level(pdpt, idx(addr, 2), true);
}

static void map_huge(u64 addr, u64 flags)
{
	u64 *pd = pd_for(addr);

	pd[idx(addr, 1)] = addr | PTE_PRESENT | PTE_HUGE | flags;
}

/* Splits the 2 MiB entry covering addr into 4 KiB pages (keeping its rights). */
static u64 *page_table_for(u64 addr)
{
	u64 *pd = pd_for(addr);
	u64 *e = &pd[idx(addr, 1)];
	u64 *pt;

	if ((*e & PTE_PRESENT) && !(*e & PTE_HUGE))
		return phys_to_virt(*e & PTE_ADDR_MASK);
	pt = alloc_table();
	if (*e & PTE_PRESENT) {
		u64 base = *e & ~(HUGE_SIZE - 1) & PTE_ADDR_MASK;
		u64 flags = *e & (PTE_WRITE | PTE_PWT | PTE_PCD | PTE_NX);

		for (unsigned i = 0; i < 512; i++)
			pt[i] = (base + i * PAGE_SIZE) | PTE_PRESENT | flags;
	}
	*e = virt_to_phys(pt) | PTE_PRESENT | PTE_WRITE;
	return pt;
}

static void map_page(u64 addr, u64 flags)
{
	page_table_for(addr)[idx(addr, 0)] = addr | PTE_PRESENT | flags;
}

static void unmap_page(u64 addr)
{
	page_table_for(addr)[idx(addr, 0)] = 0;
}

static u64 section_flags(u64 addr)
{
	if (addr >= (u64)(uintptr_t)__text_start && addr < (u64)(uintptr_t)__text_end)
		return 0; /* read-only, executable */
	if (addr >= (u64)(uintptr_t)__rodata_start && addr < (u64)(uintptr_t)__rodata_end)
		return nx_bit;
	return PTE_WRITE | nx_bit;
}

static void *ioremap_cache(u64 phys, u64 size, u64 cache);

/* PAT entry 1 becomes write-combining; without a PAT, WC mappings are uncached. */
static void pat_init(void)
{
	u32 a, b, c, d;
	u64 pat;

	cpuid(1, 0, &a, &b, &c, &d);
	if (!(d & CPUID_1_EDX_PAT))
		return;
	pat = rdmsr(MSR_PAT);
	pat = (pat & ~(0xffull << 8)) | (PAT_TYPE_WC << 8);
	wrmsr(MSR_PAT, pat);
	have_wc = true;
}

void paging_init(const struct mem_region *map, size_t n)
{
	u64 low_end = ALIGN_UP((u64)(uintptr_t)__kernel_end, HUGE_SIZE);
	u32 a, b, c, d;

	cpuid(0x80000001, 0, &a, &b, &c, &d);
	if (d & BIT(20))
		nx_bit = PTE_NX;
	pml4 = alloc_table();
	pat_init();

	/* RAM and firmware tables above the low area: 2 MiB pages, write-back. */
	for (size_t i = 0; i < n; i++) {
		u64 start = ALIGN_DOWN(map[i].base, HUGE_SIZE);
		u64 end = ALIGN_UP(map[i].base + map[i].size, HUGE_SIZE);
		bool ram = map[i].type == MEM_USABLE || map[i].type == MEM_ACPI_RECLAIM ||
			   map[i].type == MEM_ACPI_NVS;

		if (!ram)
			continue;
		for (u64 a2 = MAX(start, low_end); a2 < end; a2 += HUGE_SIZE)
			map_huge(a2, PTE_WRITE | nx_bit);
	}
	/* The low area page by page: page 0 stays unmapped so NULL faults. */
	for (u64 addr = PAGE_SIZE; addr < low_end; addr += PAGE_SIZE)
		map_page(addr, section_flags(addr));
	for (int i = 0; i < nr_guard_pages; i++)
		unmap_page(guard_pages[i]);

	wrmsr(MSR_EFER, rdmsr(MSR_EFER) | (nx_bit ? EFER_NXE : 0));
	/* boot/entry.S sets WP; without it the kernel could write its own text. */
	write_cr0(read_cr0() | CR0_WP);
	write_cr3(virt_to_phys(pml4));
	paging_ready = true;
	for (int i = 0; i < nr_early_ioremaps; i++)
		ioremap_cache(early_ioremaps[i].phys, early_ioremaps[i].size,
			      early_ioremaps[i].cache);
	pr_info("paging: kernel text %p-%p read-only%s, page 0 and %d guard pages unmapped\n",
		__text_start, __text_end, nx_bit ? ", data no-execute" : "", nr_guard_pages);
}

/*
 * One past the highest physical address ioremap() can map: what the CPU
 * addresses (CPUID 0x80000008, 36 bits on CPUs without the leaf), within the
 * lower canonical half of 4-level paging, where the identity map lives.
 */
static u64 ioremap_limit(void)
{
	static u64 limit;
	u32 a, b, c, d, bits = 36;

	if (!limit) {
		cpuid(0x80000000, 0, &a, &b, &c, &d);
		if (a >= 0x80000008) {
			cpuid(0x80000008, 0, &a, &b, &c, &d);
			bits = a & 0xff;
		}
		limit = 1ull << MIN(MAX(bits, 32u), 47u);
	}
	return limit;
}

static void *ioremap_cache(u64 phys, u64 size, u64 cache)
{
	u64 end = phys + size;

	/*
	 * A device (a 64-bit BAR, say) may claim an address no page table can
	 * reach, or a range that wraps: refuse it, the caller reports it.
	 */
	if (!size || end < phys || end > ioremap_limit()) {
		pr_warn("paging: not mapping %#llx size %#llx: beyond the %#llx bytes of physical "
			"address space this CPU reaches\n",
			(unsigned long long)phys, (unsigned long long)size,
			(unsigned long long)ioremap_limit());
		return NULL;
	}
	if (!paging_ready) {
		/* The boot tables map the first 4 GiB; remember it for the real tables. */
		if (nr_early_ioremaps == MAX_EARLY_IOREMAPS)
			panic("paging: too many early ioremaps");
		early_ioremaps[nr_early_ioremaps].phys = phys;
		early_ioremaps[nr_early_ioremaps].cache = cache;
		early_ioremaps[nr_early_ioremaps++].size = size;
		return phys_to_virt(phys);
	}
	for (u64 addr = ALIGN_DOWN(phys, HUGE_SIZE); addr < end; addr += HUGE_SIZE) {
		u64 *pd = pd_for(addr);
		u64 *e = &pd[idx(addr, 1)];

		if (!(*e & PTE_PRESENT)) {
			map_huge(addr, PTE_WRITE | cache | nx_bit);
			continue;
		}
		/* Shares a 2 MiB page with RAM or earlier mappings: go page by page. */
		for (u64 p = MAX(addr, ALIGN_DOWN(phys, PAGE_SIZE)); p < MIN(end, addr + HUGE_SIZE);
		     p += PAGE_SIZE)
			map_page(p, PTE_WRITE | cache | nx_bit);
	}
	write_cr3(read_cr3());
	return phys_to_virt(phys);
}

bool mm_is_guard_page(u64 addr)
{
	for (int i = 0; i < nr_guard_pages; i++)
		if (ALIGN_DOWN(addr, PAGE_SIZE) == guard_pages[i])
			return true;
	return false;
}

bool mm_is_kernel_text(u64 addr)
{
	return addr >= (u64)(uintptr_t)__text_start && addr < (u64)(uintptr_t)__text_end;
}

void *ioremap(u64 phys, u64 size)
{
	return ioremap_cache(phys, size, PTE_CACHE_UC);
}

void *ioremap_wc(u64 phys, u64 size)
{
	return ioremap_cache(phys, size, PTE_CACHE_WC);
}

bool mm_have_wc(void)
{
	return have_wc;
}

bool mm_is_mapped(u64 addr)
{
	u64 *t = pml4;
	int level;

	if (!paging_ready)
		return addr < (4ull << 30);
	for (level = 3; level > 0; level--) {
		u64 e = t[idx(addr, level)];

		if (!(e & PTE_PRESENT))
			return false;
		if (e & PTE_HUGE)
			return true;
		t = phys_to_virt(e & PTE_ADDR_MASK);
	}
	return t[idx(addr, 0)] & PTE_PRESENT;
}
