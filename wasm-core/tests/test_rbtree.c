// SPDX-License-Identifier: GPL-2.0
/*
 * test_rbtree.c - unit tests of rbtree.c.
 *
 * The big test inserts 10000 pseudo-random keys and erases half of them in
 * random order, checking every invariant after each operation. Its
 * randomness comes from a seeded xorshift generator, never from rand() or
 * the clock: set JC_SEED to replay a run, and every failure prints the seed
 * it ran with.
 *
 * The debug build also checks the tree inside each rb_insert_color() and
 * rb_erase(); the last tests break trees on purpose and expect rb_check(),
 * or those internal checks, to notice.
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
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rbtree.h"


#define RANDOM_NODES	10000
#define DEFAULT_SEED	0x9e3779b9u

struct knode {
	uint32_t key;
	struct rb_node rb;
};

static uint32_t seed;

/* ---------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------- */

/* xorshift32 (Marsaglia): period 2^32 - 1; the state must not be zero. */
static uint32_t __xorshift32(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* A value in [0, bound), close enough to uniform for shuffling. */
static uint32_t __random_below(uint32_t *state, uint32_t bound)
{
	return (uint32_t)(((uint64_t)__xorshift32(state) * bound) >> 32);
}

/* Fisher-Yates shuffle of @n pointers. */
static void __shuffle(struct knode **v, size_t n, uint32_t *state)
{
	size_t i;

	for (i = n; i > 1; i--) {
		size_t j = __random_below(state, (uint32_t)i);
		struct knode *t = v[i - 1];

		v[i - 1] = v[j];
		v[j] = t;
	}
}

/* Insert @kn by its key; equal keys go to the right of those present. */
static void __insert(struct rb_root *root, struct knode *kn)
{
	struct rb_node **link = &root->rb_node, *parent = NULL;

	while (*link) {
		struct knode *cur = rb_entry(*link, struct knode, rb);

		parent = *link;
		if (kn->key < cur->key)
			link = &(*link)->rb_left;
		else
			link = &(*link)->rb_right;
	}
	rb_link_node(&kn->rb, parent, link);
	rb_insert_color(&kn->rb, root);
}

/* rb_check() must pass; on failure, say what, after which op, and the seed. */
static int __check(const struct rb_root *root, const char *op, long step)
{
	const char *why = NULL;
	int bh = rb_check(root, &why);

	if (bh < 0)
		fail_msg("rb_check after %s #%ld: %s (JC_SEED=%#x)", op, step,
			 why ? why : "?", seed);
	return bh;
}

static int __height(const struct rb_node *node)
{
	int l, r;

	if (!node)
		return 0;
	l = __height(node->rb_left);
	r = __height(node->rb_right);
	return 1 + (l > r ? l : r);
}

/* log2(n + 1), rounded up. */
static int __log2_ceil(size_t n)
{
	int bits = 0;

	while (((size_t)1 << bits) < n + 1)
		bits++;
	return bits;
}

static int __cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/*
 * Walk the tree both ways and check it against @keys (unsorted, @n of
 * them): the forward walk must give them sorted, the backward walk the
 * reverse, and rb_next() and rb_prev() must undo each other.
 */
static void __assert_walks(const struct rb_root *root, const uint32_t *keys,
			   size_t n)
{
	uint32_t *sorted = malloc((n + 1) * sizeof(*sorted));
	struct rb_node **order = malloc((n + 1) * sizeof(*order));
	struct rb_node *node;
	size_t i = 0;

	assert_non_null(sorted);
	assert_non_null(order);
	if (n)
		memcpy(sorted, keys, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), __cmp_u32);

	for (node = rb_first(root); node; node = rb_next(node)) {
		if (i >= n)
			fail_msg("forward walk longer than %zu (JC_SEED=%#x)",
				 n, seed);
		if (rb_entry(node, struct knode, rb)->key != sorted[i])
			fail_msg("forward walk: key %u at %zu, want %u "
				 "(JC_SEED=%#x)",
				 rb_entry(node, struct knode, rb)->key, i,
				 sorted[i], seed);
		order[i++] = node;
	}
	assert_int_equal(i, n);

	for (node = rb_last(root); node; node = rb_prev(node)) {
		assert_true(i > 0);
		assert_ptr_equal(node, order[--i]);
	}
	assert_int_equal(i, 0);

	for (i = 0; i + 1 < n; i++) {
		assert_ptr_equal(rb_next(order[i]), order[i + 1]);
		assert_ptr_equal(rb_prev(order[i + 1]), order[i]);
	}
	if (n) {
		assert_null(rb_prev(order[0]));
		assert_null(rb_next(order[n - 1]));
		assert_ptr_equal(rb_first(root), order[0]);
		assert_ptr_equal(rb_last(root), order[n - 1]);
	}
	free(order);
	free(sorted);
}

/* a deliberately bad call must abort with a report naming it */
#define __expect_abort(fn, what, where) \
	expect_abort(fn, "rbtree corruption: ", what, where)

/* Build a tree of keys 0 .. n-1 inserted in ascending order. */
static void __build_ascending(struct rb_root *root, struct knode *kn, int n)
{
	int i;

	*root = RB_ROOT;
	for (i = 0; i < n; i++) {
		kn[i].key = (uint32_t)i;
		__insert(root, &kn[i]);
	}
}

/* ---------------------------------------------------------------------
 * Valid trees
 * ------------------------------------------------------------------- */

static void test_empty_tree(void **state)
{
	struct rb_root root = RB_ROOT;
	const char *why = "unset";

	(void)state;
	assert_true(RB_EMPTY_ROOT(&root));
	assert_null(rb_first(&root));
	assert_null(rb_last(&root));
	assert_int_equal(rb_check(&root, &why), 0);
	assert_null(why);
	assert_int_equal(rb_check(&root, NULL), 0);
}

static void test_single_node(void **state)
{
	struct rb_root root = RB_ROOT;
	struct knode kn = { .key = 7 };

	(void)state;
	__insert(&root, &kn);
	assert_int_equal(__check(&root, "insert", 0), 1);
	assert_true(rb_is_black(&kn.rb));
	assert_null(rb_parent(&kn.rb));
	assert_ptr_equal(rb_first(&root), &kn.rb);
	assert_ptr_equal(rb_last(&root), &kn.rb);
	assert_null(rb_next(&kn.rb));
	assert_null(rb_prev(&kn.rb));

	rb_erase(&kn.rb, &root);
	assert_true(RB_EMPTY_ROOT(&root));
	assert_int_equal(__check(&root, "erase", 0), 0);
}

static void test_cleared_node(void **state)
{
	struct knode kn;

	(void)state;
	RB_CLEAR_NODE(&kn.rb);
	assert_true(RB_EMPTY_NODE(&kn.rb));
	assert_null(rb_next(&kn.rb));
	assert_null(rb_prev(&kn.rb));
	assert_ptr_equal(rb_entry_safe(&kn.rb, struct knode, rb), &kn);
	assert_null(rb_entry_safe((struct rb_node *)NULL, struct knode, rb));
}

/*
 * Sorted input is the worst case for an unbalanced tree: it would make a
 * list. Here the height must stay within 2 * log2(n + 1).
 */
static void test_sorted_inserts_stay_balanced(void **state)
{
	enum { N = 2000 };
	struct rb_root root = RB_ROOT;
	struct knode *kn = calloc(N, sizeof(*kn));
	uint32_t *keys = calloc(N, sizeof(*keys));
	int i;

	(void)state;
	assert_non_null(kn);
	assert_non_null(keys);
	for (i = 0; i < N; i++) {
		kn[i].key = keys[i] = (uint32_t)i;
		__insert(&root, &kn[i]);
		__check(&root, "ascending insert", i);
		assert_true(__height(root.rb_node) <=
			    2 * __log2_ceil((size_t)i + 1));
	}
	__assert_walks(&root, keys, N);
	/* Erase from the front: the tree keeps losing its leftmost node. */
	for (i = 0; i < N / 2; i++) {
		rb_erase(&kn[i].rb, &root);
		__check(&root, "front erase", i);
	}
	__assert_walks(&root, keys + N / 2, N - N / 2);

	root = RB_ROOT;
	for (i = N - 1; i >= 0; i--) {
		__insert(&root, &kn[i]);
		__check(&root, "descending insert", i);
	}
	assert_true(__height(root.rb_node) <= 2 * __log2_ceil(N));
	__assert_walks(&root, keys, N);
	/* Erase from the back. */
	for (i = N - 1; i >= 0; i--) {
		rb_erase(&kn[i].rb, &root);
		__check(&root, "back erase", i);
	}
	assert_true(RB_EMPTY_ROOT(&root));
	free(keys);
	free(kn);
}

/* Advance @p, a permutation of n values, to the next in lexical order. */
static bool __next_permutation(int *p, int n)
{
	int i = n - 2, j = n - 1, t;

	while (i >= 0 && p[i] >= p[i + 1])
		i--;
	if (i < 0)
		return false;
	while (p[j] <= p[i])
		j--;
	t = p[i]; p[i] = p[j]; p[j] = t;
	for (i++, j = n - 1; i < j; i++, j--) {
		t = p[i]; p[i] = p[j]; p[j] = t;
	}
	return true;
}

/*
 * Every insertion order of up to 7 keys, each tree then erased in three
 * orders (the same, reversed, and rotated by half): small trees are where the
 * leaf and root special cases of the rebalancing live.
 */
static void test_all_small_permutations(void **state)
{
	enum { NMAX = 7 };
	struct knode kn[NMAX];
	int perm[NMAX], n, i, way;
	long trees = 0;

	(void)state;
	for (n = 1; n <= NMAX; n++) {
		for (i = 0; i < n; i++)
			perm[i] = i;
		do {
			for (way = 0; way < 3; way++) {
				struct rb_root root = RB_ROOT;
				uint32_t keys[NMAX];

				for (i = 0; i < n; i++) {
					kn[perm[i]].key = keys[i] =
						(uint32_t)perm[i];
					__insert(&root, &kn[perm[i]]);
					__check(&root, "insert", trees);
				}
				__assert_walks(&root, keys, (size_t)n);
				for (i = 0; i < n; i++) {
					int k = way == 0 ? perm[i] :
						way == 1 ? perm[n - 1 - i] :
						perm[(i + n / 2) % n];

					rb_erase(&kn[k].rb, &root);
					__check(&root, "erase", trees);
				}
				assert_true(RB_EMPTY_ROOT(&root));
				trees++;
			}
		} while (__next_permutation(perm, n));
	}
	assert_true(trees > 3 * 5040);
}

/*
 * 10000 random keys: insert all, checking every invariant after each
 * insertion, then erase half in random order, checking after each erasure,
 * and compare the walks in both directions with the keys that remain.
 */
static void test_random_insert_erase(void **state)
{
	struct rb_root root = RB_ROOT;
	struct knode *kn = calloc(RANDOM_NODES, sizeof(*kn));
	struct knode **order = calloc(RANDOM_NODES, sizeof(*order));
	uint32_t *keys = calloc(RANDOM_NODES, sizeof(*keys));
	uint32_t rng = seed;
	size_t i, live;
	int bh;

	(void)state;
	assert_non_null(kn);
	assert_non_null(order);
	assert_non_null(keys);
	for (i = 0; i < RANDOM_NODES; i++) {
		kn[i].key = keys[i] = __xorshift32(&rng);
		__insert(&root, &kn[i]);
		bh = __check(&root, "random insert", (long)i);
		if (__height(root.rb_node) > 2 * __log2_ceil(i + 1))
			fail_msg("height %d with %zu nodes (JC_SEED=%#x)",
				 __height(root.rb_node), i + 1, seed);
		if (bh < 1)
			fail_msg("black height %d (JC_SEED=%#x)", bh, seed);
		if (i % 1000 == 999)
			__assert_walks(&root, keys, i + 1);
	}

	for (i = 0; i < RANDOM_NODES; i++)
		order[i] = &kn[i];
	__shuffle(order, RANDOM_NODES, &rng);
	for (i = 0; i < RANDOM_NODES / 2; i++) {
		rb_erase(&order[i]->rb, &root);
		__check(&root, "random erase", (long)i);
		if (i % 1000 == 999) {
			size_t j;

			live = 0;
			for (j = i + 1; j < RANDOM_NODES; j++)
				keys[live++] = order[j]->key;
			__assert_walks(&root, keys, live);
		}
	}

	live = 0;
	for (i = RANDOM_NODES / 2; i < RANDOM_NODES; i++)
		keys[live++] = order[i]->key;
	__assert_walks(&root, keys, live);
	if (__height(root.rb_node) > 2 * __log2_ceil(live))
		fail_msg("height %d with %zu nodes (JC_SEED=%#x)",
			 __height(root.rb_node), live, seed);

	free(keys);
	free(order);
	free(kn);
}

/* Equal keys are legal: the tree keeps them all, next to each other. */
static void test_duplicate_keys(void **state)
{
	enum { N = 300 };
	struct rb_root root = RB_ROOT;
	struct knode kn[N];
	uint32_t keys[N];
	int i;

	(void)state;
	for (i = 0; i < N; i++) {
		kn[i].key = keys[i] = (uint32_t)(i % 3);
		__insert(&root, &kn[i]);
		__check(&root, "duplicate insert", i);
	}
	__assert_walks(&root, keys, N);
	for (i = 0; i < N; i += 2) {
		rb_erase(&kn[i].rb, &root);
		__check(&root, "duplicate erase", i);
	}
}

/* A replaced node's successor takes its place, colour and links: the shape stays. */
static void test_replace_node(void **state)
{
	enum { N = 100 };
	struct rb_root root = RB_ROOT;
	static struct knode kn[N], fresh[N];
	uint32_t keys[N];
	struct rb_node *parent, *left, *right;
	int i, color;

	(void)state;
	__build_ascending(&root, kn, N);
	for (i = 0; i < N; i++)
		keys[i] = kn[i].key;
	for (i = 0; i < N; i += 3) {
		parent = rb_parent(&kn[i].rb);
		left = kn[i].rb.rb_left;
		right = kn[i].rb.rb_right;
		color = __rb_color(&kn[i].rb);
		fresh[i].key = kn[i].key;
		rb_replace_node(&kn[i].rb, &fresh[i].rb, &root);
		__check(&root, "replace", i);
		assert_ptr_equal(rb_parent(&fresh[i].rb), parent);
		assert_ptr_equal(fresh[i].rb.rb_left, left);
		assert_ptr_equal(fresh[i].rb.rb_right, right);
		assert_int_equal(__rb_color(&fresh[i].rb), color);
		if (left)
			assert_ptr_equal(rb_parent(left), &fresh[i].rb);
		if (right)
			assert_ptr_equal(rb_parent(right), &fresh[i].rb);
		if (!parent)
			assert_ptr_equal(root.rb_node, &fresh[i].rb);
	}
	__assert_walks(&root, keys, N);
}

/* ---------------------------------------------------------------------
 * Broken trees: rb_check() must notice, and say which invariant
 * ------------------------------------------------------------------- */

/* Expect rb_check() to fail with a reason containing @what. */
static void __assert_broken(const struct rb_root *root, const char *what)
{
	const char *why = NULL;

	assert_int_equal(rb_check(root, &why), -1);
	assert_non_null(why);
	if (!strstr(why, what))
		fail_msg("rb_check said \"%s\", expected \"%s\"", why, what);
}

/* The first node in order that is red and satisfies @want, or NULL. */
static struct rb_node *__find_red(const struct rb_root *root,
				  bool (*want)(const struct rb_node *,
					       const struct rb_root *))
{
	struct rb_node *node;

	for (node = rb_first(root); node; node = rb_next(node))
		if (rb_is_red(node) && want(node, root))
			return node;
	return NULL;
}

static bool __is_leaf(const struct rb_node *node, const struct rb_root *root)
{
	(void)root;
	return !node->rb_left && !node->rb_right;
}

static bool __has_nonroot_parent(const struct rb_node *node,
				 const struct rb_root *root)
{
	return rb_parent(node) && rb_parent(node) != root->rb_node;
}

static void test_broken_red_root(void **state)
{
	enum { N = 50 };
	struct rb_root root;
	struct knode kn[N];

	(void)state;
	__build_ascending(&root, kn, N);
	__rb_set_color(root.rb_node, RB_RED);
	__assert_broken(&root, "2: the root is red");
	__rb_set_color(root.rb_node, RB_BLACK);
	assert_true(rb_check(&root, NULL) > 0);
}

static void test_broken_two_reds(void **state)
{
	enum { N = 50 };
	struct rb_root root;
	struct knode kn[N];
	struct rb_node *red, *parent;

	(void)state;
	__build_ascending(&root, kn, N);
	/* A red node's parent is black; make it red too. */
	red = __find_red(&root, __has_nonroot_parent);
	assert_non_null(red);
	parent = rb_parent(red);
	assert_true(rb_is_black(parent));
	__rb_set_color(parent, RB_RED);
	__assert_broken(&root, "4: a red node has a red child");
	__rb_set_color(parent, RB_BLACK);
	assert_true(rb_check(&root, NULL) > 0);
}

static void test_broken_black_height(void **state)
{
	enum { N = 50 };
	struct rb_root root;
	struct knode kn[N];
	struct rb_node *leaf;

	(void)state;
	__build_ascending(&root, kn, N);
	/* A red leaf turned black adds a black to its paths only. */
	leaf = __find_red(&root, __is_leaf);
	assert_non_null(leaf);
	__rb_set_color(leaf, RB_BLACK);
	__assert_broken(&root, "5: a node's subtrees differ in black height");
	__rb_set_color(leaf, RB_RED);
	assert_true(rb_check(&root, NULL) > 0);
}

static void test_broken_links(void **state)
{
	enum { N = 50 };
	struct rb_root root;
	struct knode kn[N];
	struct rb_node *child, *saved;

	(void)state;
	__build_ascending(&root, kn, N);

	/* A child whose parent link points elsewhere. */
	child = root.rb_node->rb_left->rb_left;
	__rb_set_parent(child, root.rb_node);
	__assert_broken(&root, "parent link");
	__rb_set_parent(child, root.rb_node->rb_left);
	assert_true(rb_check(&root, NULL) > 0);

	/* A root that claims a parent. */
	__rb_set_parent(root.rb_node, child);
	__assert_broken(&root, "the root has a parent");
	__rb_set_parent(root.rb_node, NULL);

	/* A link back up to the root: a cycle, caught by the parent link. */
	child = rb_last(&root);
	saved = child->rb_right;
	child->rb_right = root.rb_node;
	__assert_broken(&root, "parent link");
	child->rb_right = saved;

	/* Stray bits beside the colour. */
	root.rb_node->__rb_parent_color |= 2;
	__assert_broken(&root, "1: stray bits");
	root.rb_node->__rb_parent_color &= ~(uintptr_t)2;
	assert_true(rb_check(&root, NULL) > 0);
}

/*
 * Nodes linked without rb_insert_color() in sorted order make a chain. Even
 * coloured to pass the root check, it is too deep to be a red-black tree,
 * and rb_check() must say so without recursing down all of it.
 */
static void test_broken_degenerate_chain(void **state)
{
	enum { N = 4096 };
	struct rb_root root = RB_ROOT;
	struct rb_node **link = &root.rb_node, *parent = NULL;
	struct knode *kn = calloc(N, sizeof(*kn));
	int i;

	(void)state;
	assert_non_null(kn);
	for (i = 0; i < N; i++) {
		kn[i].key = (uint32_t)i;
		rb_link_node(&kn[i].rb, parent, link);
		__rb_set_color(&kn[i].rb, RB_BLACK);
		parent = &kn[i].rb;
		link = &kn[i].rb.rb_right;
	}
	__assert_broken(&root, "deeper than any valid tree");
	free(kn);
}

/* ---------------------------------------------------------------------
 * Debug checks inside rb_insert_color() and rb_erase(): must abort
 * ------------------------------------------------------------------- */

static void __insert_into_broken_tree(void)
{
	static struct knode kn[51];
	struct rb_root root;
	struct rb_node *leaf;

	__build_ascending(&root, kn, 50);
	leaf = __find_red(&root, __is_leaf);
	__rb_set_color(leaf, RB_BLACK);
	kn[50].key = 1000;
	__insert(&root, &kn[50]);
}

static void __double_erase(void)
{
	static struct knode kn[10];
	struct rb_root root;

	__build_ascending(&root, kn, 10);
	rb_erase(&kn[3].rb, &root);
	rb_erase(&kn[3].rb, &root);
}

static void __erase_cleared(void)
{
	static struct knode kn[10];
	struct rb_root root;

	__build_ascending(&root, kn, 10);
	rb_erase(&kn[3].rb, &root);
	RB_CLEAR_NODE(&kn[3].rb);
	rb_erase(&kn[3].rb, &root);
}

static void __erase_from_other_tree(void)
{
	static struct knode a[10], b[10];
	struct rb_root ra, rbt;

	__build_ascending(&ra, a, 10);
	__build_ascending(&rbt, b, 10);
	rb_erase(&a[4].rb, &rbt);
}

static void __replace_erased(void)
{
	static struct knode kn[10], fresh;
	struct rb_root root;

	__build_ascending(&root, kn, 10);
	rb_erase(&kn[3].rb, &root);
	fresh.key = kn[3].key;
	rb_replace_node(&kn[3].rb, &fresh.rb, &root);
}

static void test_debug_checks_abort(void **state)
{
	(void)state;
	__expect_abort(__insert_into_broken_tree,
		       "rb_insert_color: 5: a node's subtrees differ",
		       "test_rbtree.c:");
	__expect_abort(__double_erase, "rb_erase: node already erased",
		       "test_rbtree.c:");
	__expect_abort(__erase_cleared, "rb_erase: node not in a tree",
		       "test_rbtree.c:");
	__expect_abort(__erase_from_other_tree,
		       "rb_erase: node is not in this tree", "test_rbtree.c:");
	__expect_abort(__replace_erased, "rb_replace_node: node already erased",
		       "test_rbtree.c:");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_tree),
		cmocka_unit_test(test_single_node),
		cmocka_unit_test(test_cleared_node),
		cmocka_unit_test(test_sorted_inserts_stay_balanced),
		cmocka_unit_test(test_all_small_permutations),
		cmocka_unit_test(test_random_insert_erase),
		cmocka_unit_test(test_duplicate_keys),
		cmocka_unit_test(test_replace_node),
		cmocka_unit_test(test_broken_red_root),
		cmocka_unit_test(test_broken_two_reds),
		cmocka_unit_test(test_broken_black_height),
		cmocka_unit_test(test_broken_links),
		cmocka_unit_test(test_broken_degenerate_chain),
		cmocka_unit_test(test_debug_checks_abort),
	};
	const char *env = getenv("JC_SEED");

	seed = env ? (uint32_t)strtoul(env, NULL, 0) : DEFAULT_SEED;
	if (!seed)
		seed = DEFAULT_SEED;	/* xorshift's one forbidden state */
	print_message("rbtree: JC_SEED=%#x\n", seed);
	return cmocka_run_group_tests_name("rbtree", tests, NULL, NULL);
}
