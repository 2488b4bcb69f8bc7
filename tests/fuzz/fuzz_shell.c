// SPDX-License-Identifier: BSD-2-Clause
/*
 * The shell's line editor and argument splitter: the input is what arrives on
 * the serial line, byte by byte (editing keys, escape sequences, history,
 * overlong lines), with a byte 0xfe standing for a log line printed in
 * between (the prompt hidden and redrawn). The commands it reaches check the
 * argument vector they are given. The whole input also runs as one line.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/console/console.h"
#include "kernel/console/shell.h"
#include "tests/fuzz/fuzz.h"

/* Stands for a log line arriving while a line is being typed. */
#define LOG_LINE_BYTE 0xfe

void serial_write(const char *s, size_t len)
{
	volatile char sink = 0;

	/* Read it all: an output length past the shell's buffer is a bug. */
	for (size_t i = 0; i < len; i++)
		sink ^= s[i];
	(void)sink;
}

/* The screen mirrors see the same bytes; reading them once on serial is enough. */
void vga_write_text(const char *s, size_t len)
{
	(void)s;
	(void)len;
}

void fbcon_write(const char *s, size_t len)
{
	(void)s;
	(void)len;
}

/* An argument vector as the shell promises it: non-empty words, NULL after the last. */
static int check_args(int argc, char **argv)
{
	if (argc < 1 || argc > SHELL_MAX_ARGS || argv[argc])
		abort();
	for (int i = 0; i < argc; i++) {
		if (!argv[i][0] || strpbrk(argv[i], " \t"))
			abort();
	}
	return 0;
}

static int cmd_ok(int argc, char **argv)
{
	return check_args(argc, argv);
}

static int cmd_usage(int argc, char **argv)
{
	check_args(argc, argv);
	return -EINVAL;
}

static int cmd_fail(int argc, char **argv)
{
	check_args(argc, argv);
	return -EIO;
}

/* Commands that print, as real ones do, while running. */
static int cmd_print(int argc, char **argv)
{
	check_args(argc, argv);
	for (int i = 0; i < argc; i++)
		shell_printf("%s%c", argv[i], i + 1 < argc ? ' ' : '\n');
	return 0;
}

static struct shell_cmd cmds[] = {
	{ .name = "a", .help = "ok", .run = cmd_ok },
	{ .name = "set", .usage = "set KEY VALUE", .help = "usage", .run = cmd_usage },
	{ .name = "fail", .help = "fails", .run = cmd_fail },
	{ .name = "echo", .help = "prints", .run = cmd_print },
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	for (size_t i = 0; i < ARRAY_SIZE(cmds); i++)
		shell_register(&cmds[i]);
	shell_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	char *line = fuzz_strndup(data, size);

	for (size_t i = 0; i < size; i++) {
		if (data[i] == LOG_LINE_BYTE) {
			shell_hide_prompt();
			shell_show_prompt();
			continue;
		}
		shell_input((char)data[i]);
	}
	/* Ends the typed line, so the next input starts from a fresh prompt. */
	shell_input(0x03);
	shell_execute(line);
	shell_list_commands();
	free(line);
	return 0;
}
