/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counters: the chip's statistics registers (which clear when read, so they
 * are accumulated into 64-bit totals) and the driver's own event counts. Both
 * are listed by name for the `ethtool -S`-style interface.
 */
#ifndef NAPKIN_DRIVERS_E1000_STATS_H
#define NAPKIN_DRIVERS_E1000_STATS_H

#include "kernel/core/compiler.h"

/* X(id, register offset, is a low/high pair, name) */
#define E1000_HW_STATS(X)                                      \
	X(CRCERRS, 0x4000, false, "rx_crc_errors")             \
	X(ALGNERRC, 0x4004, false, "rx_align_errors")          \
	X(SYMERRS, 0x4008, false, "rx_symbol_errors")          \
	X(RXERRC, 0x400C, false, "rx_data_errors")             \
	X(MPC, 0x4010, false, "rx_missed_packets")             \
	X(SCC, 0x4014, false, "tx_single_collisions")          \
	X(ECOL, 0x4018, false, "tx_excessive_collisions")      \
	X(MCC, 0x401C, false, "tx_multiple_collisions")        \
	X(LATECOL, 0x4020, false, "tx_late_collisions")        \
	X(COLC, 0x4028, false, "tx_collisions")                \
	X(DC, 0x4030, false, "tx_deferred")                    \
	X(TNCRS, 0x4034, false, "tx_no_carrier_sense")         \
	X(SEC, 0x4038, false, "rx_sequence_errors")            \
	X(CEXTERR, 0x403C, false, "rx_carrier_ext_errors")     \
	X(RLEC, 0x4040, false, "rx_length_errors")             \
	X(XONRXC, 0x4048, false, "rx_xon")                     \
	X(XONTXC, 0x404C, false, "tx_xon")                     \
	X(XOFFRXC, 0x4050, false, "rx_xoff")                   \
	X(XOFFTXC, 0x4054, false, "tx_xoff")                   \
	X(FCRUC, 0x4058, false, "rx_flow_control_unsupported") \
	X(PRC64, 0x405C, false, "rx_size_64")                  \
	X(PRC127, 0x4060, false, "rx_size_65_127")             \
	X(PRC255, 0x4064, false, "rx_size_128_255")            \
	X(PRC511, 0x4068, false, "rx_size_256_511")            \
	X(PRC1023, 0x406C, false, "rx_size_512_1023")          \
	X(PRC1522, 0x4070, false, "rx_size_1024_1522")         \
	X(GPRC, 0x4074, false, "rx_good_packets")              \
	X(BPRC, 0x4078, false, "rx_broadcast")                 \
	X(MPRC, 0x407C, false, "rx_multicast")                 \
	X(GPTC, 0x4080, false, "tx_good_packets")              \
	X(GORC, 0x4088, true, "rx_good_octets")                \
	X(GOTC, 0x4090, true, "tx_good_octets")                \
	X(RNBC, 0x40A0, false, "rx_no_buffer")                 \
	X(RUC, 0x40A4, false, "rx_undersize")                  \
	X(RFC, 0x40A8, false, "rx_fragments")                  \
	X(ROC, 0x40AC, false, "rx_oversize")                   \
	X(RJC, 0x40B0, false, "rx_jabbers")                    \
	X(TOR, 0x40C0, true, "rx_total_octets")                \
	X(TOT, 0x40C8, true, "tx_total_octets")                \
	X(TPR, 0x40D0, false, "rx_total_packets")              \
	X(TPT, 0x40D4, false, "tx_total_packets")              \
	X(PTC64, 0x40D8, false, "tx_size_64")                  \
	X(PTC127, 0x40DC, false, "tx_size_65_127")             \
	X(PTC255, 0x40E0, false, "tx_size_128_255")            \
	X(PTC511, 0x40E4, false, "tx_size_256_511")            \
	X(PTC1023, 0x40E8, false, "tx_size_512_1023")          \
	X(PTC1522, 0x40EC, false, "tx_size_1024_1522")         \
	X(MPTC, 0x40F0, false, "tx_multicast")                 \
	X(BPTC, 0x40F4, false, "tx_broadcast")                 \
	X(TSCTC, 0x40F8, false, "tx_tso_contexts")             \
	X(TSCTFC, 0x40FC, false, "tx_tso_context_failures")

#define E1000_HWSTAT_ENUM(id, reg, wide, name) E1000_HWSTAT_##id,
enum e1000_hw_stat { E1000_HW_STATS(E1000_HWSTAT_ENUM) E1000_NR_HW_STATS };
#undef E1000_HWSTAT_ENUM

/* The driver's own counters: events the chip does not count. */
#define E1000_SW_STATS(X)                                                              \
	X(irq_handled)		/* INTx/MSI interrupts that were ours */               \
	X(irq_not_ours)		/* INTx interrupts declined (shared line) */           \
	X(irq_msix_rx)		/* MSI-X receive vector */                             \
	X(irq_msix_tx)		/* MSI-X transmit vector */                            \
	X(irq_msix_other)	/* MSI-X link/overrun vector */                        \
	X(irq_link)		/* link status change causes */                        \
	X(irq_rx_overrun)	/* RXO causes: the ring was empty */                   \
	X(rx_desc_frame_errors) /* descriptors flagging CRC/symbol/data errors */      \
	X(rx_desc_bad_length)	/* descriptors with an impossible length */            \
	X(rx_spanning_frames)	/* frames larger than one buffer, dropped */           \
	X(rx_csum_offloaded)	/* frames the hardware checksummed */                  \
	X(rx_csum_errors)	/* frames the hardware found a bad checksum in */      \
	X(rx_ring_desync)	/* completed descriptors with no buffer behind them */ \
	X(rx_refill_starved)	/* refills that found no free buffer */                \
	X(tx_csum_offloaded)	/* frames with hardware checksums */                   \
	X(tx_csum_software)	/* frames checksummed by the driver instead */         \
	X(tx_context_descs)	/* context descriptors written */                      \
	X(tx_tso_frames)	/* super-segments handed to the hardware to cut */     \
	X(tx_tso_segments)	/* ... the frames they became on the wire */           \
	X(tx_bad_frames)	/* frames dropped: bad offsets, too many segments */   \
	X(tx_ring_full)		/* transmits refused: ring full */                     \
	X(tx_timeouts)		/* watchdog: no transmit progress, transmit reset */   \
	X(missed_irqs)		/* watchdog: queues masked, no poll due */             \
	X(link_timeouts)	/* open without link for the whole grace period */     \
	X(watchdog_runs)

#define E1000_SWSTAT_FIELD(name) u64 name;
struct e1000_sw_stats {
	E1000_SW_STATS(E1000_SWSTAT_FIELD)
};
#undef E1000_SWSTAT_FIELD

#define E1000_NR_SW_STATS (sizeof(struct e1000_sw_stats) / sizeof(u64))

struct e1000_hw_stat_def {
	u16 reg;
	bool wide; /* low register at reg, high at reg + 4; reading high clears both */
	const char *name;
};

extern const struct e1000_hw_stat_def e1000_hw_stat_defs[E1000_NR_HW_STATS];
extern const char *const e1000_sw_stat_names[E1000_NR_SW_STATS];

/* Read one register (pair) of the chip's counters at mmio, add it to acc[id]; returns the delta. */
u64 e1000_hw_stat_collect(u64 *acc, const volatile u8 *mmio, enum e1000_hw_stat id);
/* Read every counter into acc. Returns the MPC delta (frames lost for want of a buffer). */
u64 e1000_hw_stats_collect(u64 *acc, const volatile u8 *mmio);

#endif
