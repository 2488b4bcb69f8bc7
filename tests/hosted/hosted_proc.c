// SPDX-License-Identifier: BSD-2-Clause
/* See hosted_proc.h. */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel/core/time.h"
#include "tests/hosted/hosted.h"
#include "tests/hosted/hosted_proc.h"

#define OUTPUT_MAX 65536
/* Descriptors a child closes before exec; the harness opens a handful. */
#define FD_CLOSE_MAX 1024

static struct hosted_proc *live[HOSTED_PROC_MAX];

static u64 real_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * NSEC_PER_SEC + (u64)ts.tv_nsec;
}

void hosted_cmd_add(struct hosted_cmd *cmd, const char *fmt, ...)
{
	size_t room = sizeof(cmd->text) - cmd->used;
	va_list ap;
	int n;

	ck_assert_msg(cmd->argc < HOSTED_CMD_ARGS, "more than %d arguments", HOSTED_CMD_ARGS);
	va_start(ap, fmt);
	n = vsnprintf(cmd->text + cmd->used, room, fmt, ap);
	va_end(ap);
	ck_assert_msg(n >= 0 && (size_t)n < room, "command line longer than %d bytes",
		      HOSTED_CMD_TEXT);
	cmd->argv[cmd->argc++] = cmd->text + cmd->used;
	cmd->argv[cmd->argc] = NULL;
	cmd->used += (size_t)n + 1;
}

static void track(struct hosted_proc *p, bool on)
{
	for (unsigned int i = 0; i < HOSTED_PROC_MAX; i++) {
		if (on && !live[i]) {
			live[i] = p;
			return;
		}
		if (!on && live[i] == p) {
			live[i] = NULL;
			return;
		}
	}
	ck_assert_msg(!on, "more than %d processes at once", HOSTED_PROC_MAX);
}

/* In the child: never returns. */
static void become(const struct hosted_proc *p, const struct hosted_cmd *cmd, pid_t parent)
{
	int null = open("/dev/null", O_RDONLY);

	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127); /* the test died before the signal was armed */
	dup2(null, 0);
	dup2(p->out_fd, 1);
	dup2(p->out_fd, 2);
	for (int fd = 3; fd < FD_CLOSE_MAX; fd++)
		close(fd);
	execvp(cmd->argv[0], cmd->argv);
	fprintf(stderr, "exec %s: %s\n", cmd->argv[0], strerror(errno));
	_exit(127);
}

void hosted_proc_start(struct hosted_proc *p, const struct hosted_cmd *cmd)
{
	pid_t parent = getpid();

	ck_assert_msg(cmd->argc > 0, "empty command");
	memset(p, 0, sizeof(*p));
	p->out_fd = memfd_create(cmd->argv[0], MFD_CLOEXEC);
	ck_assert_msg(p->out_fd >= 0, "memfd_create: %s", strerror(errno));
	track(p, true);
	p->pid = fork();
	if (p->pid < 0)
		track(p, false);
	ck_assert_msg(p->pid >= 0, "fork: %s", strerror(errno));
	if (p->pid == 0)
		become(p, cmd, parent);
	/* Here too, so a kill of the group cannot race the child's own setpgid. */
	setpgid(p->pid, p->pid);
}

bool hosted_proc_reap(struct hosted_proc *p, bool block)
{
	if (!p->pid)
		return true;
	if (waitpid(p->pid, &p->status, block ? 0 : WNOHANG) != p->pid)
		return false;
	p->pid = 0;
	track(p, false);
	return true;
}

void hosted_proc_kill(struct hosted_proc *p)
{
	if (!p->pid)
		return;
	/* Its own pid if the group is gone (the child already left it, say). */
	if (kill(-p->pid, SIGKILL))
		kill(p->pid, SIGKILL);
	p->killed = true;
	hosted_proc_reap(p, true);
}

void hosted_proc_kill_all(void)
{
	for (unsigned int i = 0; i < HOSTED_PROC_MAX; i++)
		if (live[i])
			hosted_proc_kill(live[i]);
}

bool hosted_proc_wait(struct hosted_proc *p, unsigned int n, unsigned int timeout_s)
{
	u64 deadline = real_ns() + (u64)timeout_s * NSEC_PER_SEC;
	bool in_time = true;

	for (;;) {
		bool running = false;

		for (unsigned int i = 0; i < n; i++)
			running |= !hosted_proc_reap(&p[i], false);
		if (!running)
			return in_time;
		if (real_ns() > deadline) {
			for (unsigned int i = 0; i < n; i++) {
				p[i].timeout_s = timeout_s;
				hosted_proc_kill(&p[i]);
			}
			in_time = false;
			continue;
		}
		hosted_run_for(NSEC_PER_MSEC);
	}
}

bool hosted_proc_ok(const struct hosted_proc *p)
{
	return !p->pid && !p->killed && WIFEXITED(p->status) && WEXITSTATUS(p->status) == 0;
}

const char *hosted_proc_how(const struct hosted_proc *p)
{
	static char buf[64];

	if (p->pid)
		snprintf(buf, sizeof(buf), "still running");
	else if (p->killed && p->timeout_s)
		snprintf(buf, sizeof(buf), "killed after %u s", p->timeout_s);
	else if (p->killed)
		snprintf(buf, sizeof(buf), "killed");
	else if (WIFEXITED(p->status))
		snprintf(buf, sizeof(buf), "exit status %d", WEXITSTATUS(p->status));
	else
		snprintf(buf, sizeof(buf), "signal %d", WTERMSIG(p->status));
	return buf;
}

const char *hosted_proc_output(const struct hosted_proc *p)
{
	static char buf[HOSTED_PROC_MAX][OUTPUT_MAX];
	static unsigned int next;
	char *b = buf[next++ % HOSTED_PROC_MAX];
	ssize_t n = p->out_fd >= 0 ? pread(p->out_fd, b, OUTPUT_MAX - 1, 0) : 0;

	b[n > 0 ? n : 0] = '\0';
	return b;
}

void hosted_proc_release(struct hosted_proc *p)
{
	if (p->out_fd >= 0)
		close(p->out_fd);
	p->out_fd = -1;
}

void hosted_proc_run(struct hosted_cmd *cmd, unsigned int timeout_s)
{
	struct hosted_proc p;

	hosted_proc_start(&p, cmd);
	hosted_proc_wait(&p, 1, timeout_s);
	ck_assert_msg(hosted_proc_ok(&p), "%s %s ... (%s): %s", cmd->argv[0],
		      cmd->argc > 1 ? cmd->argv[1] : "", hosted_proc_how(&p),
		      hosted_proc_output(&p));
	hosted_proc_release(&p);
}
