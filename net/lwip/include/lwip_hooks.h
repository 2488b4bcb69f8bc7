/* SPDX-License-Identifier: BSD-2-Clause */
/* lwIP's hooks that napkin sets (LWIP_HOOK_FILENAME in lwipopts.h). */
#ifndef NAPKIN_LWIP_HOOKS_H
#define NAPKIN_LWIP_HOOKS_H

#include "net/lwip/admission.h"

/* Admission of new connections on the SYN (net/lwip/admission.c). */
#define LWIP_HOOK_TCP_INPACKET_PCB(pcb, hdr, optlen, opt1len, opt2, p) \
	napkin_tcp_inpacket((pcb), (hdr), (optlen), (opt1len), (opt2), (p))

#endif
