// SPDX-License-Identifier: BSD-2-Clause
/*
 * Bytes typed on the serial console reach the shell. The UART's receive
 * interrupt only moves bytes from its FIFO into a ring (so a busy loop never
 * overruns the 16-byte FIFO) and raises CONSOLE_SOFTIRQ; the shell runs from
 * the softirq, in the main loop. When the UART's IRQ cannot be routed, a
 * timer polls it instead, and the log says so.
 */
#include "kernel/x86/apic.h"
#include "kernel/console/console.h"
#include "kernel/x86/irq.h"
#include "kernel/console/printk.h"
#include "kernel/console/shell.h"
#include "kernel/core/softirq.h"
#include "kernel/core/time.h"
#include "kernel/x86/x86.h"

#define RX_RING		 256
#define POLL_INTERVAL_NS (20 * NSEC_PER_MSEC)
#define UART_IER	 1
#define UART_MCR	 4
#define IER_RX_AVAILABLE 0x01
#define MCR_DTR_RTS_OUT2 0x0B /* OUT2 gates the UART's IRQ line on PCs */

static char rx_ring[RX_RING];
static volatile unsigned rx_head, rx_tail;
static u64 rx_overruns;
static struct ktimer poll_timer;

static bool drain_uart(void)
{
	bool any = false;
	int c;

	while ((c = serial_getc()) >= 0) {
		unsigned next = (rx_head + 1) % RX_RING;

		any = true;
		if (next == rx_tail) {
			rx_overruns++;
			continue;
		}
		rx_ring[rx_head] = (char)c;
		rx_head = next;
	}
	return any;
}

static irqreturn_t uart_interrupt(void *ctx)
{
	if (!drain_uart())
		return IRQ_NONE;
	raise_softirq(CONSOLE_SOFTIRQ);
	return IRQ_HANDLED;
}

static void console_softirq(void)
{
	while (rx_tail != rx_head) {
		char c = rx_ring[rx_tail];

		rx_tail = (rx_tail + 1) % RX_RING;
		shell_input(c);
	}
}

static void poll_uart(struct ktimer *t)
{
	if (drain_uart())
		console_softirq();
	ktimer_arm(t, ktime_get_ns() + POLL_INTERVAL_NS);
}

static bool route_uart_irq(void)
{
	u16 port = serial_port();
	u8 isa_irq = (port == 0x3F8 || port == 0x3E8) ? 4 : 3;
	bool level, low;
	u32 gsi = ioapic_isa_to_gsi(isa_irq, &level, &low);
	int vec = irq_alloc_vector("ttyS");

	if (vec < 0 || request_irq((u8)vec, uart_interrupt, NULL, "ttyS") < 0)
		return false;
	if (ioapic_route_gsi(gsi, (u8)vec, level, low) < 0) {
		free_irq((u8)vec, NULL);
		irq_free_vector((u8)vec);
		return false;
	}
	outb(port + UART_MCR, MCR_DTR_RTS_OUT2);
	outb(port + UART_IER, IER_RX_AVAILABLE);
	ioapic_mask_gsi(gsi, false);
	pr_info("console: input on IRQ %u (GSI %u, vector %d)\n", isa_irq, gsi, vec);
	return true;
}

void console_input_init(void)
{
	if (!serial_port())
		return;
	open_softirq(CONSOLE_SOFTIRQ, console_softirq);
	if (!route_uart_irq()) {
		pr_warn("console: no interrupt for the serial port; polling it every 20 ms\n");
		poll_timer.fn = poll_uart;
		ktimer_arm(&poll_timer, ktime_get_ns() + POLL_INTERVAL_NS);
	}
}

u64 console_input_overruns(void)
{
	return rx_overruns;
}
