/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hlist.h - singly headed doubly linked lists for hash tables.
 *
 * A hash table wants a head of one pointer per bucket, so the head is not a
 * node and the chain is not circular. Each node keeps @pprev, the address of
 * whatever points at it (the head's @first or the previous node's @next):
 * deletion then needs neither the head nor a special case for the first
 * node.
 *
 * The _rcu variants are the ones the model uses for chains that lookups walk
 * without the hash lock. The simulator runs one task at a time, so they are
 * plain pointer operations; what they keep from the kernel is the order of
 * the stores and the contract each one states, which the model's tasks must
 * honour at every point where they may yield.
 *
 * With JC_DEBUG_LIST defined, adds and deletes check the links around the
 * node and report the caller's file and line, as list.h does. A node must be
 * unhashed (zeroed, INIT_HLIST_NODE(), or deleted) before it is added.
 */
#ifndef JC_HLIST_H
#define JC_HLIST_H

#include <stddef.h>
#include <stdbool.h>

#include "list.h"

struct hlist_node {
	struct hlist_node *next, **pprev;
};

struct hlist_head {
	struct hlist_node *first;
};

/*
 * Values stored in a deleted node. hlist_del() poisons both links;
 * hlist_del_rcu() poisons only @pprev, since readers may still follow @next.
 */
#define HLIST_POISON_NEXT	((struct hlist_node *)0x100)
#define HLIST_POISON_PPREV	((struct hlist_node **)0x122)

#define HLIST_HEAD_INIT { NULL }

/**
 * INIT_HLIST_HEAD - make @h an empty chain
 * @h: the bucket head
 */
static inline void INIT_HLIST_HEAD(struct hlist_head *h)
{
	h->first = NULL;
}

/**
 * INIT_HLIST_NODE - mark @n as on no chain
 * @n: the node
 */
static inline void INIT_HLIST_NODE(struct hlist_node *n)
{
	n->next = NULL;
	n->pprev = NULL;
}

/**
 * hlist_unhashed - whether @n is on no chain
 * @n: the node
 *
 * True for a node that was initialised or removed with hlist_del_init() or
 * hlist_del_init_rcu(); not for one removed with hlist_del() or
 * hlist_del_rcu(), whose state is poisoned rather than empty.
 */
static inline bool hlist_unhashed(const struct hlist_node *n)
{
	return !n->pprev;
}

/**
 * hlist_empty - whether the chain @h has no nodes
 * @h: the bucket head
 */
static inline bool hlist_empty(const struct hlist_head *h)
{
	return !h->first;
}

#ifdef JC_DEBUG_LIST
/**
 * __hlist_corrupt - report a broken hash chain and abort
 * @op:   the operation that found it ("hlist_del_rcu", ...)
 * @what: which check failed
 * @node: the node whose links are wrong
 * @file: source file of the hlist operation
 * @line: line of the hlist operation
 *
 * Defined in src/debug.c beside __list_corrupt(), with the same report
 * format; it never returns.
 */
void __hlist_corrupt(const char *op, const char *what,
		     const struct hlist_node *node, const char *file, int line);

static inline void __hlist_check_add(const struct hlist_node *n,
				     const struct hlist_head *h, const char *op,
				     const char *file, int line)
{
	if (n->pprev && n->pprev != HLIST_POISON_PPREV)
		__hlist_corrupt(op, "node already hashed (or uninitialised)",
				n, file, line);
	if (h->first && h->first->pprev != &h->first)
		__hlist_corrupt(op, "first->pprev != &head->first", h->first,
				file, line);
}

static inline void __hlist_check_del(const struct hlist_node *n,
				     const char *op, const char *file, int line)
{
	if (n->pprev == HLIST_POISON_PPREV || n->next == HLIST_POISON_NEXT)
		__hlist_corrupt(op, "node already deleted", n, file, line);
	if (!n->pprev)
		__hlist_corrupt(op, "node not hashed", n, file, line);
	if (*n->pprev != n)
		__hlist_corrupt(op, "*pprev != node", n, file, line);
	if (n->next && n->next->pprev != &n->next)
		__hlist_corrupt(op, "next->pprev != &node->next", n,
				file, line);
}
#else
static inline void __hlist_check_add(const struct hlist_node *n,
				     const struct hlist_head *h, const char *op,
				     const char *file, int line)
{
	(void)n; (void)h; (void)op; (void)file; (void)line;
}

static inline void __hlist_check_del(const struct hlist_node *n,
				     const char *op, const char *file, int line)
{
	(void)n; (void)op; (void)file; (void)line;
}
#endif

/* Unlink @n from its chain; its own links are left for the caller to set. */
static inline void __hlist_del(struct hlist_node *n)
{
	struct hlist_node *next = n->next;

	*n->pprev = next;
	if (next)
		next->pprev = n->pprev;
}

static inline void __hlist_add_head_at(struct hlist_node *n,
				       struct hlist_head *h,
				       const char *file, int line)
{
	struct hlist_node *first = h->first;

	__hlist_check_add(n, h, "hlist_add_head", file, line);
	n->next = first;
	if (first)
		first->pprev = &n->next;
	h->first = n;
	n->pprev = &h->first;
}

/**
 * hlist_add_head - add @n at the front of the chain @h
 * @n: node to add; must be unhashed
 * @h: the bucket head
 *
 * The caller holds the lock that protects the chain, and no reader walks it
 * without that lock (use hlist_add_head_rcu() for chains that they do).
 */
#define hlist_add_head(n, h) __hlist_add_head_at(n, h, __FILE__, __LINE__)

static inline void __hlist_del_at(struct hlist_node *n,
				  const char *file, int line)
{
	__hlist_check_del(n, "hlist_del", file, line);
	__hlist_del(n);
	n->next = HLIST_POISON_NEXT;
	n->pprev = HLIST_POISON_PPREV;
}

/**
 * hlist_del - unlink @n from its chain and poison it
 * @n: a hashed node
 *
 * hlist_unhashed() is not true afterwards; the node may be added again.
 * The caller holds the lock that protects the chain.
 */
#define hlist_del(n) __hlist_del_at(n, __FILE__, __LINE__)

static inline void __hlist_del_init_at(struct hlist_node *n,
				       const char *file, int line)
{
	if (hlist_unhashed(n))
		return;
	__hlist_check_del(n, "hlist_del_init", file, line);
	__hlist_del(n);
	INIT_HLIST_NODE(n);
}

/**
 * hlist_del_init - unlink @n if it is hashed, and leave it unhashed
 * @n: the node; an unhashed node is left as it is
 *
 * The caller holds the lock that protects the chain.
 */
#define hlist_del_init(n) __hlist_del_init_at(n, __FILE__, __LINE__)

/**
 * hlist_entry - get the object a node is embedded in
 * @ptr:    the &struct hlist_node
 * @type:   type of the object
 * @member: name of the hlist_node within @type
 */
#define hlist_entry(ptr, type, member) container_of(ptr, type, member)

/*
 * The object holding node @n, which sits @offset bytes into it, or NULL for
 * the end of the chain. A function rather than a macro so that @n is read
 * once, and NULL is never offset (which C leaves undefined).
 */
static inline void *__hlist_entry_or_null(struct hlist_node *n, size_t offset)
{
	return n ? (void *)((char *)n - offset) : NULL;
}

/**
 * hlist_entry_safe - hlist_entry(), or NULL for a NULL node
 * @ptr:    a &struct hlist_node pointer, possibly NULL
 * @type:   type of the object
 * @member: name of the hlist_node within @type
 */
#define hlist_entry_safe(ptr, type, member) \
	((type *)__hlist_entry_or_null(ptr, offsetof(type, member)))

/*
 * As with list.h, the iterators take the entry type explicitly and use only
 * @pos as their cursor.
 */

/**
 * hlist_for_each_entry - walk the objects on a chain
 * @pos:    cursor, a @type pointer; NULL when the walk ends
 * @head:   the bucket head
 * @type:   type of the objects
 * @member: name of the hlist_node within @type
 *
 * The caller holds the lock that protects the chain. The body must not
 * remove @pos; use hlist_for_each_entry_safe() for that.
 */
#define hlist_for_each_entry(pos, head, type, member)			\
	for (pos = hlist_entry_safe((head)->first, type, member);	\
	     pos;							\
	     pos = hlist_entry_safe((pos)->member.next, type, member))

/**
 * hlist_for_each_entry_safe - walk a chain while removing nodes from it
 * @pos:    cursor, a @type pointer; NULL when the walk ends
 * @n:      a &struct hlist_node pointer holding the next node
 * @head:   the bucket head
 * @type:   type of the objects
 * @member: name of the hlist_node within @type
 *
 * The body may delete @pos, but not the node after it.
 */
#define hlist_for_each_entry_safe(pos, n, head, type, member)		\
	for (pos = hlist_entry_safe((head)->first, type, member);	\
	     pos && ((n = (pos)->member.next), 1);			\
	     pos = hlist_entry_safe(n, type, member))

/*
 * RCU variants.
 *
 * Readers walk the chain inside rcu_read_lock() and never block it; the
 * updaters that change it are serialised by the hash lock. A reader may
 * therefore be standing on a node at the moment it is unlinked, and must be
 * able to go on from there: so a new node is filled in before it is
 * published, and an unlinked node keeps its @next until a grace period has
 * passed.
 */

static inline void __hlist_add_head_rcu_at(struct hlist_node *n,
					   struct hlist_head *h,
					   const char *file, int line)
{
	struct hlist_node *first = h->first;

	__hlist_check_add(n, h, "hlist_add_head_rcu", file, line);
	/* Fill in @n first: readers can reach it as soon as h->first is set. */
	n->next = first;
	n->pprev = &h->first;
	h->first = n;			/* rcu_assign_pointer() */
	if (first)
		first->pprev = &n->next;
}

/**
 * hlist_add_head_rcu - add @n at the front of a chain that readers walk
 * @n: node to add; must be unhashed
 * @h: the bucket head
 *
 * Updates need the hash lock held: the caller must hold the lock that
 * serialises every update of this chain (hlist_add_head_rcu(),
 * hlist_del_rcu(), hlist_del_init_rcu()). Readers need rcu_read_lock():
 * they may walk the chain with hlist_for_each_entry_rcu() at the same time,
 * and see @n either fully set up or not at all.
 */
#define hlist_add_head_rcu(n, h) \
	__hlist_add_head_rcu_at(n, h, __FILE__, __LINE__)

static inline void __hlist_del_rcu_at(struct hlist_node *n,
				      const char *file, int line)
{
	__hlist_check_del(n, "hlist_del_rcu", file, line);
	__hlist_del(n);
	n->pprev = HLIST_POISON_PPREV;
}

/**
 * hlist_del_rcu - unlink @n from a chain that readers walk
 * @n: a hashed node
 *
 * Updates need the hash lock held: the caller must hold the lock that
 * serialises every update of this chain. Readers need rcu_read_lock(): a
 * reader standing on @n may still follow @n->next, which is left intact;
 * only @pprev is poisoned. The caller must not free or reuse @n until a
 * grace period has elapsed (synchronize_rcu() or call_rcu() in the model).
 *
 * hlist_unhashed() is not true afterwards.
 */
#define hlist_del_rcu(n) __hlist_del_rcu_at(n, __FILE__, __LINE__)

static inline void __hlist_del_init_rcu_at(struct hlist_node *n,
					   const char *file, int line)
{
	if (hlist_unhashed(n))
		return;
	__hlist_check_del(n, "hlist_del_init_rcu", file, line);
	__hlist_del(n);
	n->pprev = NULL;
}

/**
 * hlist_del_init_rcu - unlink @n from a chain that readers walk, and leave
 *			it unhashed
 * @n: the node; an unhashed node is left as it is
 *
 * Updates need the hash lock held, as for hlist_del_rcu(). Readers need
 * rcu_read_lock(); @n->next is left intact for them, and only @pprev is
 * cleared, so that hlist_unhashed() becomes true. The same grace period
 * rule applies before @n is freed or reused.
 */
#define hlist_del_init_rcu(n) __hlist_del_init_rcu_at(n, __FILE__, __LINE__)

/**
 * hlist_for_each_entry_rcu - walk a chain that updaters may change meanwhile
 * @pos:    cursor, a @type pointer; NULL when the walk ends
 * @head:   the bucket head
 * @type:   type of the objects
 * @member: name of the hlist_node within @type
 *
 * Readers need rcu_read_lock() held across the whole walk (or the hash
 * lock, which excludes updaters). Each @next is read once
 * (rcu_dereference()); nodes added or removed during the walk may or may
 * not be seen, but the walk never leaves the chain.
 */
#define hlist_for_each_entry_rcu(pos, head, type, member)		\
	for (pos = hlist_entry_safe((head)->first, type, member);	\
	     pos;							\
	     pos = hlist_entry_safe((pos)->member.next, type, member))

/**
 * hlist_for_each_entry_continue_rcu - resume an RCU walk after @pos
 * @pos:    cursor left by an earlier walk, a @type pointer
 * @type:   type of the objects
 * @member: name of the hlist_node within @type
 *
 * Readers need rcu_read_lock() held since @pos was found: then @pos has not
 * been freed, even if it was unlinked meanwhile, and its @next still leads
 * back into the chain.
 */
#define hlist_for_each_entry_continue_rcu(pos, type, member)		\
	for (pos = hlist_entry_safe((pos)->member.next, type, member);	\
	     pos;							\
	     pos = hlist_entry_safe((pos)->member.next, type, member))

#endif /* JC_HLIST_H */
