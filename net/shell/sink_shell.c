// SPDX-License-Identifier: BSD-2-Clause
/*
 * The sinks' touch mode (net/services/sink.h) from the command line
 * (sink.touch=) and the shell (`set sink.touch`, `sink`). Kept out of
 * net/services/ because the hosted builds take that folder whole and have
 * no shell.
 */
#include <errno.h>
#include <string.h>
#include "kernel/console/shell.h"
#include "kernel/core/cmdline.h"
#include "net/shell/net_shell.h"
#include "net/services/sink.h"

static int sink_setter(const char *key, const char *value)
{
	if (strcmp(key, "sink.touch"))
		return -ENOENT;
	for (int i = 0; i < SINK_TOUCH_COUNT; i++) {
		if (!strcmp(value, sink_touch_names[i])) {
			sink_touch_mode = (enum sink_touch)i;
			shell_printf("sink.touch = %s\n", sink_touch_names[i]);
			return 0;
		}
	}
	shell_printf("sink.touch: '%s' is not off, copy or sum\n", value);
	return -EINVAL;
}

static void sink_setter_list(void)
{
	shell_printf("sink.touch = %s\n", sink_touch_names[sink_touch_mode]);
}

static int cmd_sink(int argc, char **argv)
{
	shell_printf("sink: touch %s, taken %llu bytes, touched %llu, byte sum %llu\n",
		     sink_touch_names[sink_touch_mode], (unsigned long long)sink_stats.taken_bytes,
		     (unsigned long long)sink_stats.touched_bytes,
		     (unsigned long long)sink_stats.byte_sum);
	return 0;
}

static struct shell_cmd sink_cmd = {
	.name = "sink",
	.usage = "sink",
	.help = "what discard and iperf did with the bytes they took (sink.touch)",
	.run = cmd_sink,
};

static struct shell_setter sink_shell_setter = { .set = sink_setter, .list = sink_setter_list };

void sink_shell_init(void)
{
	int mode = SINK_TOUCH_OFF;

	/* Malformed: logged by cmdline, the sinks stay as they are. */
	if (cmdline_get_choice("sink.touch", sink_touch_names, SINK_TOUCH_COUNT, &mode) == 0)
		sink_touch_mode = (enum sink_touch)mode;
	shell_register(&sink_cmd);
	shell_register_setter(&sink_shell_setter);
}
