// SPDX-License-Identifier: GPL-2.0
/*
 * rbtree.c - red-black tree rebalancing, for trees whose nodes embed a
 * struct rb_node and whose users do their own key comparisons (rbtree.h).
 *
 * A red-black tree is a binary search tree with one colour bit per node,
 * kept so that no path from the root to a leaf is more than twice as long
 * as any other. The colours obey five invariants:
 *
 *  1. Every node is either red or black.
 *  2. The root is black.
 *  3. Every leaf (a NULL child pointer) counts as black.
 *  4. A red node has no red child.
 *  5. Every path from a node down to any leaf below it passes through the
 *     same number of black nodes: the node's black height.
 *
 * By 4 and 5 the longest path, alternating red and black, is at most twice
 * the shortest, all black; so a tree of n nodes is at most 2 * log2(n + 1)
 * high, and every operation below is O(log n).
 *
 * Invariant 3 holds by construction: there are no leaf objects to colour.
 * rb_check() verifies the other four from the outside.
 *
 * Drawing conventions used below:
 *
 *	[N]	a black node	(n)	a red node	{n}	either colour
 *	a, b	subtrees, each with the same black height as its siblings
 *
 * Only the cases on the left side are drawn (the parent p a left child when
 * inserting, the short node x a left child when erasing); for the right
 * side, read every picture in a mirror.
 *
 *
 * INSERTION
 *
 * The new node n is linked as a leaf and coloured red, which keeps 5 but may
 * break 4 (if its parent p is red) or 2 (if n is the root). Let g be the
 * grandparent and u the uncle, p's sibling. If n is the root, colour it
 * black; if p is black, nothing is broken. Otherwise p is red, so p is not
 * the root and g exists and is black:
 *
 * Case 1: the uncle is red. Push g's blackness down to both its children.
 * The black height of g is unchanged, but g is now red and may have a red
 * parent: repeat from g.
 *
 *	      [G]                 (g)
 *	      / \                 / \
 *	    (p) (u)     -->     [P] [U]
 *	    /                   /
 *	  (n)                 (n)
 *
 * Case 2: the uncle is black (or a leaf) and n is an inner grandchild (the
 * right child of a left child). Rotate at p so that p becomes n's outer
 * child; both are red, so no black height changes. Go on to case 3 with the
 * roles of n and p exchanged.
 *
 *	      [G]                 [G]
 *	      / \                 / \
 *	    (p) [U]     -->     (n) [U]
 *	    / \                 / \
 *	   a  (n)             (p)  c
 *	      / \             / \
 *	     b   c           a   b
 *
 * Case 3: the uncle is black and n is an outer grandchild. Rotate at g and
 * swap the colours of p and g: p takes g's place and its black, and g, now
 * red, has black children (n's sibling subtree and u). Done.
 *
 *	      [G]                 [P]
 *	      / \                 / \
 *	    (p) [U]     -->     (n) (g)
 *	    / \                     / \
 *	  (n)  c                   c  [U]
 *
 *
 * ERASURE
 *
 * First the node leaves the tree. A node with at most one child is spliced
 * out: its child, if any, takes its place. A node with two children is
 * replaced by its successor (the leftmost node of its right subtree, which
 * has no left child), which takes the node's place and colour; the
 * successor's own old position is then the one spliced out.
 *
 * If the spliced-out position held a red node, no black height changed.
 * If it held a black node, every path through x, the child that moved up
 * (possibly a leaf), is now one black short. If x is red, colouring it black
 * repays the debt. Otherwise x is "doubly black" and the debt is settled
 * with x's sibling s, which cannot be a leaf: its side of p had at least
 * one black node more than x's side now has.
 *
 * Case 1: s is red (so p and s's children are black). Rotate at p, making s
 * the top and p red. x's new sibling is sl, which is black: go on to case 2,
 * 3 or 4.
 *
 *	      [P]                 [S]
 *	      / \                 / \
 *	    [X] (s)     -->     (p) [Sr]
 *	        / \             / \
 *	     [Sl] [Sr]        [X] [Sl]
 *
 * Case 2: s and both its children are black. Colour s red: now s's side is
 * short too, so p as a whole is one black short. If p is red, colouring it
 * black settles the debt; otherwise repeat with p as x.
 *
 *	      {p}                 {p}   <- now short by one
 *	      / \                 / \
 *	    [X] [S]     -->     [X] (s)
 *	        / \                 / \
 *	     [Sl] [Sr]           [Sl] [Sr]
 *
 * Case 3: s is black, its far child sr is black and its near child sl is
 * red. Rotate at s and swap the colours of s and sl, so that x's sibling is
 * black with a red far child: go on to case 4.
 *
 *	      {p}                 {p}
 *	      / \                 / \
 *	    [X] [S]     -->     [X] [Sl]
 *	        / \                 / \
 *	     (sl) [Sr]             a  (s)
 *	     / \                      / \
 *	    a   b                    b  [Sr]
 *
 * Case 4: s is black and its far child sr is red. Rotate at p; s takes p's
 * place and colour, and p and sr become black. The new black p gives x's
 * side the black it lacked, and sr, now black, keeps s's old right side
 * whole. Done.
 *
 *	      {p}                 {s}
 *	      / \                 / \
 *	    [X] [S]     -->     [P] [Sr]
 *	        / \             / \
 *	      {sl} (sr)       [X] {sl}
 *
 * Each insertion does at most two rotations (cases 2 and 3) and each
 * erasure at most three (cases 1, 3 and 4); case 1 of insertion and case 2
 * of erasure, which only recolour, are the ones that may climb the tree.
 */
#include <limits.h>

#include "rbtree.h"

/*
 * No valid tree is deeper than this: a tree of height h holds at least
 * 2^(h/2) - 1 nodes, more than fit in the address space once h reaches
 * twice the pointer width. rb_check() stops there, so that a degenerate
 * tree (nodes linked without rb_insert_color(), say) is reported rather
 * than recursed into until the stack, small in WebAssembly, runs out.
 */
#define RB_DEPTH_MAX	(2 * (int)(CHAR_BIT * sizeof(void *)))

/* The values an erased node is left with in debug builds. */
#define RB_POISON_PARENT	((uintptr_t)0x122 | RB_BLACK)
#define RB_POISON_CHILD		((struct rb_node *)0x100)

/* ---------------------------------------------------------------------
 * Debug checks: real in debug builds, empty stubs otherwise.
 * ------------------------------------------------------------------- */

#ifdef JC_DEBUG_LIST
static void __rb_verify(const struct rb_root *root, const char *op,
			const char *file, int line)
{
	const char *why = NULL;

	if (rb_check(root, &why) < 0)
		__rb_corrupt(op, why, root->rb_node, file, line);
}

static void __rb_check_erase(const struct rb_node *node,
			     const struct rb_root *root, const char *op,
			     const char *file, int line)
{
	const struct rb_node *top = node;

	if (node->__rb_parent_color == RB_POISON_PARENT)
		__rb_corrupt(op, "node already erased", node, file, line);
	if (RB_EMPTY_NODE(node))
		__rb_corrupt(op, "node not in a tree", node, file, line);
	while (rb_parent(top))
		top = rb_parent(top);
	if (top != root->rb_node)
		__rb_corrupt(op, "node is not in this tree", node, file, line);
}

static void __rb_poison(struct rb_node *node)
{
	node->__rb_parent_color = RB_POISON_PARENT;
	node->rb_left = RB_POISON_CHILD;
	node->rb_right = RB_POISON_CHILD;
}
#else
static void __rb_verify(const struct rb_root *root, const char *op,
			const char *file, int line)
{
	(void)root; (void)op; (void)file; (void)line;
}

static void __rb_check_erase(const struct rb_node *node,
			     const struct rb_root *root, const char *op,
			     const char *file, int line)
{
	(void)node; (void)root; (void)op; (void)file; (void)line;
}

static void __rb_poison(struct rb_node *node)
{
	(void)node;
}
#endif

/* ---------------------------------------------------------------------
 * Private helpers
 * ------------------------------------------------------------------- */

/* A leaf (NULL) counts as black: invariant 3. */
static bool __rb_is_black_or_leaf(const struct rb_node *node)
{
	return !node || rb_is_black(node);
}

/* Point whatever pointed at @old (@parent's child slot, or the root) at @new. */
static void __rb_change_child(struct rb_node *old, struct rb_node *new,
			      struct rb_node *parent, struct rb_root *root)
{
	if (!parent)
		root->rb_node = new;
	else if (parent->rb_left == old)
		parent->rb_left = new;
	else
		parent->rb_right = new;
}

/*
 * Rotate left at @x: its right child y takes its place and @x becomes y's
 * left child; y's old left subtree moves across to be @x's right. Colours
 * are left to the caller.
 *
 *	    x                 y
 *	   / \               / \
 *	  a   y     -->     x   c
 *	     / \           / \
 *	    b   c         a   b
 */
static void __rb_rotate_left(struct rb_node *x, struct rb_root *root)
{
	struct rb_node *y = x->rb_right;
	struct rb_node *parent = rb_parent(x);

	x->rb_right = y->rb_left;
	if (y->rb_left)
		__rb_set_parent(y->rb_left, x);
	__rb_set_parent(y, parent);
	__rb_change_child(x, y, parent, root);
	y->rb_left = x;
	__rb_set_parent(x, y);
}

/* The mirror image of __rb_rotate_left(). */
static void __rb_rotate_right(struct rb_node *x, struct rb_root *root)
{
	struct rb_node *y = x->rb_left;
	struct rb_node *parent = rb_parent(x);

	x->rb_left = y->rb_right;
	if (y->rb_right)
		__rb_set_parent(y->rb_right, x);
	__rb_set_parent(y, parent);
	__rb_change_child(x, y, parent, root);
	y->rb_right = x;
	__rb_set_parent(x, y);
}

/* The insertion cases of the comment at the top. */
static void __rb_insert_fixup(struct rb_node *node, struct rb_root *root)
{
	for (;;) {
		struct rb_node *parent = rb_parent(node);
		struct rb_node *gparent, *uncle;

		if (!parent) {
			__rb_set_color(node, RB_BLACK);
			return;
		}
		if (rb_is_black(parent))
			return;
		gparent = rb_parent(parent);

		if (parent == gparent->rb_left) {
			uncle = gparent->rb_right;
			if (uncle && rb_is_red(uncle)) {
				/* Case 1 */
				__rb_set_color(parent, RB_BLACK);
				__rb_set_color(uncle, RB_BLACK);
				__rb_set_color(gparent, RB_RED);
				node = gparent;
				continue;
			}
			if (node == parent->rb_right) {
				/* Case 2 */
				__rb_rotate_left(parent, root);
				node = parent;
				parent = rb_parent(node);
			}
			/* Case 3 */
			__rb_rotate_right(gparent, root);
			__rb_set_color(parent, RB_BLACK);
			__rb_set_color(gparent, RB_RED);
			return;
		}

		uncle = gparent->rb_left;
		if (uncle && rb_is_red(uncle)) {
			/* Case 1, mirrored */
			__rb_set_color(parent, RB_BLACK);
			__rb_set_color(uncle, RB_BLACK);
			__rb_set_color(gparent, RB_RED);
			node = gparent;
			continue;
		}
		if (node == parent->rb_left) {
			/* Case 2, mirrored */
			__rb_rotate_right(parent, root);
			node = parent;
			parent = rb_parent(node);
		}
		/* Case 3, mirrored */
		__rb_rotate_left(gparent, root);
		__rb_set_color(parent, RB_BLACK);
		__rb_set_color(gparent, RB_RED);
		return;
	}
}

/*
 * The erasure cases of the comment at the top. @x is one black short and
 * may be a leaf, so its @parent is passed alongside.
 */
static void __rb_erase_fixup(struct rb_node *x, struct rb_node *parent,
			     struct rb_root *root)
{
	struct rb_node *sib;

	while (x != root->rb_node && __rb_is_black_or_leaf(x)) {
		if (x == parent->rb_left) {
			sib = parent->rb_right;
			if (rb_is_red(sib)) {
				/* Case 1 */
				__rb_set_color(sib, RB_BLACK);
				__rb_set_color(parent, RB_RED);
				__rb_rotate_left(parent, root);
				sib = parent->rb_right;
			}
			if (__rb_is_black_or_leaf(sib->rb_left) &&
			    __rb_is_black_or_leaf(sib->rb_right)) {
				/* Case 2 */
				__rb_set_color(sib, RB_RED);
				x = parent;
				parent = rb_parent(x);
				continue;
			}
			if (__rb_is_black_or_leaf(sib->rb_right)) {
				/* Case 3 */
				__rb_set_color(sib->rb_left, RB_BLACK);
				__rb_set_color(sib, RB_RED);
				__rb_rotate_right(sib, root);
				sib = parent->rb_right;
			}
			/* Case 4 */
			__rb_set_color(sib, __rb_color(parent));
			__rb_set_color(parent, RB_BLACK);
			__rb_set_color(sib->rb_right, RB_BLACK);
			__rb_rotate_left(parent, root);
			x = root->rb_node;
			break;
		}

		sib = parent->rb_left;
		if (rb_is_red(sib)) {
			/* Case 1, mirrored */
			__rb_set_color(sib, RB_BLACK);
			__rb_set_color(parent, RB_RED);
			__rb_rotate_right(parent, root);
			sib = parent->rb_left;
		}
		if (__rb_is_black_or_leaf(sib->rb_left) &&
		    __rb_is_black_or_leaf(sib->rb_right)) {
			/* Case 2, mirrored */
			__rb_set_color(sib, RB_RED);
			x = parent;
			parent = rb_parent(x);
			continue;
		}
		if (__rb_is_black_or_leaf(sib->rb_left)) {
			/* Case 3, mirrored */
			__rb_set_color(sib->rb_right, RB_BLACK);
			__rb_set_color(sib, RB_RED);
			__rb_rotate_left(sib, root);
			sib = parent->rb_left;
		}
		/* Case 4, mirrored */
		__rb_set_color(sib, __rb_color(parent));
		__rb_set_color(parent, RB_BLACK);
		__rb_set_color(sib->rb_left, RB_BLACK);
		__rb_rotate_right(parent, root);
		x = root->rb_node;
		break;
	}
	if (x)
		__rb_set_color(x, RB_BLACK);
}

/*
 * Take @node out of the tree without rebalancing: the first step of
 * ERASURE at the top. Returns the colour of the position that was spliced
 * out, and sets *@xp and *@parentp to the child that moved up into it
 * (possibly a leaf) and that child's parent.
 */
static int __rb_unlink(struct rb_node *node, struct rb_root *root,
		       struct rb_node **xp, struct rb_node **parentp)
{
	struct rb_node *succ, *x, *parent;
	int removed_color;

	if (!node->rb_left || !node->rb_right) {
		x = node->rb_left ? node->rb_left : node->rb_right;
		parent = rb_parent(node);
		removed_color = __rb_color(node);
		__rb_change_child(node, x, parent, root);
		if (x)
			__rb_set_parent(x, parent);
		*xp = x;
		*parentp = parent;
		return removed_color;
	}

	succ = node->rb_right;
	while (succ->rb_left)
		succ = succ->rb_left;
	removed_color = __rb_color(succ);
	x = succ->rb_right;

	if (rb_parent(succ) == node) {
		/* succ is node's right child: it keeps its right subtree. */
		parent = succ;
	} else {
		/* succ leaves its place to its right child x ... */
		parent = rb_parent(succ);
		parent->rb_left = x;
		if (x)
			__rb_set_parent(x, parent);
		/* ... and adopts node's right subtree. */
		succ->rb_right = node->rb_right;
		__rb_set_parent(succ->rb_right, succ);
	}
	succ->rb_left = node->rb_left;
	__rb_set_parent(succ->rb_left, succ);
	__rb_change_child(node, succ, rb_parent(node), root);
	succ->__rb_parent_color = node->__rb_parent_color;

	*xp = x;
	*parentp = parent;
	return removed_color;
}

/*
 * Check the subtree at @node, whose parent should be @parent and which is
 * @depth levels below the root. Returns its black height, or -1 with *@why
 * set.
 */
static int __rb_check_subtree(const struct rb_node *node,
			      const struct rb_node *parent, int depth,
			      const char **why)
{
	int left_bh, right_bh;

	if (!node)
		return 0;
	if (depth > RB_DEPTH_MAX) {
		*why = "deeper than any valid tree can be";
		return -1;
	}
	if (rb_parent(node) != parent) {
		*why = "a node's parent link does not point to its parent";
		return -1;
	}
	if (node->__rb_parent_color & __RB_COLOR_MASK & ~(uintptr_t)1) {
		*why = "1: stray bits in a node's colour word";
		return -1;
	}
	if (rb_is_red(node) &&
	    ((node->rb_left && rb_is_red(node->rb_left)) ||
	     (node->rb_right && rb_is_red(node->rb_right)))) {
		*why = "4: a red node has a red child";
		return -1;
	}

	left_bh = __rb_check_subtree(node->rb_left, node, depth + 1, why);
	if (left_bh < 0)
		return -1;
	right_bh = __rb_check_subtree(node->rb_right, node, depth + 1, why);
	if (right_bh < 0)
		return -1;
	if (left_bh != right_bh) {
		*why = "5: a node's subtrees differ in black height";
		return -1;
	}
	return left_bh + rb_is_black(node);
}

/* ---------------------------------------------------------------------
 * API
 * ------------------------------------------------------------------- */

void __rb_insert_color_at(struct rb_node *node, struct rb_root *root,
			  const char *file, int line)
{
	__rb_insert_fixup(node, root);
	__rb_verify(root, "rb_insert_color", file, line);
}

void __rb_erase_at(struct rb_node *node, struct rb_root *root,
		   const char *file, int line)
{
	struct rb_node *x, *parent;

	__rb_check_erase(node, root, "rb_erase", file, line);
	if (__rb_unlink(node, root, &x, &parent) == RB_BLACK)
		__rb_erase_fixup(x, parent, root);
	__rb_poison(node);
	__rb_verify(root, "rb_erase", file, line);
}

void __rb_replace_node_at(struct rb_node *victim, struct rb_node *new,
			  struct rb_root *root, const char *file, int line)
{
	struct rb_node *parent = rb_parent(victim);

	__rb_check_erase(victim, root, "rb_replace_node", file, line);
	*new = *victim;
	if (victim->rb_left)
		__rb_set_parent(victim->rb_left, new);
	if (victim->rb_right)
		__rb_set_parent(victim->rb_right, new);
	__rb_change_child(victim, new, parent, root);
	__rb_poison(victim);
	__rb_verify(root, "rb_replace_node", file, line);
}

struct rb_node *rb_first(const struct rb_root *root)
{
	struct rb_node *node = root->rb_node;

	if (!node)
		return NULL;
	while (node->rb_left)
		node = node->rb_left;
	return node;
}

struct rb_node *rb_last(const struct rb_root *root)
{
	struct rb_node *node = root->rb_node;

	if (!node)
		return NULL;
	while (node->rb_right)
		node = node->rb_right;
	return node;
}

struct rb_node *rb_next(const struct rb_node *node)
{
	struct rb_node *parent;

	if (RB_EMPTY_NODE(node))
		return NULL;

	/* The leftmost node of the right subtree, if there is one ... */
	if (node->rb_right) {
		struct rb_node *next = node->rb_right;

		while (next->rb_left)
			next = next->rb_left;
		return next;
	}

	/* ... else the first ancestor that we reach from its left side. */
	while ((parent = rb_parent(node)) && node == parent->rb_right)
		node = parent;
	return parent;
}

struct rb_node *rb_prev(const struct rb_node *node)
{
	struct rb_node *parent;

	if (RB_EMPTY_NODE(node))
		return NULL;

	if (node->rb_left) {
		struct rb_node *prev = node->rb_left;

		while (prev->rb_right)
			prev = prev->rb_right;
		return prev;
	}

	while ((parent = rb_parent(node)) && node == parent->rb_left)
		node = parent;
	return parent;
}

int rb_check(const struct rb_root *root, const char **why)
{
	const char *dummy;
	const struct rb_node *top = root->rb_node;

	if (!why)
		why = &dummy;
	*why = NULL;
	if (!top)
		return 0;
	if (rb_parent(top)) {
		*why = "the root has a parent";
		return -1;
	}
	if (!rb_is_black(top)) {
		*why = "2: the root is red";
		return -1;
	}
	return __rb_check_subtree(top, NULL, 0, why);
}
