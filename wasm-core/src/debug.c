// SPDX-License-Identifier: GPL-2.0
/*
 * debug.c - where the debug checks of list.h, hlist.h and rbtree.c report.
 *
 * A corrupted list or tree means the model is wrong, and whatever it computes
 * afterwards is meaningless, so each report names the check that failed and
 * the caller's file and line, then aborts: the test harness sees the abort,
 * and a debugger stops with the bad call on the stack.
 *
 * Release builds do not define JC_DEBUG_LIST, never call these, and compile
 * this file to nothing.
 */
#include "list.h"
#include "hlist.h"
#include "rbtree.h"

#ifdef JC_DEBUG_LIST

#include <stdio.h>
#include <stdlib.h>

static void __report(const char *kind, const char *op, const char *what,
		     const void *addr, const char *file, int line)
{
	fprintf(stderr, "%s corruption: %s%s%s at %s:%d (entry %p)\n",
		kind, op ? op : "", op ? ": " : "", what, file, line, addr);
	fflush(stderr);
	abort();
}

void __list_corrupt(const char *what, const struct list_head *entry,
		    const char *file, int line)
{
	__report("list", NULL, what, entry, file, line);
}

void __hlist_corrupt(const char *op, const char *what,
		     const struct hlist_node *node, const char *file, int line)
{
	__report("list", op, what, node, file, line);
}

void __rb_corrupt(const char *op, const char *what, const struct rb_node *node,
		  const char *file, int line)
{
	__report("rbtree", op, what, node, file, line);
}

#endif /* JC_DEBUG_LIST */
