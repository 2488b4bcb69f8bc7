// SPDX-License-Identifier: BSD-2-Clause
/*
 * The status page itself: webstatus_page.html, built into the kernel so the
 * browser needs nothing from anywhere else. It is kept as HTML to be edited
 * as HTML; mk/lwip.mk makes this object depend on it.
 */
#include "net/services/webstatus/webstatus.h"

__asm__(".section .rodata\n"
	".global webstatus_page\n"
	"webstatus_page:\n"
	".incbin \"net/services/webstatus/webstatus_page.html\"\n"
	"webstatus_page_end:\n"
	".byte 0\n"
	".balign 8\n"
	".global webstatus_page_len\n"
	"webstatus_page_len:\n"
	".quad webstatus_page_end - webstatus_page\n"
	".previous\n");
