// SPDX-License-Identifier: BSD-2-Clause
/*
 * CPUID decoding for the boot report: vendor, brand, family/model/stepping
 * (with the extended fields folded in as the vendors document), the
 * hypervisor's signature, and the features that change what napkin or its
 * drivers do (NX, PAT, x2APIC, TSC deadline, invariant TSC, 1 GiB pages,
 * the vector and crypto extensions a fast checksum path would want).
 */
#include <stdio.h>
#include <string.h>
#include "kernel/core/hwinfo.h"
#include "kernel/x86/x86.h"

enum { REG_EAX, REG_EBX, REG_ECX, REG_EDX };

struct cpu_feature {
	u32 leaf, subleaf;
	u8 reg, bit;
	const char *name;
};

static const struct cpu_feature features[] = {
	{ 1, 0, REG_EDX, 9, "apic" },
	{ 1, 0, REG_EDX, 16, "pat" },
	{ 1, 0, REG_EDX, 26, "sse2" },
	{ 1, 0, REG_ECX, 21, "x2apic" },
	{ 1, 0, REG_ECX, 24, "tsc-deadline" },
	{ 1, 0, REG_ECX, 17, "pcid" },
	{ 1, 0, REG_ECX, 20, "sse4.2" },
	{ 1, 0, REG_ECX, 1, "pclmulqdq" },
	{ 1, 0, REG_ECX, 25, "aes" },
	{ 1, 0, REG_ECX, 28, "avx" },
	{ 1, 0, REG_ECX, 30, "rdrand" },
	{ 1, 0, REG_ECX, 31, "hypervisor" },
	{ 7, 0, REG_EBX, 5, "avx2" },
	{ 7, 0, REG_EBX, 9, "erms" },
	{ 7, 0, REG_EBX, 16, "avx512f" },
	{ 7, 0, REG_EBX, 18, "rdseed" },
	{ 0x80000001, 0, REG_EDX, 20, "nx" },
	{ 0x80000001, 0, REG_EDX, 26, "1g-pages" },
	{ 0x80000001, 0, REG_EDX, 27, "rdtscp" },
	{ 0x80000007, 0, REG_EDX, 8, "invariant-tsc" },
};

#define HYPERVISOR_LEAF 0x40000000u

static void regs(u32 leaf, u32 subleaf, u32 r[4])
{
	cpuid(leaf, subleaf, &r[REG_EAX], &r[REG_EBX], &r[REG_ECX], &r[REG_EDX]);
}

static bool leaf_exists(const struct cpu_ident *id, u32 leaf)
{
	return leaf >= 0x80000000u ? leaf <= id->max_ext_leaf : leaf <= id->max_leaf;
}

/* Trims the leading blanks some vendors pad the brand string with. */
static void copy_trimmed(char *dst, const char *src, size_t len)
{
	while (*src == ' ')
		src++;
	strlcpy(dst, src, len);
}

void cpu_identify(struct cpu_ident *out)
{
	u32 r[4];
	u32 base_family, base_model;

	memset(out, 0, sizeof(*out));
	regs(0, 0, r);
	out->max_leaf = r[REG_EAX];
	memcpy(out->vendor, &r[REG_EBX], 4);
	memcpy(out->vendor + 4, &r[REG_EDX], 4);
	memcpy(out->vendor + 8, &r[REG_ECX], 4);
	regs(0x80000000u, 0, r);
	out->max_ext_leaf = r[REG_EAX] >= 0x80000000u ? r[REG_EAX] : 0;

	regs(1, 0, r);
	base_family = (r[REG_EAX] >> 8) & 0xf;
	base_model = (r[REG_EAX] >> 4) & 0xf;
	out->stepping = r[REG_EAX] & 0xf;
	out->family = base_family == 0xf ? base_family + ((r[REG_EAX] >> 20) & 0xff) : base_family;
	out->model = (base_family == 0x6 || base_family == 0xf)
			 ? base_model | (((r[REG_EAX] >> 16) & 0xf) << 4)
			 : base_model;
	if (r[REG_ECX] & BIT(31)) {
		regs(HYPERVISOR_LEAF, 0, r);
		memcpy(out->hypervisor, &r[REG_EBX], 4);
		memcpy(out->hypervisor + 4, &r[REG_ECX], 4);
		memcpy(out->hypervisor + 8, &r[REG_EDX], 4);
	}
	if (out->max_ext_leaf >= 0x80000004u) {
		char brand[49];

		for (u32 i = 0; i < 3; i++) {
			regs(0x80000002u + i, 0, r);
			memcpy(brand + 16 * i, r, 16);
		}
		brand[48] = '\0';
		copy_trimmed(out->brand, brand, sizeof(out->brand));
	}
}

size_t cpu_feature_names(char *buf, size_t len)
{
	struct cpu_ident id;
	size_t used = 0;

	cpu_identify(&id);
	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(features); i++) {
		const struct cpu_feature *f = &features[i];
		u32 r[4];
		int n;

		if (!leaf_exists(&id, f->leaf))
			continue;
		regs(f->leaf, f->subleaf, r);
		if (!(r[f->reg] & BIT(f->bit)))
			continue;
		n = snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? " " : "",
			     f->name);
		if (n > 0)
			used += (size_t)n;
	}
	return MIN(used, len ? len - 1 : 0);
}
