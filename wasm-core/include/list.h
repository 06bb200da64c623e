/* SPDX-License-Identifier: GPL-2.0 */
/*
 * list.h - circular doubly linked lists as the kernel uses them.
 *
 * The list head is embedded in the object; list_entry() gets back to the
 * object. The model's code walks these lists exactly as the kernel does, so
 * the cost it is charged is the walk it really did.
 *
 * With JC_DEBUG_LIST defined (the test build), every add and del checks the
 * neighbours' links and reports file and line on corruption, and a deleted
 * entry is poisoned so that a use after list_del() fails loudly. The report
 * goes through __list_corrupt(), defined in src/debug.c, which only debug
 * builds compile; release builds get empty stubs and no such symbol.
 *
 * None of these helpers lock: the caller holds whatever lock protects the
 * list (the model names it next to each list it declares).
 */
#ifndef JC_LIST_H
#define JC_LIST_H

#include <stddef.h>
#include <stdbool.h>

struct list_head {
	struct list_head *next, *prev;
};

/*
 * Values stored in a deleted entry's links. Natively they point into the
 * unmapped first page, so following them faults at once; in WebAssembly low
 * addresses are ordinary memory, and only the debug checks catch the reuse.
 */
#define LIST_POISON1 ((struct list_head *)0x100)
#define LIST_POISON2 ((struct list_head *)0x122)

/**
 * container_of - get the object that embeds a member
 * @ptr:    pointer to the member
 * @type:   type of the embedding object
 * @member: name of the member within @type
 */
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define LIST_HEAD_INIT(name) { &(name), &(name) }

/**
 * INIT_LIST_HEAD - make @list an empty list (or an entry on no list)
 * @list: the head or entry to initialise
 */
static inline void INIT_LIST_HEAD(struct list_head *list)
{
	list->next = list;
	list->prev = list;
}

/*
 * The checked operations are macros that pass their caller's __FILE__ and
 * __LINE__ down, so a corruption report names the line in the model that
 * made the bad call, not a line of this header. Release builds compile the
 * checks as empty stubs and the location arguments away.
 */
#ifdef JC_DEBUG_LIST
/**
 * __list_corrupt - report a broken list and abort
 * @what:  which check failed, prefixed with the operation
 * @entry: the entry whose links are wrong
 * @file:  source file of the list operation
 * @line:  line of the list operation
 *
 * Defined in src/debug.c. Prints "list corruption: @what at @file:@line"
 * to stderr and calls abort(); it never returns.
 */
void __list_corrupt(const char *what, const struct list_head *entry,
		    const char *file, int line);

static inline void __list_check_add(const struct list_head *new,
				    const struct list_head *prev,
				    const struct list_head *next,
				    const char *file, int line)
{
	if (next->prev != prev)
		__list_corrupt("list_add: next->prev != prev", next,
			       file, line);
	if (prev->next != next)
		__list_corrupt("list_add: prev->next != next", prev,
			       file, line);
	if (new == prev || new == next)
		__list_corrupt("list_add: double add", new, file, line);
}

static inline void __list_check_del(const struct list_head *entry,
				    const char *file, int line)
{
	if (entry->next == LIST_POISON1 || entry->prev == LIST_POISON2)
		__list_corrupt("list_del: entry already deleted", entry,
			       file, line);
	if (entry->prev->next != entry)
		__list_corrupt("list_del: prev->next != entry", entry,
			       file, line);
	if (entry->next->prev != entry)
		__list_corrupt("list_del: next->prev != entry", entry,
			       file, line);
}
#else
static inline void __list_check_add(const struct list_head *new,
				    const struct list_head *prev,
				    const struct list_head *next,
				    const char *file, int line)
{
	(void)new; (void)prev; (void)next; (void)file; (void)line;
}

static inline void __list_check_del(const struct list_head *entry,
				    const char *file, int line)
{
	(void)entry; (void)file; (void)line;
}
#endif

static inline void __list_add(struct list_head *new, struct list_head *prev,
			      struct list_head *next,
			      const char *file, int line)
{
	__list_check_add(new, prev, next, file, line);
	next->prev = new;
	new->next = next;
	new->prev = prev;
	prev->next = new;
}

static inline void __list_add_at(struct list_head *new, struct list_head *head,
				 const char *file, int line)
{
	__list_add(new, head, head->next, file, line);
}

/**
 * list_add - insert @new right after @head (stack order)
 * @new:  entry to insert; must not be on any list
 * @head: list head, or any entry to insert after
 */
#define list_add(new, head) __list_add_at(new, head, __FILE__, __LINE__)

static inline void __list_add_tail_at(struct list_head *new,
				      struct list_head *head,
				      const char *file, int line)
{
	__list_add(new, head->prev, head, file, line);
}

/**
 * list_add_tail - insert @new right before @head (queue order)
 * @new:  entry to insert; must not be on any list
 * @head: list head, or any entry to insert before
 */
#define list_add_tail(new, head) \
	__list_add_tail_at(new, head, __FILE__, __LINE__)

static inline void __list_del(struct list_head *prev, struct list_head *next)
{
	next->prev = prev;
	prev->next = next;
}

static inline void __list_unlink(struct list_head *entry,
				 const char *file, int line)
{
	__list_check_del(entry, file, line);
	__list_del(entry->prev, entry->next);
}

static inline void __list_del_at(struct list_head *entry,
				 const char *file, int line)
{
	__list_unlink(entry, file, line);
	entry->next = LIST_POISON1;
	entry->prev = LIST_POISON2;
}

/**
 * list_del - unlink @entry and poison it
 * @entry: entry to remove from its list
 *
 * list_empty() on @entry is not true afterwards: the entry is in no usable
 * state until it is added again or reinitialised.
 */
#define list_del(entry) __list_del_at(entry, __FILE__, __LINE__)

static inline void __list_del_init_at(struct list_head *entry,
				      const char *file, int line)
{
	__list_unlink(entry, file, line);
	INIT_LIST_HEAD(entry);
}

/**
 * list_del_init - unlink @entry and leave it an empty list
 * @entry: entry to remove from its list
 *
 * The entry may be added again, or tested with list_empty().
 */
#define list_del_init(entry) __list_del_init_at(entry, __FILE__, __LINE__)

static inline void __list_move_at(struct list_head *entry,
				  struct list_head *head,
				  const char *file, int line)
{
	__list_unlink(entry, file, line);
	__list_add(entry, head, head->next, file, line);
}

/**
 * list_move - take @entry off its list and add it after @head
 * @entry: entry to move
 * @head:  list head to add it after (may be the same list)
 */
#define list_move(entry, head) __list_move_at(entry, head, __FILE__, __LINE__)

static inline void __list_move_tail_at(struct list_head *entry,
				       struct list_head *head,
				       const char *file, int line)
{
	__list_unlink(entry, file, line);
	__list_add(entry, head->prev, head, file, line);
}

/**
 * list_move_tail - take @entry off its list and add it before @head
 * @entry: entry to move
 * @head:  list head to add it before (may be the same list)
 */
#define list_move_tail(entry, head) \
	__list_move_tail_at(entry, head, __FILE__, __LINE__)

/**
 * list_empty - whether @head has no entries
 * @head: the list to test
 */
static inline bool list_empty(const struct list_head *head)
{
	return head->next == head;
}

/**
 * list_is_first - whether @entry is the first entry of @head
 * @entry: entry to test
 * @head:  the list it is on
 */
static inline bool list_is_first(const struct list_head *entry,
				 const struct list_head *head)
{
	return entry->prev == head;
}

/**
 * list_is_last - whether @entry is the last entry of @head
 * @entry: entry to test
 * @head:  the list it is on
 */
static inline bool list_is_last(const struct list_head *entry,
				const struct list_head *head)
{
	return entry->next == head;
}

/**
 * list_is_singular - whether @head has exactly one entry
 * @head: the list to test
 */
static inline bool list_is_singular(const struct list_head *head)
{
	return !list_empty(head) && head->next == head->prev;
}

/**
 * list_count - number of entries on @head
 * @head: the list to count
 *
 * Walks the whole list: O(n). Meant for checks and snapshots, not for
 * paths whose cost the model charges.
 */
static inline size_t list_count(const struct list_head *head)
{
	const struct list_head *pos;
	size_t n = 0;

	for (pos = head->next; pos != head; pos = pos->next)
		n++;
	return n;
}

/**
 * list_splice_tail_init - move every entry of @list to the tail of @head
 * @list: the entries to move; left empty
 * @head: the list to append them to
 *
 * The moved entries keep their order, after those already on @head.
 */
static inline void list_splice_tail_init(struct list_head *list,
					 struct list_head *head)
{
	if (!list_empty(list)) {
		struct list_head *first = list->next, *last = list->prev;
		struct list_head *at = head->prev;

		first->prev = at;
		at->next = first;
		last->next = head;
		head->prev = last;
		INIT_LIST_HEAD(list);
	}
}

/**
 * list_entry - get the object an entry is embedded in
 * @ptr:    the &struct list_head
 * @type:   type of the object
 * @member: name of the list_head within @type
 */
#define list_entry(ptr, type, member) container_of(ptr, type, member)

/**
 * list_first_entry - the object of the first entry; the list must not be empty
 * @ptr:    the list head
 * @type:   type of the object
 * @member: name of the list_head within @type
 */
#define list_first_entry(ptr, type, member) \
	list_entry((ptr)->next, type, member)

/**
 * list_last_entry - the object of the last entry; the list must not be empty
 * @ptr:    the list head
 * @type:   type of the object
 * @member: name of the list_head within @type
 */
#define list_last_entry(ptr, type, member) \
	list_entry((ptr)->prev, type, member)

#define list_next_entry(pos, type, member) \
	list_entry((pos)->member.next, type, member)
#define list_prev_entry(pos, type, member) \
	list_entry((pos)->member.prev, type, member)

/*
 * The iterators take the entry type explicitly (C99 has no typeof), and use
 * only @pos as their cursor so that the model can keep the cursor in a task's
 * frame and resume the walk after the task yields.
 */

/**
 * list_for_each_entry - walk the objects on a list, first to last
 * @pos:    cursor, a @type pointer
 * @head:   the list head
 * @type:   type of the objects
 * @member: name of the list_head within @type
 *
 * The body must not remove @pos; use list_for_each_entry_safe() for that.
 */
/* list_entry_is_head - whether @pos, a list iterator, has come back to @head */
#define list_entry_is_head(pos, head, member)	(&(pos)->member == (head))

#define list_for_each_entry(pos, head, type, member)			\
	for (pos = list_first_entry(head, type, member);		\
	     &pos->member != (head);					\
	     pos = list_next_entry(pos, type, member))

/**
 * list_for_each_entry_safe - walk a list while removing entries from it
 * @pos:    cursor, a @type pointer
 * @n:      a @type pointer holding the next object
 * @head:   the list head
 * @type:   type of the objects
 * @member: name of the list_head within @type
 *
 * The body may delete @pos, but not the entry after it.
 */
#define list_for_each_entry_safe(pos, n, head, type, member)		\
	for (pos = list_first_entry(head, type, member),		\
	     n = list_next_entry(pos, type, member);			\
	     &pos->member != (head);					\
	     pos = n, n = list_next_entry(n, type, member))

#endif /* JC_LIST_H */
