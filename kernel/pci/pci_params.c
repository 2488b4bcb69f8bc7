// SPDX-License-Identifier: BSD-2-Clause
/*
 * The `pci=` command-line key: comma-separated options for the PCI core.
 * Only `nomsi` exists (every driver gets INTx, as on a machine whose MSI is
 * broken); anything else is named in the log and ignored.
 */
#define pr_fmt(fmt) "pci: " fmt

#include <string.h>

#include "kernel/core/cmdline.h"
#include "kernel/pci/pci_intx.h"
#include "kernel/console/printk.h"

void pci_read_params(void)
{
	const char *val, *p;

	if (!cmdline_get("pci", &val) || !val)
		return;
	for (p = val; *p;) {
		size_t len = strcspn(p, ",");

		if (len == 5 && !strncmp(p, "nomsi", 5)) {
			pci_set_nomsi(true);
			pr_info("pci=nomsi: MSI and MSI-X off, every driver uses INTx\n");
		} else if (len) {
			pr_warn("pci=: unknown option '%.*s' ignored\n", (int)len, p);
		}
		p += len;
		if (*p == ',')
			p++;
	}
}
