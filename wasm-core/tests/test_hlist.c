// SPDX-License-Identifier: GPL-2.0
/*
 * test_hlist.c - unit tests of hlist.h: chain order and links after each
 * operation, poisoning, what an RCU reader standing on a node sees while an
 * updater changes the chain, and the debug checks.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "expect_abort.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hlist.h"


struct obj {
	int key;
	struct hlist_node hnode;
};

/* ---------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------- */

/*
 * Check that the chain @h holds exactly the keys @want, in order, and that
 * every node's pprev points at the pointer that points at it.
 */
static void __assert_chain(const struct hlist_head *h, const int *want,
			   size_t n)
{
	struct hlist_node *const *link = &h->first;
	const struct hlist_node *pos;
	size_t i = 0;

	for (pos = h->first; pos; pos = pos->next) {
		assert_true(i < n);
		assert_int_equal(hlist_entry(pos, struct obj, hnode)->key,
				 want[i]);
		assert_ptr_equal(pos->pprev, link);
		link = &pos->next;
		i++;
	}
	assert_int_equal(i, n);
	assert_int_equal(hlist_empty(h), n == 0);
}

#define assert_chain(h, ...)						\
	do {								\
		static const int want_[] = { __VA_ARGS__ };		\
		__assert_chain(h, want_,				\
			       sizeof(want_) / sizeof(want_[0]));	\
	} while (0)

#define assert_chain_empty(h) __assert_chain(h, NULL, 0)

static void __init_objs(struct obj *objs, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		objs[i].key = i;
		INIT_HLIST_NODE(&objs[i].hnode);
	}
}

/* Build the chain 0, 1, ..., n - 1 (added in reverse, as adds go first). */
static void __build_chain(struct hlist_head *h, struct obj *objs, int n,
			  bool rcu)
{
	int i;

	INIT_HLIST_HEAD(h);
	__init_objs(objs, n);
	for (i = n - 1; i >= 0; i--) {
		if (rcu)
			hlist_add_head_rcu(&objs[i].hnode, h);
		else
			hlist_add_head(&objs[i].hnode, h);
	}
}

/* a deliberately bad call must abort with a report naming it */
#define __expect_abort(fn, what, where) \
	expect_abort(fn, "list corruption: ", what, where)

/* ---------------------------------------------------------------------
 * Plain operations
 * ------------------------------------------------------------------- */

static void test_init_and_add_head_order(void **state)
{
	struct hlist_head h = HLIST_HEAD_INIT;
	struct obj o[3];

	(void)state;
	__init_objs(o, 3);
	assert_chain_empty(&h);
	assert_true(hlist_unhashed(&o[0].hnode));

	hlist_add_head(&o[0].hnode, &h);
	hlist_add_head(&o[1].hnode, &h);
	hlist_add_head(&o[2].hnode, &h);
	assert_chain(&h, 2, 1, 0);
	assert_false(hlist_unhashed(&o[0].hnode));
	assert_null(o[0].hnode.next);
}

static void test_del_first_middle_last(void **state)
{
	struct hlist_head h;
	struct obj o[5];

	(void)state;
	__build_chain(&h, o, 5, false);
	assert_chain(&h, 0, 1, 2, 3, 4);

	hlist_del(&o[2].hnode);
	assert_chain(&h, 0, 1, 3, 4);
	hlist_del(&o[0].hnode);
	assert_chain(&h, 1, 3, 4);
	hlist_del(&o[4].hnode);
	assert_chain(&h, 1, 3);
	hlist_del(&o[3].hnode);
	hlist_del(&o[1].hnode);
	assert_chain_empty(&h);
}

static void test_del_poisons_node(void **state)
{
	struct hlist_head h;
	struct obj o[2];

	(void)state;
	__build_chain(&h, o, 2, false);
	hlist_del(&o[0].hnode);
	assert_ptr_equal(o[0].hnode.next, HLIST_POISON_NEXT);
	assert_ptr_equal(o[0].hnode.pprev, HLIST_POISON_PPREV);
	assert_false(hlist_unhashed(&o[0].hnode));
	/* A deleted node may be added again. */
	hlist_add_head(&o[0].hnode, &h);
	assert_chain(&h, 0, 1);
}

static void test_del_init(void **state)
{
	struct hlist_head h;
	struct obj o[3];

	(void)state;
	__build_chain(&h, o, 3, false);
	hlist_del_init(&o[1].hnode);
	assert_true(hlist_unhashed(&o[1].hnode));
	assert_null(o[1].hnode.next);
	assert_chain(&h, 0, 2);
	/* On an unhashed node it does nothing. */
	hlist_del_init(&o[1].hnode);
	assert_true(hlist_unhashed(&o[1].hnode));
	assert_chain(&h, 0, 2);
	hlist_add_head(&o[1].hnode, &h);
	assert_chain(&h, 1, 0, 2);
}

static void test_for_each_entry(void **state)
{
	struct hlist_head h;
	struct hlist_node *n;
	struct obj o[6], *pos;
	int seen = 0, sum = 0;

	(void)state;
	INIT_HLIST_HEAD(&h);
	hlist_for_each_entry(pos, &h, struct obj, hnode)
		seen++;
	assert_int_equal(seen, 0);
	assert_null(pos);

	__build_chain(&h, o, 6, false);
	hlist_for_each_entry(pos, &h, struct obj, hnode) {
		assert_int_equal(pos->key, seen);
		seen++;
	}
	assert_int_equal(seen, 6);
	assert_null(pos);

	/* The safe walk may delete the node it stands on. */
	hlist_for_each_entry_safe(pos, n, &h, struct obj, hnode) {
		if (pos->key % 2 == 0)
			hlist_del(&pos->hnode);
		else
			sum += pos->key;
	}
	assert_int_equal(sum, 1 + 3 + 5);
	assert_chain(&h, 1, 3, 5);
}

static void test_entry_safe(void **state)
{
	struct obj o;

	(void)state;
	assert_ptr_equal(hlist_entry_safe(&o.hnode, struct obj, hnode), &o);
	assert_null(hlist_entry_safe((struct hlist_node *)NULL, struct obj,
				     hnode));
}

/* ---------------------------------------------------------------------
 * RCU: a reader stands on a node while an updater changes the chain.
 *
 * The simulator interleaves tasks only where they yield, so each test
 * plays the interleaving out by hand: the reader walks to a node and stops
 * (yields), the updater runs, and the reader resumes from its cursor.
 * ------------------------------------------------------------------- */

/* Walk the chain under "rcu_read_lock()" until the node with @key. */
static struct obj *__reader_walk_to(struct hlist_head *h, int key)
{
	struct obj *pos;

	hlist_for_each_entry_rcu(pos, h, struct obj, hnode)
		if (pos->key == key)
			break;
	assert_non_null(pos);
	return pos;
}

/* Resume from @pos and record the keys the reader sees after it. */
static int __reader_resume(struct obj *pos, int *keys, int max)
{
	int n = 0;

	hlist_for_each_entry_continue_rcu(pos, struct obj, hnode) {
		assert_true(n < max);
		keys[n++] = pos->key;
	}
	return n;
}

static void test_rcu_del_keeps_next_for_reader(void **state)
{
	struct hlist_head h;
	struct obj o[4], *cur;
	int keys[4], n;

	(void)state;
	__build_chain(&h, o, 4, true);
	assert_chain(&h, 0, 1, 2, 3);

	cur = __reader_walk_to(&h, 1);
	/* The updater runs, holding the hash lock. */
	hlist_del_rcu(&o[1].hnode);

	/* Unlinked for new readers ... */
	assert_chain(&h, 0, 2, 3);
	/* ... but the node still leads back into the chain. */
	assert_ptr_equal(o[1].hnode.next, &o[2].hnode);
	assert_ptr_equal(o[1].hnode.pprev, HLIST_POISON_PPREV);
	assert_false(hlist_unhashed(&o[1].hnode));

	n = __reader_resume(cur, keys, 4);
	assert_int_equal(n, 2);
	assert_int_equal(keys[0], 2);
	assert_int_equal(keys[1], 3);
}

static void test_rcu_del_first_and_last_under_reader(void **state)
{
	struct hlist_head h;
	struct obj o[3], *cur;
	int keys[3], n;

	(void)state;
	__build_chain(&h, o, 3, true);

	cur = __reader_walk_to(&h, 0);
	hlist_del_rcu(&o[0].hnode);
	assert_chain(&h, 1, 2);
	n = __reader_resume(cur, keys, 3);
	assert_int_equal(n, 2);
	assert_int_equal(keys[0], 1);
	assert_int_equal(keys[1], 2);

	cur = __reader_walk_to(&h, 2);
	hlist_del_rcu(&o[2].hnode);
	assert_chain(&h, 1);
	assert_null(o[2].hnode.next);
	assert_int_equal(__reader_resume(cur, keys, 3), 0);
}

static void test_rcu_del_of_several_nodes_under_reader(void **state)
{
	struct hlist_head h;
	struct obj o[5], *cur;
	int keys[5], n;

	(void)state;
	__build_chain(&h, o, 5, true);

	/*
	 * The reader stands on 1; the updater removes 1 and then 2. The
	 * reader may still pass through 2 (it is not freed before the grace
	 * period) and must come back to the chain at 3.
	 */
	cur = __reader_walk_to(&h, 1);
	hlist_del_rcu(&o[1].hnode);
	hlist_del_rcu(&o[2].hnode);
	assert_chain(&h, 0, 3, 4);
	n = __reader_resume(cur, keys, 5);
	assert_int_equal(n, 3);
	assert_int_equal(keys[0], 2);
	assert_int_equal(keys[1], 3);
	assert_int_equal(keys[2], 4);
}

static void test_rcu_add_under_reader(void **state)
{
	struct hlist_head h;
	struct obj o[4], *cur;
	int keys[4], n;

	(void)state;
	__build_chain(&h, o, 3, true);
	o[3].key = 3;
	INIT_HLIST_NODE(&o[3].hnode);

	cur = __reader_walk_to(&h, 1);
	hlist_add_head_rcu(&o[3].hnode, &h);
	/* Published whole: its next is the old first node. */
	assert_ptr_equal(o[3].hnode.next, &o[0].hnode);
	assert_chain(&h, 3, 0, 1, 2);

	/* The reader behind the new node goes on undisturbed. */
	n = __reader_resume(cur, keys, 4);
	assert_int_equal(n, 1);
	assert_int_equal(keys[0], 2);
}

static void test_rcu_readd_after_grace_period(void **state)
{
	struct hlist_head a, b;
	struct obj o[3];

	(void)state;
	__build_chain(&a, o, 3, true);
	INIT_HLIST_HEAD(&b);
	hlist_del_rcu(&o[1].hnode);
	/* ... synchronize_rcu(): no reader can still stand on o[1] ... */
	hlist_add_head_rcu(&o[1].hnode, &b);
	assert_chain(&a, 0, 2);
	assert_chain(&b, 1);
}

static void test_rcu_del_init(void **state)
{
	struct hlist_head h;
	struct obj o[3], *cur;
	int keys[3];

	(void)state;
	__build_chain(&h, o, 3, true);
	cur = __reader_walk_to(&h, 1);
	hlist_del_init_rcu(&o[1].hnode);
	assert_true(hlist_unhashed(&o[1].hnode));
	assert_ptr_equal(o[1].hnode.next, &o[2].hnode);
	assert_chain(&h, 0, 2);
	assert_int_equal(__reader_resume(cur, keys, 3), 1);
	assert_int_equal(keys[0], 2);
	/* On an unhashed node it does nothing. */
	hlist_del_init_rcu(&o[1].hnode);
	assert_chain(&h, 0, 2);
}

/* ---------------------------------------------------------------------
 * Debug checks: each of these must abort in the child
 * ------------------------------------------------------------------- */

static void __double_del(void)
{
	struct hlist_head h;
	struct obj o[2];

	__build_chain(&h, o, 2, false);
	hlist_del(&o[0].hnode);
	hlist_del(&o[0].hnode);
}

static void __double_del_rcu(void)
{
	struct hlist_head h;
	struct obj o[2];

	__build_chain(&h, o, 2, true);
	hlist_del_rcu(&o[0].hnode);
	hlist_del_rcu(&o[0].hnode);
}

static void __del_init_after_del_rcu(void)
{
	struct hlist_head h;
	struct obj o[2];

	__build_chain(&h, o, 2, true);
	hlist_del_rcu(&o[1].hnode);
	hlist_del_init(&o[1].hnode);
}

static void __del_unhashed(void)
{
	struct obj o;

	INIT_HLIST_NODE(&o.hnode);
	hlist_del(&o.hnode);
}

static void __add_hashed(void)
{
	struct hlist_head h, other = HLIST_HEAD_INIT;
	struct obj o[2];

	__build_chain(&h, o, 2, false);
	hlist_add_head(&o[1].hnode, &other);
}

static void __add_rcu_hashed(void)
{
	struct hlist_head h;
	struct obj o[2];

	__build_chain(&h, o, 2, true);
	hlist_add_head_rcu(&o[0].hnode, &h);
}

static void __del_with_broken_pprev(void)
{
	struct hlist_head h;
	struct obj o[3];

	__build_chain(&h, o, 3, false);
	o[0].hnode.next = &o[2].hnode;	/* o[1] is no longer reachable */
	hlist_del(&o[1].hnode);
}

static void __add_to_broken_head(void)
{
	struct hlist_head h;
	struct obj o[3];

	__build_chain(&h, o, 2, false);
	o[0].hnode.pprev = &o[1].hnode.next;
	o[2].key = 2;
	INIT_HLIST_NODE(&o[2].hnode);
	hlist_add_head(&o[2].hnode, &h);
}

static void test_debug_deleted_node_aborts(void **state)
{
	(void)state;
	__expect_abort(__double_del, "hlist_del: node already deleted",
		       "test_hlist.c:");
	__expect_abort(__double_del_rcu, "hlist_del_rcu: node already deleted",
		       "test_hlist.c:");
	__expect_abort(__del_init_after_del_rcu,
		       "hlist_del_init: node already deleted", "test_hlist.c:");
	__expect_abort(__del_unhashed, "hlist_del: node not hashed",
		       "test_hlist.c:");
}

static void test_debug_bad_add_aborts(void **state)
{
	(void)state;
	__expect_abort(__add_hashed, "hlist_add_head: node already hashed",
		       "test_hlist.c:");
	__expect_abort(__add_rcu_hashed,
		       "hlist_add_head_rcu: node already hashed",
		       "test_hlist.c:");
	__expect_abort(__add_to_broken_head,
		       "hlist_add_head: first->pprev != &head->first",
		       "test_hlist.c:");
}

static void test_debug_broken_links_abort(void **state)
{
	(void)state;
	__expect_abort(__del_with_broken_pprev, "hlist_del: *pprev != node",
		       "test_hlist.c:");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_init_and_add_head_order),
		cmocka_unit_test(test_del_first_middle_last),
		cmocka_unit_test(test_del_poisons_node),
		cmocka_unit_test(test_del_init),
		cmocka_unit_test(test_for_each_entry),
		cmocka_unit_test(test_entry_safe),
		cmocka_unit_test(test_rcu_del_keeps_next_for_reader),
		cmocka_unit_test(test_rcu_del_first_and_last_under_reader),
		cmocka_unit_test(test_rcu_del_of_several_nodes_under_reader),
		cmocka_unit_test(test_rcu_add_under_reader),
		cmocka_unit_test(test_rcu_readd_after_grace_period),
		cmocka_unit_test(test_rcu_del_init),
		cmocka_unit_test(test_debug_deleted_node_aborts),
		cmocka_unit_test(test_debug_bad_add_aborts),
		cmocka_unit_test(test_debug_broken_links_abort),
	};

	return cmocka_run_group_tests_name("hlist", tests, NULL, NULL);
}
