// SPDX-License-Identifier: GPL-2.0
/*
 * test_list.c - unit tests of list.h: the order each operation leaves, the
 * poisoning of deleted entries, and the debug checks, which must abort with
 * a report naming the caller's line.
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

#include "list.h"


struct item {
	int v;
	struct list_head node;
};

/* ---------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------- */

/*
 * Check that @head holds exactly the values @want, in order, walking both
 * ways so that the prev links are checked as well as the next links.
 */
static void __assert_order(const struct list_head *head, const int *want,
			   size_t n)
{
	const struct list_head *pos;
	size_t i = 0;

	for (pos = head->next; pos != head; pos = pos->next) {
		assert_true(i < n);
		assert_int_equal(list_entry(pos, struct item, node)->v,
				 want[i]);
		assert_ptr_equal(pos->next->prev, pos);
		i++;
	}
	assert_int_equal(i, n);
	for (pos = head->prev; pos != head; pos = pos->prev) {
		assert_true(i > 0);
		i--;
		assert_int_equal(list_entry(pos, struct item, node)->v,
				 want[i]);
	}
	assert_int_equal(list_count(head), n);
	assert_int_equal(list_empty(head), n == 0);
}

#define assert_order(head, ...)						\
	do {								\
		static const int want_[] = { __VA_ARGS__ };		\
		__assert_order(head, want_,				\
			       sizeof(want_) / sizeof(want_[0]));	\
	} while (0)

#define assert_order_empty(head) __assert_order(head, NULL, 0)

static void __init_items(struct item *items, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		items[i].v = i;
		INIT_LIST_HEAD(&items[i].node);
	}
}

/* a deliberately bad call must abort with a report naming it */
#define __expect_abort(fn, what, where) \
	expect_abort(fn, "list corruption: ", what, where)

/* ---------------------------------------------------------------------
 * Order of operations
 * ------------------------------------------------------------------- */

static void test_add_is_stack_order(void **state)
{
	struct list_head head = LIST_HEAD_INIT(head);
	struct item it[3];

	(void)state;
	__init_items(it, 3);
	assert_order_empty(&head);
	list_add(&it[0].node, &head);
	list_add(&it[1].node, &head);
	list_add(&it[2].node, &head);
	assert_order(&head, 2, 1, 0);
	assert_ptr_equal(list_first_entry(&head, struct item, node), &it[2]);
	assert_ptr_equal(list_last_entry(&head, struct item, node), &it[0]);
	assert_true(list_is_first(&it[2].node, &head));
	assert_true(list_is_last(&it[0].node, &head));
	assert_false(list_is_first(&it[1].node, &head));
	assert_false(list_is_last(&it[1].node, &head));
}

static void test_add_tail_is_queue_order(void **state)
{
	struct list_head head;
	struct item it[4];

	(void)state;
	INIT_LIST_HEAD(&head);
	__init_items(it, 4);
	list_add_tail(&it[0].node, &head);
	list_add_tail(&it[1].node, &head);
	list_add_tail(&it[2].node, &head);
	assert_order(&head, 0, 1, 2);
	/* Adding after or before an entry rather than the head. */
	list_add(&it[3].node, &it[0].node);
	assert_order(&head, 0, 3, 1, 2);
	list_del(&it[3].node);
	list_add_tail(&it[3].node, &it[0].node);
	assert_order(&head, 3, 0, 1, 2);
}

static void test_del_middle_first_last(void **state)
{
	struct list_head head = LIST_HEAD_INIT(head);
	struct item it[5];
	int i;

	(void)state;
	__init_items(it, 5);
	for (i = 0; i < 5; i++)
		list_add_tail(&it[i].node, &head);

	list_del(&it[2].node);
	assert_order(&head, 0, 1, 3, 4);
	list_del(&it[0].node);
	assert_order(&head, 1, 3, 4);
	list_del(&it[4].node);
	assert_order(&head, 1, 3);
	list_del(&it[1].node);
	list_del(&it[3].node);
	assert_order_empty(&head);
	assert_true(list_empty(&head));
}

static void test_del_poisons_entry(void **state)
{
	struct list_head head = LIST_HEAD_INIT(head);
	struct item it[2];

	(void)state;
	__init_items(it, 2);
	list_add_tail(&it[0].node, &head);
	list_add_tail(&it[1].node, &head);
	list_del(&it[0].node);
	assert_ptr_equal(it[0].node.next, LIST_POISON1);
	assert_ptr_equal(it[0].node.prev, LIST_POISON2);
	/* A poisoned entry may be added again. */
	list_add(&it[0].node, &head);
	assert_order(&head, 0, 1);
}

static void test_del_init_leaves_empty_entry(void **state)
{
	struct list_head head = LIST_HEAD_INIT(head);
	struct item it[3];
	int i;

	(void)state;
	__init_items(it, 3);
	for (i = 0; i < 3; i++)
		list_add_tail(&it[i].node, &head);

	list_del_init(&it[1].node);
	assert_true(list_empty(&it[1].node));
	assert_order(&head, 0, 2);
	/* Deleting it again is harmless: it is its own one-entry list. */
	list_del_init(&it[1].node);
	assert_true(list_empty(&it[1].node));
	list_add_tail(&it[1].node, &head);
	assert_order(&head, 0, 2, 1);
}

static void test_move_and_move_tail(void **state)
{
	struct list_head a = LIST_HEAD_INIT(a), b = LIST_HEAD_INIT(b);
	struct item it[4];
	int i;

	(void)state;
	__init_items(it, 4);
	for (i = 0; i < 4; i++)
		list_add_tail(&it[i].node, &a);

	/* Within one list: rotate the first entry to the tail. */
	list_move_tail(&it[0].node, &a);
	assert_order(&a, 1, 2, 3, 0);
	/* The tail entry moved to the tail stays where it is. */
	list_move_tail(&it[0].node, &a);
	assert_order(&a, 1, 2, 3, 0);
	list_move(&it[0].node, &a);
	assert_order(&a, 0, 1, 2, 3);

	/* Between lists. */
	list_move_tail(&it[2].node, &b);
	list_move_tail(&it[0].node, &b);
	assert_order(&a, 1, 3);
	assert_order(&b, 2, 0);
	list_move(&it[3].node, &b);
	assert_order(&a, 1);
	assert_order(&b, 3, 2, 0);
	assert_true(list_is_singular(&a));
	assert_false(list_is_singular(&b));
}

static void test_splice_tail_init(void **state)
{
	struct list_head a = LIST_HEAD_INIT(a), b = LIST_HEAD_INIT(b);
	struct list_head c = LIST_HEAD_INIT(c);
	struct item it[6];
	int i;

	(void)state;
	__init_items(it, 6);
	for (i = 0; i < 3; i++)
		list_add_tail(&it[i].node, &a);
	for (i = 3; i < 5; i++)
		list_add_tail(&it[i].node, &b);

	list_splice_tail_init(&b, &a);
	assert_order(&a, 0, 1, 2, 3, 4);
	assert_order_empty(&b);

	/* An empty source changes nothing. */
	list_splice_tail_init(&b, &a);
	assert_order(&a, 0, 1, 2, 3, 4);

	/* Into an empty list, and then back onto the emptied one. */
	list_splice_tail_init(&a, &c);
	assert_order_empty(&a);
	assert_order(&c, 0, 1, 2, 3, 4);
	list_add_tail(&it[5].node, &a);
	list_splice_tail_init(&c, &a);
	assert_order(&a, 5, 0, 1, 2, 3, 4);
	assert_order_empty(&c);
}

static void test_for_each_entry(void **state)
{
	struct list_head head = LIST_HEAD_INIT(head);
	struct item it[6], *pos, *n;
	int i, sum = 0, seen = 0;

	(void)state;
	__init_items(it, 6);
	list_for_each_entry(pos, &head, struct item, node)
		seen++;
	assert_int_equal(seen, 0);

	for (i = 0; i < 6; i++)
		list_add_tail(&it[i].node, &head);
	list_for_each_entry(pos, &head, struct item, node) {
		assert_int_equal(pos->v, seen);
		seen++;
	}
	assert_int_equal(seen, 6);

	/* The safe walk may delete the entry it stands on. */
	list_for_each_entry_safe(pos, n, &head, struct item, node) {
		if (pos->v % 2 == 0)
			list_del(&pos->node);
		else
			sum += pos->v;
	}
	assert_int_equal(sum, 1 + 3 + 5);
	assert_order(&head, 1, 3, 5);
}

static void test_container_of(void **state)
{
	struct item it;

	(void)state;
	assert_ptr_equal(container_of(&it.node, struct item, node), &it);
	assert_ptr_equal(list_entry(&it.node, struct item, node), &it);
}

/* ---------------------------------------------------------------------
 * Debug checks: each of these must abort in the child
 * ------------------------------------------------------------------- */

static void __double_del(void)
{
	struct list_head head = LIST_HEAD_INIT(head);
	struct item it;

	list_add(&it.node, &head);
	list_del(&it.node);
	list_del(&it.node);
}

static void __del_init_after_del(void)
{
	struct list_head head = LIST_HEAD_INIT(head);
	struct item it;

	list_add(&it.node, &head);
	list_del(&it.node);
	list_del_init(&it.node);
}

static void __move_after_del(void)
{
	struct list_head head = LIST_HEAD_INIT(head);
	struct item it;

	list_add(&it.node, &head);
	list_del(&it.node);
	list_move_tail(&it.node, &head);
}

static void __del_with_broken_neighbour(void)
{
	struct list_head head = LIST_HEAD_INIT(head);
	struct item it[3];
	int i;

	for (i = 0; i < 3; i++)
		list_add_tail(&it[i].node, &head);
	it[0].node.next = &head;	/* it[1] is no longer reachable */
	list_del(&it[1].node);
}

static void __double_add(void)
{
	struct list_head head = LIST_HEAD_INIT(head);
	struct item it;

	list_add(&it.node, &head);
	list_add(&it.node, &head);
}

static void __add_to_broken_head(void)
{
	struct list_head head = LIST_HEAD_INIT(head);
	struct item it[2];

	list_add_tail(&it[0].node, &head);
	head.prev = &head;		/* the tail no longer points back */
	list_add_tail(&it[1].node, &head);
}

static void test_debug_double_del_aborts(void **state)
{
	(void)state;
	__expect_abort(__double_del, "list_del: entry already deleted",
		       "test_list.c:");
	__expect_abort(__del_init_after_del, "list_del: entry already deleted",
		       "test_list.c:");
	__expect_abort(__move_after_del, "list_del: entry already deleted",
		       "test_list.c:");
}

static void test_debug_broken_links_abort(void **state)
{
	(void)state;
	__expect_abort(__del_with_broken_neighbour,
		       "list_del: prev->next != entry", "test_list.c:");
	__expect_abort(__double_add, "list_add: double add", "test_list.c:");
	__expect_abort(__add_to_broken_head, "list_add: prev->next != next",
		       "test_list.c:");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_add_is_stack_order),
		cmocka_unit_test(test_add_tail_is_queue_order),
		cmocka_unit_test(test_del_middle_first_last),
		cmocka_unit_test(test_del_poisons_entry),
		cmocka_unit_test(test_del_init_leaves_empty_entry),
		cmocka_unit_test(test_move_and_move_tail),
		cmocka_unit_test(test_splice_tail_init),
		cmocka_unit_test(test_for_each_entry),
		cmocka_unit_test(test_container_of),
		cmocka_unit_test(test_debug_double_del_aborts),
		cmocka_unit_test(test_debug_broken_links_abort),
	};

	return cmocka_run_group_tests_name("list", tests, NULL, NULL);
}
