/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux processes a hosted test starts (ping, iperf, dnsmasq, ...) while the
 * hosted loop keeps napkin running in this process. Each runs in its own
 * process group with stdin from /dev/null and stdout and stderr captured in
 * memory, none of the harness's descriptors (TAPs), and PR_SET_PDEATHSIG
 * (SIGKILL), so it dies with the test even when the test crashes. (A program
 * with file capabilities, such as ping, or one that changes its user, loses
 * that signal: give those a deadline of their own.) Only processes started
 * here are ever signalled.
 */
#ifndef NAPKIN_TESTS_HOSTED_PROC_H
#define NAPKIN_TESTS_HOSTED_PROC_H

#include <sys/types.h>

#include "kernel/core/compiler.h"

#define HOSTED_CMD_ARGS 64
#define HOSTED_CMD_TEXT 2048
/* Processes started and not yet reaped, at most. */
#define HOSTED_PROC_MAX 8

/* A command line being built: argv points into text. Zero it to start. */
struct hosted_cmd {
	char *argv[HOSTED_CMD_ARGS + 1];
	unsigned int argc;
	char text[HOSTED_CMD_TEXT];
	size_t used;
};

/* Append one argument, printf-style. Asserts it fits. */
void hosted_cmd_add(struct hosted_cmd *cmd, const char *fmt, ...) __printf(2, 3);

struct hosted_proc {
	pid_t pid;   /* 0 once reaped */
	int out_fd;  /* memfd with its stdout and stderr; -1 once released */
	int status;  /* wait status once reaped */
	bool killed; /* by hosted_proc_kill() or a timeout */
	unsigned int timeout_s;
};

/* Start cmd. Asserts it could be forked; a failed exec is exit status 127. */
void hosted_proc_start(struct hosted_proc *p, const struct hosted_cmd *cmd);

/* True once p has exited and was reaped; `block` waits for that. */
bool hosted_proc_reap(struct hosted_proc *p, bool block);

/* SIGKILL to p's process group (it and what it started), then reap. */
void hosted_proc_kill(struct hosted_proc *p);

/* Every process started here and not reaped yet: hosted_proc_kill(). */
void hosted_proc_kill_all(void);

/*
 * Run the hosted loop until all n processes exited; any still running after
 * timeout_s seconds of real time is killed. False when one had to be.
 */
bool hosted_proc_wait(struct hosted_proc *p, unsigned int n, unsigned int timeout_s);

/* Exited by itself with status 0. */
bool hosted_proc_ok(const struct hosted_proc *p);

/* How it ended ("exit status 1", "killed after 60 s"), for messages. */
const char *hosted_proc_how(const struct hosted_proc *p);

/*
 * What it printed so far (the first 64 KiB). The string lives until
 * HOSTED_PROC_MAX further calls.
 */
const char *hosted_proc_output(const struct hosted_proc *p);

/* Drop the captured output. */
void hosted_proc_release(struct hosted_proc *p);

/* Start cmd, wait at most timeout_s, assert it exited with status 0, release it. */
void hosted_proc_run(struct hosted_cmd *cmd, unsigned int timeout_s);

#endif
