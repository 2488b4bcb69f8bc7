// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACPICA's synchronisation and deferred work on napkin: one CPU, no threads.
 * A spinlock is "interrupts off"; a semaphore is a counter, and waiting on
 * one that has no units can only end when an interrupt handler signals it,
 * so the wait spins with interrupts on until its timeout (bounded, because
 * "forever" would hang the only thread). Work ACPICA defers (GPE methods,
 * notifications) is queued and run from the main loop through a timer, never
 * from the interrupt that queued it.
 */
#define pr_fmt(fmt) "acpica: " fmt

#include <acpi/acpi.h>

#include "kernel/mm/heap.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"
#include "kernel/core/time.h"

/* What ACPI_WAIT_FOREVER becomes: long enough for firmware, short of a hang. */
#define OSL_LONGEST_WAIT_MS 2000
#define OSL_DEFERRED_MAX    16

struct osl_semaphore {
	u32 units, max_units;
};

acpi_status acpi_os_create_lock(acpi_spinlock *out_handle)
{
	/* Nothing to hold: a unique non-NULL token is enough. */
	*out_handle = kmalloc(1);
	return *out_handle ? AE_OK : AE_NO_MEMORY;
}

void acpi_os_delete_lock(acpi_spinlock handle)
{
	kfree(handle);
}

acpi_cpu_flags acpi_os_acquire_lock(acpi_spinlock handle)
{
	return local_irq_save();
}

void acpi_os_release_lock(acpi_spinlock handle, acpi_cpu_flags flags)
{
	local_irq_restore(flags);
}

acpi_status acpi_os_create_semaphore(u32 max_units, u32 initial_units, acpi_semaphore *out_handle)
{
	struct osl_semaphore *s;

	if (!out_handle || initial_units > max_units)
		return AE_BAD_PARAMETER;
	s = kmalloc(sizeof(*s));
	if (!s)
		return AE_NO_MEMORY;
	s->units = initial_units;
	s->max_units = max_units;
	*out_handle = s;
	return AE_OK;
}

acpi_status acpi_os_delete_semaphore(acpi_semaphore handle)
{
	if (!handle)
		return AE_BAD_PARAMETER;
	kfree(handle);
	return AE_OK;
}

static bool try_take(struct osl_semaphore *s, u32 units)
{
	unsigned long flags = local_irq_save();
	bool ok = s->units >= units;

	if (ok)
		s->units -= units;
	local_irq_restore(flags);
	return ok;
}

acpi_status acpi_os_wait_semaphore(acpi_semaphore handle, u32 units, u16 timeout)
{
	struct osl_semaphore *s = handle;
	u64 deadline;

	if (!s || !units)
		return AE_BAD_PARAMETER;
	if (try_take(s, units))
		return AE_OK;
	if (!timeout)
		return AE_TIME;
	deadline = ktime_get_ns() +
		   (timeout == ACPI_WAIT_FOREVER ? OSL_LONGEST_WAIT_MS : timeout) * NSEC_PER_MSEC;
	if (irqs_disabled()) {
		pr_warn("semaphore wait with interrupts off: nothing can signal it\n");
		return AE_TIME;
	}
	while (ktime_get_ns() < deadline) {
		if (try_take(s, units))
			return AE_OK;
		udelay(10);
	}
	if (timeout == ACPI_WAIT_FOREVER)
		pr_warn("endless semaphore wait given up after %u ms\n", OSL_LONGEST_WAIT_MS);
	return AE_TIME;
}

acpi_status acpi_os_signal_semaphore(acpi_semaphore handle, u32 units)
{
	struct osl_semaphore *s = handle;
	unsigned long flags;
	acpi_status st = AE_OK;

	if (!s)
		return AE_BAD_PARAMETER;
	flags = local_irq_save();
	if (s->units + units > s->max_units)
		st = AE_LIMIT;
	else
		s->units += units;
	local_irq_restore(flags);
	return st;
}

acpi_thread_id acpi_os_get_thread_id(void)
{
	return 1; /* the only thread; ACPICA reserves 0 */
}

/* ---- deferred work ---- */

struct deferred {
	acpi_osd_exec_callback fn;
	void *context;
};

static struct deferred queue[OSL_DEFERRED_MAX];
static unsigned int q_head, q_len;
static unsigned long dropped;
static struct ktimer runner;

static bool pop(struct deferred *d)
{
	unsigned long flags = local_irq_save();
	bool got = q_len > 0;

	if (got) {
		*d = queue[q_head];
		q_head = (q_head + 1) % OSL_DEFERRED_MAX;
		q_len--;
	}
	local_irq_restore(flags);
	return got;
}

static void run_deferred(struct ktimer *t)
{
	struct deferred d;

	while (pop(&d))
		d.fn(d.context);
}

acpi_status acpi_os_execute(acpi_execute_type type, acpi_osd_exec_callback function, void *context)
{
	unsigned long flags;

	if (!function)
		return AE_BAD_PARAMETER;
	flags = local_irq_save();
	if (q_len == OSL_DEFERRED_MAX) {
		local_irq_restore(flags);
		if (!dropped++)
			pr_warn("deferred work queue full: ACPI event work dropped\n");
		return AE_NO_MEMORY;
	}
	queue[(q_head + q_len) % OSL_DEFERRED_MAX] = (struct deferred){ function, context };
	q_len++;
	local_irq_restore(flags);
	runner.fn = run_deferred;
	ktimer_arm(&runner, 0);
	return AE_OK;
}

void acpi_os_wait_events_complete(void)
{
	run_deferred(&runner);
}
