// SPDX-License-Identifier: BSD-2-Clause
/*
 * virtio-net counters: `ethtool -S` style named counters per queue pair, and
 * the shell's `vnet` command that prints them with each pair's interrupt
 * vector and NAPI instance.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "drivers/virtio/virtio_net.h"
#include "net/core/ethtool_table.h"
#include "kernel/console/printk.h"
#include "kernel/console/shell.h"

#define VNET_MAX_DEVS 4

static struct vnet_dev *vnet_devs[VNET_MAX_DEVS];

/* Counter names per pair, built once: "rx_queue_0_packets" ... */
#define VNET_PAIR_STATS 16
static const char *const vnet_pair_stat_fmt[VNET_PAIR_STATS] = {
	"rx_queue_%u_packets",	  "rx_queue_%u_bytes",
	"rx_queue_%u_drops",	  "rx_queue_%u_ring_exhausted",
	"rx_queue_%u_errors",	  "tx_queue_%u_packets",
	"tx_queue_%u_bytes",	  "tx_queue_%u_drops",
	"tx_queue_%u_ring_full",  "queue_%u_polls",
	"queue_%u_interrupts",	  "queue_%u_kicks",
	"rx_queue_%u_late_kicks", "tx_queue_%u_late_kicks",
	"queue_%u_missed_irqs",	  "rx_queue_%u_gso_frames",
};
static char vnet_pair_stat_names[VNET_MAX_PAIRS][VNET_PAIR_STATS][32];

static void vnet_pair_values(const struct vnet_pair *qp, u64 *v)
{
	const struct vnet_pair_stats *s = &qp->stats;

	v[0] = s->rx_packets;
	v[1] = s->rx_bytes;
	v[2] = s->rx_drops;
	v[3] = s->rx_ring_exhausted;
	v[4] = s->rx_errors + qp->rx.stats.bad_used;
	v[5] = s->tx_packets;
	v[6] = s->tx_bytes;
	v[7] = s->tx_drops;
	v[8] = s->tx_ring_full;
	v[9] = s->polls;
	v[10] = s->interrupts;
	v[11] = s->kicks;
	v[12] = qp->rx.stats.late_kicks;
	v[13] = qp->tx.stats.late_kicks;
	v[14] = s->missed_irqs;
	v[15] = s->rx_gso_frames;
}

int vnet_get_ethtool_stats(struct net_device *ndev, struct ethtool_stat *out, int max)
{
	struct vnet_dev *vd = to_vnet(ndev);
	struct ethtool_out o = ETHTOOL_OUT(out, max);
	u64 v[VNET_PAIR_STATS];
	unsigned int i, j;

	for (i = 0; i < vd->nr_pairs; i++) {
		vnet_pair_values(&vd->qp[i], v);
		for (j = 0; j < VNET_PAIR_STATS; j++) {
			if (!vnet_pair_stat_names[i][j][0])
				snprintf(vnet_pair_stat_names[i][j],
					 sizeof(vnet_pair_stat_names[i][j]), vnet_pair_stat_fmt[j],
					 i);
			ethtool_put(&o, vnet_pair_stat_names[i][j], v[j]);
		}
	}
	ethtool_put(&o, "config_interrupts", vd->config_interrupts);
	ethtool_put(&o, "intx_interrupts", vd->intx_interrupts);
	ethtool_put(&o, "ctrl_errors", vd->ctrl_errors);
	return o.n;
}

static const char *vnet_mode_name(enum irq_ladder_mode m)
{
	return m == IRQ_LADDER_MSIX ? "msix" : m == IRQ_LADDER_INTX ? "intx" : "poll";
}

static void vnet_show(struct vnet_dev *vd)
{
	struct ethtool_stat st[VNET_MAX_PAIRS * VNET_PAIR_STATS + 3];
	unsigned int i;
	int n, k;

	shell_printf("%s: %s link=%s irq=%s pairs=%u/%u features=%#llx\n", vd->ndev.name,
		     vd->pdev->name, netif_carrier_ok(&vd->ndev) ? "up" : "down",
		     vnet_mode_name(vd->irq.mode), vd->nr_pairs, vd->max_pairs,
		     (unsigned long long)vd->features);
	for (i = 0; i < vd->nr_pairs; i++) {
		const struct vnet_pair *qp = &vd->qp[i];

		shell_printf(
		    "  pair %u: napi=%s vector=%d irqs=%llu napi_irqs=%llu polls=%llu "
		    "rx=%llu tx=%llu\n",
		    i, napi_name(&qp->napi), qp->irq, (unsigned long long)qp->stats.interrupts,
		    (unsigned long long)qp->napi.stats.irq_schedules,
		    (unsigned long long)qp->stats.polls, (unsigned long long)qp->stats.rx_packets,
		    (unsigned long long)qp->stats.tx_packets);
	}
	n = vnet_get_ethtool_stats(&vd->ndev, st, (int)ARRAY_SIZE(st));
	for (k = 0; k < n; k++)
		shell_printf("  %s: %llu\n", st[k].name, (unsigned long long)st[k].value);
}

struct vnet_dev *vnet_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < VNET_MAX_DEVS; i++)
		if (vnet_devs[i] && !strcmp(vnet_devs[i]->ndev.name, name))
			return vnet_devs[i];
	return NULL;
}

static int vnet_cmd(int argc, char **argv)
{
	unsigned int i;
	int shown = 0;

	for (i = 0; i < VNET_MAX_DEVS; i++) {
		struct vnet_dev *vd = vnet_devs[i];

		if (!vd || (argc > 1 && strcmp(argv[1], vd->ndev.name)))
			continue;
		if (argc > 2 && !strcmp(argv[2], "up")) {
			dev_open(&vd->ndev);
		} else if (argc > 2 && !strcmp(argv[2], "down")) {
			dev_close(&vd->ndev);
		} else if (argc > 2) {
			shell_printf("vnet: unknown action '%s' (up, down)\n", argv[2]);
			return -EINVAL;
		}
		vnet_show(vd);
		shown++;
	}
	if (!shown) {
		shell_printf("vnet: no virtio-net device%s%s\n", argc > 1 ? " named " : "",
			     argc > 1 ? argv[1] : "");
		return -ENODEV;
	}
	return 0;
}

static struct shell_cmd vnet_shell_cmd = {
	.name = "vnet",
	.usage = "vnet [ethN [up|down]]",
	.help = "virtio-net queue pairs, vectors, NAPI instances and counters",
	.run = vnet_cmd,
};

void vnet_shell_init(void)
{
	shell_register(&vnet_shell_cmd);
}

void vnet_stats_register(struct vnet_dev *vd)
{
	unsigned int i;

	for (i = 0; i < VNET_MAX_DEVS; i++) {
		if (!vnet_devs[i]) {
			vnet_devs[i] = vd;
			return;
		}
	}
	pr_warn("%s: more than %d virtio-net devices: not listed by the vnet command\n",
		vd->ndev.name, VNET_MAX_DEVS);
}

void vnet_stats_unregister(struct vnet_dev *vd)
{
	unsigned int i;

	for (i = 0; i < VNET_MAX_DEVS; i++) {
		if (vnet_devs[i] == vd)
			vnet_devs[i] = NULL;
	}
}
