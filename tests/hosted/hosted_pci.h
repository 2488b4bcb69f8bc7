/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Modelled PCI functions. Each function has a configuration space (kept by
 * tests/unit/fakes/pci_fake.c, so BAR sizing and capability lists behave like
 * hardware), memory BARs whose accesses reach the model, an INTx pin and, if
 * the model adds one, an MSI capability. kernel/pci/pci*.c and kernel/pci/msi.c run
 * unchanged on top: hosted_pci_install() plugs the config space into
 * pci_cfg_set_ops(), after which pci_init() enumerates the models.
 *
 * A model that serves several ports behind one interrupt (sky2, skge)
 * registers one function and as many hosted ports (hosted_wire.h) as it has.
 */
#ifndef NAPKIN_TESTS_HOSTED_PCI_H
#define NAPKIN_TESTS_HOSTED_PCI_H

#include "kernel/core/compiler.h"

struct hosted_pci_fn;

struct hosted_pci_ops {
	/* Register accesses inside a memory BAR: off is relative to the BAR. */
	u64 (*mmio_read)(void *model, unsigned int bar, u64 off, unsigned int size);
	void (*mmio_write)(void *model, unsigned int bar, u64 off, unsigned int size, u64 val);
	/*
	 * Device-specific config registers: return true when the model
	 * handled the access (the harness then leaves its copy alone).
	 * Either may be NULL.
	 */
	bool (*cfg_read)(void *model, u16 off, unsigned int size, u32 *val);
	bool (*cfg_write)(void *model, u16 off, unsigned int size, u32 val);
	/* After the harness stored a config write (command, MSI control...). */
	void (*cfg_written)(void *model, u16 off, unsigned int size, u32 val);
};

/* Add a function; class is the 24-bit class code. NULL when the table is full. */
struct hosted_pci_fn *hosted_pci_add(u8 bus, u8 dev, u8 fn, u16 vendor, u16 device, u32 class,
				     u8 revision, const char *name,
				     const struct hosted_pci_ops *ops, void *model);
void hosted_pci_set_subsystem(struct hosted_pci_fn *f, u16 subvendor, u16 subdevice);
/* A 64-bit memory BAR of `size` bytes (power of two) at an address the harness picks. */
void hosted_pci_bar_mem64(struct hosted_pci_fn *f, unsigned int idx, u64 size);
/* INTx: pin 1..4 (INTA..INTD) and the line "firmware" routed it to (the GSI). */
void hosted_pci_intx_pin(struct hosted_pci_fn *f, u8 pin, u8 line);
/* Place the next capability at `off` (as the real chip's list does). */
void hosted_pci_cap_at(struct hosted_pci_fn *f, u8 off);
/* Capabilities; each returns its config offset. */
u8 hosted_pci_add_pm(struct hosted_pci_fn *f);
u8 hosted_pci_add_msi(struct hosted_pci_fn *f, unsigned int log2_vectors, bool per_vector_mask);
u8 hosted_pci_add_pcie(struct hosted_pci_fn *f);
/* An opaque capability of len bytes (e.g. VPD), only to occupy the list like the chip. */
u8 hosted_pci_add_cap(struct hosted_pci_fn *f, u8 id, u8 len);

/* Make a config register (or some of its bits) writable by software. */
void hosted_pci_cfg_writable(struct hosted_pci_fn *f, u16 off, unsigned int len, u8 mask);
/* The stored config value (what the kernel would read, minus model hooks). */
u32 hosted_pci_cfg_get(const struct hosted_pci_fn *f, u16 off, unsigned int size);
void hosted_pci_cfg_set(struct hosted_pci_fn *f, u16 off, unsigned int size, u32 val);
/* Memory decode and bus mastering both off: what a driver leaves after remove or refusal. */
bool hosted_pci_released(const struct hosted_pci_fn *f);

const char *hosted_pci_name(const struct hosted_pci_fn *f);
u8 hosted_pci_devfn(const struct hosted_pci_fn *f);
bool hosted_pci_memory_enabled(const struct hosted_pci_fn *f);
bool hosted_pci_bus_master(const struct hosted_pci_fn *f);

/* Interrupts from the model. */
void hosted_pci_intx(struct hosted_pci_fn *f, bool asserted);
bool hosted_pci_intx_asserted(const struct hosted_pci_fn *f);
bool hosted_pci_msi_enabled(const struct hosted_pci_fn *f);
/*
 * Send MSI message `msg` (0-based) as the function's capability is
 * programmed. A masked vector is latched as pending and sent when unmasked.
 * Returns false (and fails the test) when MSI is not enabled.
 */
bool hosted_pci_msi_send(struct hosted_pci_fn *f, unsigned int msg);

/* Plug the modelled functions into kernel/pci/pci_cfg.c. */
void hosted_pci_install(void);
void hosted_pci_reset(void);

#endif
