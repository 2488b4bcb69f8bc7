// SPDX-License-Identifier: BSD-2-Clause
/*
 * 16550 UART. Polled transmit: the console must work from any context,
 * including exceptions with interrupts off, so it never waits on an interrupt.
 */
#include "kernel/console/console.h"
#include "kernel/x86/x86.h"

enum {
	UART_DATA = 0,
	UART_IER = 1,
	UART_DLL = 0,
	UART_DLM = 1,
	UART_FCR = 2,
	UART_LCR = 3,
	UART_MCR = 4,
	UART_LSR = 5,
	UART_SCR = 7,
};
#define LCR_8N1			0x03
#define LCR_DLAB		0x80
#define LSR_DATA_READY		0x01
#define LSR_THR_EMPTY		0x20
#define UART_CLOCK_DIVISOR_BASE 115200

static u16 uart_base;

void serial_init(u16 port, u32 baud)
{
	u16 divisor;

	if (baud == 0 || baud > UART_CLOCK_DIVISOR_BASE)
		baud = UART_CLOCK_DIVISOR_BASE;
	divisor = (u16)(UART_CLOCK_DIVISOR_BASE / baud);

	/* A port with no UART behind it reads back 0xFF from the scratch register test. */
	outb(port + UART_SCR, 0x5a);
	if (inb(port + UART_SCR) != 0x5a) {
		uart_base = 0;
		return;
	}
	outb(port + UART_IER, 0);
	outb(port + UART_LCR, LCR_DLAB);
	outb(port + UART_DLL, divisor & 0xff);
	outb(port + UART_DLM, divisor >> 8);
	outb(port + UART_LCR, LCR_8N1);
	outb(port + UART_FCR, 0x07); /* enable and clear FIFOs */
	outb(port + UART_MCR, 0x03); /* DTR, RTS */
	uart_base = port;
}

u16 serial_port(void)
{
	return uart_base;
}

void serial_putc(char c)
{
	unsigned spins = 0;

	if (!uart_base)
		return;
	/* Bounded wait: a wedged UART must not hang the kernel's log. */
	while (!(inb(uart_base + UART_LSR) & LSR_THR_EMPTY) && ++spins < 100000)
		cpu_relax();
	outb(uart_base + UART_DATA, (u8)c);
}

void serial_write(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\n')
			serial_putc('\r');
		serial_putc(s[i]);
	}
}

int serial_getc(void)
{
	if (!uart_base || !(inb(uart_base + UART_LSR) & LSR_DATA_READY))
		return -1;
	return inb(uart_base + UART_DATA);
}

static void serial_console_write(struct console *con, const char *s, size_t len)
{
	serial_write(s, len);
}

static struct console serial_console = { .name = "ttyS", .write = serial_console_write };

void serial_console_register(void)
{
	if (uart_base)
		register_console(&serial_console);
}
