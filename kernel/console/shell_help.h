/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * `help KEY`: the command-line keys of docs/CMDLINE.md, looked up from the
 * shell. The table is generated from that document at build time
 * (scripts/cmdline_doc.py), so the shell and the document cannot disagree.
 */
#ifndef NAPKIN_KERNEL_SHELL_HELP_H
#define NAPKIN_KERNEL_SHELL_HELP_H

#include "kernel/core/compiler.h"

/* One row of docs/CMDLINE.md's key tables, as plain text. */
struct cmdline_doc {
	const char *key; /* may hold placeholders: "ip.<dev>", "<service>.max_conns" */
	const char *type;
	const char *dflt;
	const char *example;
	const char *meaning;
	const char *bad; /* what a bad value does */
};

extern const struct cmdline_doc cmdline_docs[];
extern const unsigned int cmdline_docs_count;

/*
 * True when key is pattern, '-' and '_' counting as one. A "<...>" in the
 * pattern stands for one or more characters other than '.' and ' '.
 */
bool cmdline_doc_matches(const char *pattern, const char *key);
/* The row for key: an exact entry first, else the first pattern it matches; or NULL. */
const struct cmdline_doc *cmdline_doc_find(const char *key);

/* Prints the row for key; -ENOENT (nothing printed) when there is none. */
int shell_help_key(const char *key);
/* Prints every key with its type, one a line. */
void shell_help_list_keys(void);

#endif
