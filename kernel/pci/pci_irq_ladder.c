// SPDX-License-Identifier: BSD-2-Clause
/*
 * The interrupt ladder (see pci_irq_ladder.h). Each rung is tried with
 * pci_alloc_irq_vectors() restricted to that one kind, so the reason a rung
 * was passed over is known here and logged in the driver's name, instead of
 * every driver carrying its own copy of the walk and its own wording.
 */
#include <errno.h>
#include "kernel/core/cmdline.h"
#include "kernel/pci/msi.h"
#include "kernel/pci/pci_irq_ladder.h"
#include "kernel/console/printk.h"

/* Index = enum irq_ladder_mode; "auto" stands where NONE is. */
static const char *const option_values[] = { "auto", "msix", "msi", "intx", "poll" };

const char *irq_ladder_mode_name(enum irq_ladder_mode mode)
{
	switch (mode) {
	case IRQ_LADDER_MSIX: return "MSI-X";
	case IRQ_LADDER_MSI: return "MSI";
	case IRQ_LADDER_INTX: return "INTx";
	case IRQ_LADDER_POLL: return "polling";
	case IRQ_LADDER_NONE: break;
	}
	return "none";
}

static bool allowed(const struct irq_ladder *l, enum irq_ladder_mode m)
{
	return m >= l->best && (l->plan->allowed & IRQ_LADDER_ALLOW(m));
}

static void poll_tick(struct ktimer *t)
{
	struct irq_ladder *l = container_of(t, struct irq_ladder, poll_timer);

	if (!l->running || l->mode != IRQ_LADDER_POLL)
		return;
	l->poll_ticks++;
	l->plan->poll(l->drv);
	ktimer_arm(t, ktime_get_ns() + l->plan->poll_period_ns);
}

static void watchdog_tick(struct ktimer *t)
{
	struct irq_ladder *l = container_of(t, struct irq_ladder, watchdog);
	unsigned int rescued;

	if (!l->running)
		return;
	rescued = l->plan->watch(l->drv, l->mode);
	if (rescued && !l->missed_irqs)
		pr_warn("%s: work waited a whole watchdog period with no interrupt (%s): "
			"polled by the watchdog (counted as missed_irqs)\n",
			l->name, irq_ladder_mode_name(l->mode));
	l->missed_irqs += rescued;
	ktimer_arm(t, ktime_get_ns() + l->plan->watchdog_period_ns);
}

void irq_ladder_init(struct irq_ladder *l, const char *name, struct pci_dev *pdev,
		     const struct irq_ladder_plan *plan, void *drv)
{
	*l = (struct irq_ladder){ .name = name, .pdev = pdev, .plan = plan, .drv = drv };
	l->poll_timer.fn = poll_tick;
	l->watchdog.fn = watchdog_tick;
}

/* The highest rung the plan allows, lowered by <driver>.irq= when given. */
static void read_override(struct irq_ladder *l)
{
	const struct irq_ladder_plan *plan = l->plan;
	int choice = 0;
	enum irq_ladder_mode m;

	for (m = IRQ_LADDER_MSIX; m <= IRQ_LADDER_POLL; m++)
		if (plan->allowed & IRQ_LADDER_ALLOW(m))
			break;
	l->best = m;
	if (!plan->option ||
	    cmdline_get_choice(plan->option, option_values, ARRAY_SIZE(option_values), &choice) ||
	    choice == 0)
		return;
	pr_info("%s: interrupts capped at %s by %s\n", l->name, option_values[choice],
		plan->option);
	if (!(plan->allowed & IRQ_LADDER_ALLOW(choice)))
		pr_warn("%s: %s=%s: this driver cannot use %s; taking the next rung down\n",
			l->name, plan->option, option_values[choice],
			irq_ladder_mode_name((enum irq_ladder_mode)choice));
	if ((enum irq_ladder_mode)choice <= l->best)
		return;
	/* Below every rung the driver has (poll for one that cannot poll): its lowest. */
	for (m = (enum irq_ladder_mode)choice; m <= IRQ_LADDER_POLL; m++)
		if (plan->allowed & IRQ_LADDER_ALLOW(m))
			break;
	if (m > IRQ_LADDER_POLL) {
		for (m = IRQ_LADDER_POLL;
		     m > IRQ_LADDER_MSIX && !(plan->allowed & IRQ_LADDER_ALLOW(m)); m--)
			;
		pr_warn("%s: %s=%s: nothing lower to take; using %s\n", l->name, plan->option,
			option_values[choice], irq_ladder_mode_name(m));
	}
	l->best = m;
}

/* One rung: true when it is now in use. Says why not otherwise. */
static bool try_rung(struct irq_ladder *l, enum irq_ladder_mode m)
{
	struct pci_dev *pdev = l->pdev;
	unsigned int have;
	int n;

	switch (m) {
	case IRQ_LADDER_MSIX:
		have = pci_msix_vec_count(pdev);
		if (have < l->plan->msix_min) {
			pr_info("%s: MSI-X offers %u vectors, %u needed: not used\n", l->name, have,
				l->plan->msix_min);
			return false;
		}
		n = pci_alloc_irq_vectors(pdev, l->plan->msix_min, l->plan->msix_max, PCI_IRQ_MSIX);
		break;
	case IRQ_LADDER_MSI:
		if (!pci_msi_vec_count(pdev)) {
			pr_info("%s: no MSI capability: not used\n", l->name);
			return false;
		}
		n = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_MSI);
		break;
	case IRQ_LADDER_INTX:
		n = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_INTX);
		if (n == 0 || pci_irq_polling(pdev)) {
			/* pci_alloc_irq_vectors() logged why the line cannot be routed. */
			pci_free_irq_vectors(pdev);
			return false;
		}
		break;
	case IRQ_LADDER_POLL:
		pr_warn("%s: no usable interrupt: polling every %llu us\n", l->name,
			(unsigned long long)(l->plan->poll_period_ns / NSEC_PER_USEC));
		l->mode = IRQ_LADDER_POLL;
		l->nr_vectors = 0;
		return true;
	default: return false;
	}
	if (n <= 0) {
		pr_info("%s: %s could not be enabled (%d)\n", l->name, irq_ladder_mode_name(m), n);
		return false;
	}
	l->mode = m;
	l->nr_vectors = (unsigned int)n;
	return true;
}

/* Walk down from `from`; -ENODEV when no allowed rung works. */
static int climb_down(struct irq_ladder *l, enum irq_ladder_mode from)
{
	enum irq_ladder_mode m;

	l->mode = IRQ_LADDER_NONE;
	l->nr_vectors = 0;
	for (m = from; m <= IRQ_LADDER_POLL; m++) {
		if (!allowed(l, m))
			continue;
		if (try_rung(l, m))
			return 0;
	}
	pr_err("%s: no interrupt and no polling fallback: the device is not driven\n", l->name);
	return -ENODEV;
}

int irq_ladder_setup(struct irq_ladder *l)
{
	read_override(l);
	return climb_down(l, l->best);
}

void irq_ladder_release(struct irq_ladder *l)
{
	if (l->mode != IRQ_LADDER_NONE && l->mode != IRQ_LADDER_POLL)
		pci_free_irq_vectors(l->pdev);
	l->mode = IRQ_LADDER_NONE;
	l->nr_vectors = 0;
}

int irq_ladder_fall_back(struct irq_ladder *l, const char *why)
{
	enum irq_ladder_mode was = l->mode, m;

	if (was == IRQ_LADDER_NONE || was == IRQ_LADDER_POLL)
		return -EINVAL;
	for (m = was + 1; m <= IRQ_LADDER_POLL && !allowed(l, m); m++)
		;
	pr_warn("%s: %s: falling back to %s\n", l->name, why,
		m <= IRQ_LADDER_POLL ? irq_ladder_mode_name(m) : "nothing");
	l->fallbacks++;
	irq_ladder_release(l);
	return climb_down(l, was + 1);
}

int irq_ladder_vector(const struct irq_ladder *l, unsigned int nr)
{
	if (nr >= l->nr_vectors)
		return -EINVAL;
	return pci_irq_vector(l->pdev, nr);
}

void irq_ladder_start(struct irq_ladder *l)
{
	u64 now = ktime_get_ns();

	l->running = true;
	if (l->mode == IRQ_LADDER_POLL && l->plan->poll)
		ktimer_arm(&l->poll_timer, now + l->plan->poll_period_ns);
	if (l->plan->watchdog_period_ns && l->plan->watch)
		ktimer_arm(&l->watchdog, now + l->plan->watchdog_period_ns);
}

void irq_ladder_stop(struct irq_ladder *l)
{
	l->running = false;
	ktimer_cancel(&l->poll_timer);
	ktimer_cancel(&l->watchdog);
}
