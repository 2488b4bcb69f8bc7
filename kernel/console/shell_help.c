// SPDX-License-Identifier: BSD-2-Clause
/* `help KEY` and `help keys`: docs/CMDLINE.md's key tables in the shell. */
#include <errno.h>
#include <string.h>
#include "kernel/console/shell.h"
#include "kernel/console/shell_help.h"

#define HELP_WIDTH 78 /* a serial terminal's line, less a margin */

static char fold(char c)
{
	return c == '-' ? '_' : c;
}

bool cmdline_doc_matches(const char *pattern, const char *key)
{
	while (*pattern) {
		if (*pattern == '<') {
			const char *close = strchr(pattern, '>');
			size_t n = 0;

			if (!close)
				return false;
			/* A placeholder never spans a '.', so it ends where the pattern's next
			 * literal part begins; try each length, shortest first. */
			for (;; n++) {
				if (n && cmdline_doc_matches(close + 1, key + n))
					return true;
				if (!key[n] || key[n] == '.' || key[n] == ' ')
					return false;
			}
		}
		if (fold(*pattern) != fold(*key))
			return false;
		pattern++;
		key++;
	}
	return !*key;
}

const struct cmdline_doc *cmdline_doc_find(const char *key)
{
	const struct cmdline_doc *found = NULL;

	for (unsigned int i = 0; i < cmdline_docs_count; i++) {
		const struct cmdline_doc *d = &cmdline_docs[i];

		if (!strchr(d->key, '<') && cmdline_doc_matches(d->key, key))
			return d;
		if (!found && strchr(d->key, '<') && cmdline_doc_matches(d->key, key))
			found = d;
	}
	return found;
}

/* "label: text", the text folded at word boundaries under a hanging indent. */
static void print_wrapped(const char *label, const char *text)
{
	const int indent = 4;
	int col = shell_printf("  %s: ", label);

	while (*text) {
		size_t word = strcspn(text, " ");

		if (col > indent && col + (int)word > HELP_WIDTH) {
			shell_printf("\n%*s", indent, "");
			col = indent;
		}
		col += shell_printf("%.*s", (int)word, text);
		text += word;
		while (*text == ' ')
			text++;
		if (*text && col < HELP_WIDTH)
			col += shell_printf(" ");
	}
	shell_printf("\n");
}

int shell_help_key(const char *key)
{
	const struct cmdline_doc *d = cmdline_doc_find(key);

	if (!d)
		return -ENOENT;
	shell_printf("%s (kernel command line, docs/CMDLINE.md)\n", d->key);
	print_wrapped("type", d->type);
	print_wrapped("default", d->dflt);
	print_wrapped("example", d->example);
	print_wrapped("meaning", d->meaning);
	print_wrapped("bad value", d->bad);
	return 0;
}

void shell_help_list_keys(void)
{
	for (unsigned int i = 0; i < cmdline_docs_count; i++)
		shell_printf("  %-22s %.54s\n", cmdline_docs[i].key, cmdline_docs[i].type);
}
