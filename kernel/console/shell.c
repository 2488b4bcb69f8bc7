// SPDX-License-Identifier: BSD-2-Clause
/*
 * Line editing (backspace, Ctrl-U, Ctrl-C, up/down history) over the serial
 * console, command dispatch, and the prompt discipline: printk calls
 * shell_hide_prompt() before a log line and shell_show_prompt() after, so
 * the half-typed command moves below the log instead of being garbled.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "kernel/console/console.h"
#include "kernel/console/fbcon.h"
#include "kernel/x86/irqflags.h"
#include "kernel/console/printk.h"
#include "kernel/console/shell.h"

#define LINE_MAX 256
#define HISTORY	 16
#define PROMPT	 "napkin> "

static struct shell_cmd *commands;
static char line[LINE_MAX];
static size_t line_len;
static char history[HISTORY][LINE_MAX];
static unsigned history_count, history_pos;
static bool prompt_shown, active, running_command;
static int escape_state;

void shell_register(struct shell_cmd *cmd)
{
	struct shell_cmd **pp = &commands;

	/* Kept sorted so `help` reads like a manual. */
	while (*pp && strcmp((*pp)->name, cmd->name) < 0)
		pp = &(*pp)->next;
	cmd->next = *pp;
	*pp = cmd;
}

/* The shell shows on the serial console and, mirrored, on the screen. */
static void out(const char *s, size_t n)
{
	serial_write(s, n);
	fbcon_write(s, n);
	vga_write_text(s, n);
}

int shell_printf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	out(buf, strnlen(buf, sizeof(buf)));
	return n;
}

void shell_hide_prompt(void)
{
	if (active && prompt_shown && !running_command)
		out("\r\033[K", 4);
}

void shell_show_prompt(void)
{
	if (active && prompt_shown && !running_command) {
		out(PROMPT, sizeof(PROMPT) - 1);
		out(line, line_len);
	}
}

static void new_prompt(void)
{
	line_len = 0;
	prompt_shown = true;
	out(PROMPT, sizeof(PROMPT) - 1);
}

static int split_args(char *s, char **argv)
{
	int argc = 0;

	while (*s) {
		while (*s == ' ' || *s == '\t')
			*s++ = '\0';
		if (!*s)
			break;
		if (argc == SHELL_MAX_ARGS)
			return -E2BIG;
		argv[argc++] = s;
		while (*s && *s != ' ' && *s != '\t')
			s++;
	}
	return argc;
}

int shell_execute(const char *text)
{
	char buf[LINE_MAX];
	char *argv[SHELL_MAX_ARGS + 1];
	int argc, ret;
	struct shell_cmd *cmd;

	strlcpy(buf, text, sizeof(buf));
	argc = split_args(buf, argv);
	if (argc < 0) {
		shell_printf("error: more than %d arguments\n", SHELL_MAX_ARGS);
		return argc;
	}
	if (argc == 0)
		return 0;
	argv[argc] = NULL;
	cmd = shell_find_command(argv[0]);
	if (!cmd) {
		shell_printf("%s: unknown command (try 'help')\n", argv[0]);
		return -ENOENT;
	}
	running_command = true;
	ret = cmd->run(argc, argv);
	running_command = false;
	if (ret == -EINVAL)
		shell_printf("usage: %s\n", cmd->usage ? cmd->usage : cmd->name);
	else if (ret < 0)
		shell_printf("%s: failed (error %d)\n", argv[0], -ret);
	return ret;
}

static void recall(unsigned pos)
{
	out("\r\033[K", 4);
	strlcpy(line, history[pos % HISTORY], sizeof(line));
	line_len = strlen(line);
	out(PROMPT, sizeof(PROMPT) - 1);
	out(line, line_len);
}

static void handle_escape(char c)
{
	if (escape_state == 1) {
		escape_state = c == '[' ? 2 : 0;
		return;
	}
	escape_state = 0;
	if (c == 'A' && history_pos > 0 && history_count - history_pos < HISTORY &&
	    history_pos > (history_count > HISTORY ? history_count - HISTORY : 0))
		recall(--history_pos);
	else if (c == 'B' && history_pos + 1 < history_count)
		recall(++history_pos);
}

void shell_input(char c)
{
	if (!active)
		return;
	if (escape_state) {
		handle_escape(c);
		return;
	}
	switch (c) {
	case '\033': escape_state = 1; return;
	case '\r':
	case '\n':
		out("\n", 1);
		line[line_len] = '\0';
		prompt_shown = false;
		if (line_len) {
			strlcpy(history[history_count % HISTORY], line, LINE_MAX);
			history_count++;
		}
		history_pos = history_count;
		shell_execute(line);
		new_prompt();
		return;
	case '\b':
	case 0x7f:
		if (line_len) {
			line_len--;
			out("\b \b", 3);
		}
		return;
	case 0x03: /* Ctrl-C */
		out("^C\n", 3);
		new_prompt();
		return;
	case 0x15: /* Ctrl-U */
		line_len = 0;
		out("\r\033[K" PROMPT, 4 + sizeof(PROMPT) - 1);
		return;
	default:
		if ((unsigned char)c < 0x20 || line_len + 1 >= LINE_MAX)
			return;
		line[line_len++] = c;
		out(&c, 1);
	}
}

struct shell_cmd *shell_find_command(const char *name)
{
	struct shell_cmd *cmd;

	for (cmd = commands; cmd; cmd = cmd->next)
		if (!strcmp(cmd->name, name))
			break;
	return cmd;
}

void shell_list_commands(void)
{
	for (struct shell_cmd *c = commands; c; c = c->next)
		shell_printf("  %-22s %s\n", c->usage ? c->usage : c->name, c->help);
}

void shell_init(void)
{
	active = true;
	history_pos = 0;
	new_prompt();
}
