# SPDX-License-Identifier: BSD-2-Clause
# ACPICA, the ACPI interpreter (third_party/acpica, fetched by
# scripts/fetch_acpica.sh on the first build), and napkin's glue in
# kernel/acpi/: the OS services layer ACPICA calls (osl_*.c) and the users
# (_PIC, _PRT routing, S5, reset). docs/ACPI.md explains the choices.
#
# Only the interpreter's core is built: tables, namespace, parser, dispatcher,
# executer, events, hardware and resources. The debugger, disassembler and
# compiler are left out. The list is explicit so it is known before the
# source is fetched. ACPICA gets the kernel's code generation flags but not
# napkin's warning set (its style is not ours to fix); the glue keeps it.

ACPICA_DIR := third_party/acpica
ACPICA_STAMP := $(ACPICA_DIR)/.fetched
# kernel/acpi/env first: it supplies the host environment header acenv.h asks for.
ACPICA_INCLUDES := -Ikernel/acpi/env -I$(ACPICA_DIR)/include -I$(ACPICA_DIR)/source

ACPICA_NAMES := \
	dsargs dscontrol dsdebug dsfield dsinit dsmethod dsmthdat dsobject dsopcode \
	dspkginit dsutils dswexec dswload dswload2 dswscope dswstate \
	evevent evglock evgpe evgpeblk evgpeinit evgpeutil evhandler evmisc evregion \
	evrgnini evsci evxface evxfevnt evxfgpe evxfregn \
	exconcat exconfig exconvrt excreate exdebug exdump exfield exfldio exmisc \
	exmutex exnames exoparg1 exoparg2 exoparg3 exoparg6 exprep exregion exresnte \
	exresolv exresop exserial exstore exstoren exstorob exsystem extrace exutils \
	hwacpi hwesleep hwgpe hwpci hwregs hwsleep hwvalid hwxface hwxfsleep \
	nsaccess nsalloc nsarguments nsconvert nseval nsinit nsload nsnames \
	nsobject nsparse nspredef nsprepkg nsrepair nsrepair2 nssearch nsutils nswalk \
	nsxfeval nsxfname nsxfobj \
	psargs psloop psobject psopcode psopinfo psparse psscope pstree psutils pswalk \
	psxface \
	rsaddr rscalc rscreate rsinfo rsio rsirq rslist rsmemory rsmisc rsserial \
	rsutils rsxface \
	tbdata tbfadt tbfind tbinstal tbprint tbutils tbxface tbxfload tbxfroot \
	utaddress utalloc utascii utbuffer utcache utcopy utexcep utdebug utdecode \
	utdelete uterror uteval utglobal uthex utids utinit utlock utmath utmisc \
	utmutex utnonansi utobject utosi utownerid utpredef utresdecode utresrc \
	utstate utstring utstrsuppt utstrtoul64 utxface utxfinit utxferror utxfmutex
ACPICA_SRCS := $(patsubst %,$(ACPICA_DIR)/source/%.c,$(ACPICA_NAMES))

# After deps.sh: both use apt, and two apt runs at once fight over its locks.
$(ACPICA_STAMP): scripts/fetch_acpica.sh | $(DEPS_STAMP)
	bash scripts/fetch_acpica.sh $(ACPICA_DIR)

# The sources appear once the fetch ran; say so instead of "no rule to make".
$(ACPICA_SRCS): | $(ACPICA_STAMP)

# -O2 like the kernel; warnings off but errors stay errors. The interpreter
# never touches SSE, and the kernel flags already forbid it.
ACPICA_KCFLAGS = $(filter-out -W%,$(KCFLAGS)) -w $(ACPICA_INCLUDES) -DBUILDING_ACPICA
ACPICA_KOBJS := $(patsubst $(ACPICA_DIR)/source/%.c,$(BUILD)/acpica/%.c.o,$(ACPICA_SRCS))

# $(KFLAGS_STAMP) (where the Makefile defines one) rebuilds ACPICA when the kernel flags change.
$(BUILD)/acpica/%.c.o: $(ACPICA_DIR)/source/%.c $(KFLAGS_STAMP) | $(ACPICA_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(ACPICA_KCFLAGS) -c $< -o $@

KEXTRA_OBJS += $(ACPICA_KOBJS)

# napkin's glue: everything in kernel/acpi/ sees ACPICA's headers. The
# Makefile's kernel/*/*.c already builds these files.
ACPI_GLUE_SRCS := $(wildcard kernel/acpi/*.c)
$(BUILD)/k/kernel/acpi/%.c.o: KCFLAGS += $(ACPICA_INCLUDES)
$(patsubst %,$(BUILD)/k/%.o,$(ACPI_GLUE_SRCS)): | $(ACPICA_STAMP)

# The static-table parser alone (acpi.c and acpi_*.c): no ACPICA, so the unit
# tests and the fuzzer build it on the host.
ACPI_TABLE_SRCS := $(wildcard kernel/acpi/acpi.c kernel/acpi/acpi_*.c)
