// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACPICA's remaining OS services: where the RSDP is, no table or name
 * overrides, and its console output, which arrives in pieces and is gathered
 * into whole lines for printk at a level guessed from ACPICA's own prefixes.
 */
#define pr_fmt(fmt) "acpica: " fmt

#include <stdio.h>
#include <string.h>
#include <acpi/acpi.h>

#include "kernel/acpi/static_tables.h"
#include "kernel/console/printk.h"

#define OSL_LINE_MAX  160
#define OSL_PIECE_MAX 256

acpi_status acpi_os_initialize(void)
{
	return AE_OK;
}

acpi_status acpi_os_terminate(void)
{
	return AE_OK;
}

acpi_physical_address acpi_os_get_root_pointer(void)
{
	return acpi_rsdp_address();
}

acpi_status acpi_os_predefined_override(const struct acpi_predefined_names *init_val,
					acpi_string *new_val)
{
	*new_val = NULL;
	return AE_OK;
}

acpi_status acpi_os_table_override(struct acpi_table_header *existing_table,
				   struct acpi_table_header **new_table)
{
	*new_table = NULL;
	return AE_OK;
}

acpi_status acpi_os_physical_table_override(struct acpi_table_header *existing_table,
					    acpi_physical_address *new_address,
					    u32 *new_table_length)
{
	*new_address = 0;
	*new_table_length = 0;
	return AE_OK;
}

acpi_status acpi_os_signal(u32 function, void *info)
{
	if (function == ACPI_SIGNAL_FATAL) {
		const struct acpi_signal_fatal_info *f = info;

		pr_err("firmware raised a fatal error: type %#x code %#x argument %#x\n", f->type,
		       f->code, f->argument);
	}
	return AE_OK;
}

static char line[OSL_LINE_MAX];
static size_t line_len;

static void flush_line(void)
{
	line[line_len] = '\0';
	if (strstr(line, "Error") || strstr(line, "Exception"))
		pr_err("%s\n", line);
	else if (strstr(line, "Warning"))
		pr_warn("%s\n", line);
	else
		pr_info("%s\n", line);
	line_len = 0;
}

void acpi_os_vprintf(const char *format, va_list args)
{
	char piece[OSL_PIECE_MAX];
	int n = vsnprintf(piece, sizeof(piece), format, args);

	if (n < 0)
		return;
	for (const char *p = piece; *p; p++) {
		if (*p == '\n' || line_len == OSL_LINE_MAX - 1)
			flush_line();
		if (*p != '\n')
			line[line_len++] = *p;
	}
	/* Cut short (and its newline with it): end the line here, and say so. */
	if ((size_t)n >= sizeof(piece)) {
		pr_warn("an ACPICA message of %d bytes was cut to %zu\n", n, sizeof(piece) - 1);
		flush_line();
	}
}

void acpi_os_printf(const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	acpi_os_vprintf(format, ap);
	va_end(ap);
}

void acpi_os_redirect_output(void *destination) {}
