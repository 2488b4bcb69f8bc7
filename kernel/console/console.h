/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Consoles receive every log line printk decides to show. Plain consoles
 * (serial, VGA) get formatted text; a console with write_record (netconsole)
 * gets the record itself so it can send Linux's extended format.
 */
#ifndef NAPKIN_KERNEL_CONSOLE_H
#define NAPKIN_KERNEL_CONSOLE_H

#include "kernel/core/compiler.h"
#include "kernel/core/list.h"

struct log_record;

struct console {
	const char *name;
	void (*write)(struct console *con, const char *s, size_t len);
	void (*write_record)(struct console *con, const struct log_record *rec);
	/* Messages with level numerically below this are shown; 0 = use console_loglevel. */
	int loglevel;
	struct list_head link;
	void *priv;
};

void register_console(struct console *con);
void unregister_console(struct console *con);
/* Called by printk for one finished record. */
void console_emit(const struct log_record *rec);
/* Consoles that can show text before the log machinery: serial, VGA. */
void console_write_all(const char *s, size_t len);

extern int console_loglevel;

/* 16550 UART on a legacy I/O port. */
void serial_init(u16 port, u32 baud);
void serial_putc(char c);
void serial_write(const char *s, size_t len);
/* Next received byte, or -1 when none is waiting. */
int serial_getc(void);
u16 serial_port(void);
void serial_console_register(void);

/* Serial input to the shell: interrupt-driven, polled when no IRQ routes. */
void console_input_init(void);
u64 console_input_overruns(void);

/* VGA text-mode mirror (80x25 at 0xB8000) when the firmware left text mode. */
void vga_init(void);
/* Shell output on the VGA mirror (terminal controls included); nothing when off. */
void vga_write_text(const char *s, size_t len);

#endif
