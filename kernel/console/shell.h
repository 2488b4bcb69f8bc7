/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The serial console shell. Subsystems add commands with shell_register();
 * a command prints with shell_printf() and returns 0 or a negative errno
 * (the shell reports failures). Log lines that arrive while a command line is
 * being typed are printed above the prompt, which is then redrawn.
 */
#ifndef NAPKIN_KERNEL_SHELL_H
#define NAPKIN_KERNEL_SHELL_H

#include "kernel/core/compiler.h"

#define SHELL_MAX_ARGS 16

struct shell_cmd {
	const char *name;
	const char *usage; /* e.g. "set KEY VALUE" */
	const char *help;  /* one line */
	int (*run)(int argc, char **argv);
	struct shell_cmd *next;
};

void shell_register(struct shell_cmd *cmd);
void shell_init(void);
void shell_list_commands(void);
/* The registered command of that name, or NULL. */
struct shell_cmd *shell_find_command(const char *name);
void shell_register_kernel_commands(void);
int shell_printf(const char *fmt, ...) __printf(1, 2);
/* Feeds one received byte; the serial interrupt path and tests call it. */
void shell_input(char c);
/* Runs one command line as if typed; returns the command's result. */
int shell_execute(const char *line);

/* Called by printk around console output so log lines never split the prompt. */
void shell_hide_prompt(void);
void shell_show_prompt(void);

/* Live tunables for `set`/`get`: a name, a getter and a validating setter. */
struct shell_tunable {
	const char *name;
	const char *help;
	long (*get)(void);
	int (*set)(const char *value); /* 0, or -EINVAL with the reason printed */
	struct shell_tunable *next;
};
void shell_register_tunable(struct shell_tunable *t);

/* Other subsystems' `set` keys (string-valued): tried when no tunable matches. */
struct shell_setter {
	/* 0 on success (having printed the new value), -ENOENT if the key is not
	 * theirs, another negative errno (having printed why) if the value is bad. */
	int (*set)(const char *key, const char *value);
	void (*list)(void);
	struct shell_setter *next;
};
void shell_register_setter(struct shell_setter *s);
/* `mem` calls r->list() after the kernel's own lines (e.g. lwIP pools). */
void shell_register_mem_reporter(struct shell_setter *r);

#endif
