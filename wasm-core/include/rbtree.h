/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rbtree.h - red-black trees as the kernel uses them.
 *
 * The node is embedded in the object and carries no key: the caller walks
 * down from the root comparing keys itself, links the new node where the
 * walk fell off the tree with rb_link_node(), then calls rb_insert_color()
 * to restore the balance. A lookup is the same walk without the link. So
 * the model's code performs, and is charged for, the comparisons the kernel
 * would make:
 *
 *	struct rb_node **link = &root->rb_node, *parent = NULL;
 *
 *	while (*link) {
 *		struct extent *e = rb_entry(*link, struct extent, node);
 *
 *		parent = *link;
 *		if (new->start < e->start)
 *			link = &(*link)->rb_left;
 *		else
 *			link = &(*link)->rb_right;
 *	}
 *	rb_link_node(&new->node, parent, link);
 *	rb_insert_color(&new->node, root);
 *
 * The parent pointer and the colour share one word: nodes are at least
 * pointer aligned, so bit 0 of the parent's address is free to hold the
 * colour. The algorithm and its invariants are described in src/rbtree.c.
 *
 * Nothing here locks: the caller holds whatever protects the tree. With
 * JC_DEBUG_LIST defined, every insert and erase checks the whole tree with
 * rb_check() and reports the caller's file and line if it is broken, and an
 * erased node is poisoned.
 */
#ifndef JC_RBTREE_H
#define JC_RBTREE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "list.h"

struct rb_node {
	uintptr_t __rb_parent_color;	/* parent address | colour bit */
	struct rb_node *rb_right;
	struct rb_node *rb_left;
};

struct rb_root {
	struct rb_node *rb_node;
};

#define RB_RED		0
#define RB_BLACK	1
#define __RB_COLOR_MASK	((uintptr_t)3)	/* bit 1 is reserved: always 0 */

/* Initialiser for a static or declared tree, and a value to assign. */
#define RB_ROOT_INIT	{ NULL }
#define RB_ROOT		((struct rb_root) RB_ROOT_INIT)

/**
 * rb_parent - the parent of @node, or NULL for the root
 * @node: a node in a tree
 */
static inline struct rb_node *rb_parent(const struct rb_node *node)
{
	return (struct rb_node *)(node->__rb_parent_color & ~__RB_COLOR_MASK);
}

static inline int __rb_color(const struct rb_node *node)
{
	return (int)(node->__rb_parent_color & 1);
}

/**
 * rb_is_red - whether @node is red
 * @node: a node in a tree
 */
static inline bool rb_is_red(const struct rb_node *node)
{
	return __rb_color(node) == RB_RED;
}

/**
 * rb_is_black - whether @node is black
 * @node: a node in a tree
 */
static inline bool rb_is_black(const struct rb_node *node)
{
	return __rb_color(node) == RB_BLACK;
}

static inline void __rb_set_parent_color(struct rb_node *node,
					 struct rb_node *parent, int color)
{
	node->__rb_parent_color = (uintptr_t)parent | (uintptr_t)color;
}

static inline void __rb_set_parent(struct rb_node *node, struct rb_node *parent)
{
	__rb_set_parent_color(node, parent, __rb_color(node));
}

static inline void __rb_set_color(struct rb_node *node, int color)
{
	__rb_set_parent_color(node, rb_parent(node), color);
}

/**
 * RB_EMPTY_ROOT - whether the tree @root has no nodes
 * @root: the tree
 */
#define RB_EMPTY_ROOT(root)	((root)->rb_node == NULL)

/**
 * RB_EMPTY_NODE - whether @node was cleared with RB_CLEAR_NODE()
 * @node: the node
 *
 * A cleared node is its own parent, which no node in a tree can be.
 */
#define RB_EMPTY_NODE(node) \
	((node)->__rb_parent_color == (uintptr_t)(node))

/**
 * RB_CLEAR_NODE - mark @node as in no tree
 * @node: the node
 */
#define RB_CLEAR_NODE(node) \
	((node)->__rb_parent_color = (uintptr_t)(node))

/**
 * rb_entry - get the object a node is embedded in
 * @ptr:    the &struct rb_node
 * @type:   type of the object
 * @member: name of the rb_node within @type
 */
#define rb_entry(ptr, type, member) container_of(ptr, type, member)

/* The object holding @node at @offset, or NULL for NULL (never offset NULL). */
static inline void *__rb_entry_or_null(struct rb_node *node, size_t offset)
{
	return node ? (void *)((char *)node - offset) : NULL;
}

/**
 * rb_entry_safe - rb_entry(), or NULL for a NULL node
 * @ptr:    a &struct rb_node pointer, possibly NULL
 * @type:   type of the object
 * @member: name of the rb_node within @type
 */
#define rb_entry_safe(ptr, type, member) \
	((type *)__rb_entry_or_null(ptr, offsetof(type, member)))

/**
 * rb_link_node - attach @node to the tree where a search fell off it
 * @node:    the new node
 * @parent:  the last node the search visited, NULL for an empty tree
 * @rb_link: the empty child slot of @parent (or &root->rb_node) it stopped at
 *
 * The node is linked red and childless; the tree is unbalanced until
 * rb_insert_color() is called.
 */
static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
				struct rb_node **rb_link)
{
	__rb_set_parent_color(node, parent, RB_RED);
	node->rb_left = NULL;
	node->rb_right = NULL;
	*rb_link = node;
}

void __rb_insert_color_at(struct rb_node *node, struct rb_root *root,
			  const char *file, int line);
void __rb_erase_at(struct rb_node *node, struct rb_root *root,
		   const char *file, int line);

/**
 * rb_insert_color - rebalance the tree after rb_link_node()
 * @node: the node just linked
 * @root: the tree it was linked into
 *
 * Recolours and rotates on the path from @node up to the root: O(log n),
 * at most two rotations.
 */
#define rb_insert_color(node, root) \
	__rb_insert_color_at(node, root, __FILE__, __LINE__)

/**
 * rb_erase - remove @node from the tree and rebalance it
 * @node: a node of @root
 * @root: the tree
 *
 * O(log n), at most three rotations. @node is left in no usable state
 * (poisoned in debug builds); RB_CLEAR_NODE() it to test it later with
 * RB_EMPTY_NODE().
 */
#define rb_erase(node, root) __rb_erase_at(node, root, __FILE__, __LINE__)

/**
 * rb_replace_node - put @new in @victim's place in @root
 * @victim: a node of @root
 * @new:    a node in no tree, whose key sorts where @victim's does
 * @root:   the tree
 *
 * No rebalancing: @new takes @victim's parent, children and colour, so the
 * tree keeps its shape. @victim is left as rb_erase() leaves a node.
 */
#define rb_replace_node(victim, new, root) \
	__rb_replace_node_at(victim, new, root, __FILE__, __LINE__)
void __rb_replace_node_at(struct rb_node *victim, struct rb_node *new,
			  struct rb_root *root, const char *file, int line);

/**
 * rb_first - the leftmost (smallest) node of a tree
 * @root: the tree
 *
 * Return: the node, or NULL if the tree is empty.
 */
struct rb_node *rb_first(const struct rb_root *root);

/**
 * rb_last - the rightmost (largest) node of a tree
 * @root: the tree
 *
 * Return: the node, or NULL if the tree is empty.
 */
struct rb_node *rb_last(const struct rb_root *root);

/**
 * rb_next - the in-order successor of @node
 * @node: a node in a tree
 *
 * Return: the next node, or NULL if @node is the last (or is cleared).
 */
struct rb_node *rb_next(const struct rb_node *node);

/**
 * rb_prev - the in-order predecessor of @node
 * @node: a node in a tree
 *
 * Return: the previous node, or NULL if @node is the first (or is cleared).
 */
struct rb_node *rb_prev(const struct rb_node *node);

/**
 * rb_check - verify every red-black invariant of a tree
 * @root: the tree
 * @why:  if not NULL, set to a description of the first violation found
 *
 * Checks the colours (invariants 1, 2, 4 and 5 of src/rbtree.c), that
 * every child's parent link points back, and that the tree is no deeper
 * than a valid one can be; it cannot check the key order, which only the
 * caller knows. O(n), recursing no deeper than that bound.
 *
 * Return: the black height of the tree (0 when empty), or -1 if broken.
 */
int rb_check(const struct rb_root *root, const char **why);

#ifdef JC_DEBUG_LIST
/**
 * __rb_corrupt - report a broken tree and abort
 * @op:   the operation that found it ("rb_erase", ...)
 * @what: which check failed
 * @node: the node concerned
 * @file: source file of the operation
 * @line: line of the operation
 *
 * Defined in src/debug.c beside __list_corrupt(); it never returns.
 */
void __rb_corrupt(const char *op, const char *what, const struct rb_node *node,
		  const char *file, int line);
#endif

#endif /* JC_RBTREE_H */
