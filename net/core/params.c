// SPDX-License-Identifier: BSD-2-Clause
/* Name-to-setter table over the typed tunables of net/core/napi.c and net/core/backlog.c. */
#define pr_fmt(fmt) "net: " fmt

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel/core/cmdline.h"
#include "kernel/console/printk.h"
#include "net/core/gro.h"
#include "net/core/napi.h"
#include "net/core/netdev_stack.h"
#include "net/core/params.h"

struct net_param {
	const char *name;
	int (*set)(const char *name, const char *value);
	void (*get)(char *buf, size_t len);
};

/* Whole-string decimal number; anything else is refused. */
static int net_param_parse_long(const char *name, const char *value, long *out)
{
	char *end;

	if (!value || !*value)
		goto bad;
	*out = strtol(value, &end, 10);
	if (*end)
		goto bad;
	return 0;
bad:
	pr_err("%s: '%s' is not a number\n", name, value ? value : "");
	return -EINVAL;
}

static int set_budget(const char *name, const char *value)
{
	long v;

	return net_param_parse_long(name, value, &v) ?: net_set_budget(v);
}

static int set_budget_usecs(const char *name, const char *value)
{
	long v;

	return net_param_parse_long(name, value, &v) ?: net_set_budget_usecs(v);
}

static int set_max_backlog(const char *name, const char *value)
{
	long v;

	return net_param_parse_long(name, value, &v) ?: netdev_set_max_backlog(v);
}

static int set_napi_mode(const char *name, const char *value)
{
	enum napi_mode mode;

	if (napi_mode_parse(value, &mode)) {
		pr_err("%s: '%s' is not one of napi, irq, busypoll\n", name, value ? value : "");
		return -EINVAL;
	}
	return napi_set_mode(mode);
}

static int set_gro(const char *name, const char *value)
{
	if (value && (!strcmp(value, "on") || !strcmp(value, "1"))) {
		gro_set_enabled(true);
		return 0;
	}
	if (value && (!strcmp(value, "off") || !strcmp(value, "0"))) {
		gro_set_enabled(false);
		return 0;
	}
	pr_err("%s: '%s' is not on or off\n", name, value ? value : "");
	return -EINVAL;
}

static void get_gro(char *buf, size_t len)
{
	snprintf(buf, len, "%s", gro_enabled() ? "on" : "off");
}

static int set_defer_hard_irqs(const char *name, const char *value)
{
	long v;

	return net_param_parse_long(name, value, &v) ?: napi_set_defer_hard_irqs(v);
}

static int set_flush_timeout(const char *name, const char *value)
{
	long v;

	return net_param_parse_long(name, value, &v) ?: napi_set_flush_timeout(v);
}

static void get_defer_hard_irqs(char *buf, size_t len)
{
	snprintf(buf, len, "%d", napi_get_defer_hard_irqs());
}

static void get_flush_timeout(char *buf, size_t len)
{
	snprintf(buf, len, "%ld", napi_get_flush_timeout());
}

static void get_budget(char *buf, size_t len)
{
	snprintf(buf, len, "%d", net_get_budget());
}

static void get_budget_usecs(char *buf, size_t len)
{
	snprintf(buf, len, "%d", net_get_budget_usecs());
}

static void get_max_backlog(char *buf, size_t len)
{
	snprintf(buf, len, "%d", netdev_get_max_backlog());
}

static void get_napi_mode(char *buf, size_t len)
{
	snprintf(buf, len, "%s", napi_mode_name(napi_get_mode()));
}

static const struct net_param net_params[] = {
	{ "net.budget", set_budget, get_budget },
	{ "net.budget_usecs", set_budget_usecs, get_budget_usecs },
	{ "net.max_backlog", set_max_backlog, get_max_backlog },
	{ "napi.mode", set_napi_mode, get_napi_mode },
	{ "net.gro", set_gro, get_gro },
	{ "net.napi_defer_hard_irqs", set_defer_hard_irqs, get_defer_hard_irqs },
	{ "net.gro_flush_timeout", set_flush_timeout, get_flush_timeout },
};

static const struct net_param *net_param_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < ARRAY_SIZE(net_params); i++) {
		if (!strcmp(net_params[i].name, name))
			return &net_params[i];
	}
	return NULL;
}

int net_param_set(const char *name, const char *value)
{
	const struct net_param *p = net_param_find(name);

	if (!p) {
		pr_err("unknown parameter '%s'\n", name ? name : "");
		return -ENOENT;
	}
	return p->set(p->name, value);
}

int net_param_get(const char *name, char *buf, size_t len)
{
	const struct net_param *p = net_param_find(name);

	if (!p)
		return -ENOENT;
	p->get(buf, len);
	return 0;
}

int net_param_for_each(int (*fn)(const char *name, const char *value, void *ctx), void *ctx)
{
	char value[32];
	size_t i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(net_params); i++) {
		net_params[i].get(value, sizeof(value));
		ret = fn(net_params[i].name, value, ctx);
		if (ret)
			return ret;
	}
	return 0;
}

int net_params_from_cmdline(void)
{
	const char *value;
	size_t i;
	int refused = 0;

	for (i = 0; i < ARRAY_SIZE(net_params); i++) {
		if (!cmdline_get(net_params[i].name, &value))
			continue;
		if (!value) {
			pr_err("%s on the command line needs a value\n", net_params[i].name);
			refused++;
			continue;
		}
		if (net_params[i].set(net_params[i].name, value))
			refused++;
	}
	return refused;
}
