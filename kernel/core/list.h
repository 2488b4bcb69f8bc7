/* SPDX-License-Identifier: BSD-2-Clause */
/* Intrusive circular doubly linked list: the node lives inside its owner. */
#ifndef NAPKIN_KERNEL_LIST_H
#define NAPKIN_KERNEL_LIST_H

#include "kernel/core/compiler.h"

struct list_head {
	struct list_head *next, *prev;
};

#define LIST_HEAD_INIT(name)     \
	{                        \
		&(name), &(name) \
	}
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *h)
{
	h->next = h;
	h->prev = h;
}

static inline void list_link_between(struct list_head *n, struct list_head *prev,
				     struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

static inline void list_add(struct list_head *n, struct list_head *head)
{
	list_link_between(n, head, head->next);
}

static inline void list_add_tail(struct list_head *n, struct list_head *head)
{
	list_link_between(n, head->prev, head);
}

/* Leaves the node self-linked so list_empty() on it is true afterwards. */
static inline void list_del_init(struct list_head *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
	INIT_LIST_HEAD(n);
}

static inline bool list_empty(const struct list_head *h)
{
	return h->next == h;
}

static inline void list_move_tail(struct list_head *n, struct list_head *head)
{
	list_del_init(n);
	list_add_tail(n, head);
}

#define list_entry(ptr, type, member)	     container_of(ptr, type, member)
#define list_first_entry(head, type, member) list_entry((head)->next, type, member)
#define list_for_each(pos, head)	     for ((pos) = (head)->next; (pos) != (head); (pos) = (pos)->next)
#define list_for_each_entry(pos, head, member)                             \
	for ((pos) = list_entry((head)->next, __typeof__(*(pos)), member); \
	     &(pos)->member != (head);                                     \
	     (pos) = list_entry((pos)->member.next, __typeof__(*(pos)), member))
#define list_for_each_entry_safe(pos, n, head, member)                        \
	for ((pos) = list_entry((head)->next, __typeof__(*(pos)), member),    \
	    (n) = list_entry((pos)->member.next, __typeof__(*(pos)), member); \
	     &(pos)->member != (head);                                        \
	     (pos) = (n), (n) = list_entry((n)->member.next, __typeof__(*(n)), member))

#endif
