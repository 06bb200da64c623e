/* SPDX-License-Identifier: GPL-2.0 */
/*
 * inode-hash-yours.h - what a student's iget_locked() and find_inode_fast()
 * see: the inode-hash lab's inode, and the two functions the variant
 * "yours" calls.
 *
 * The lab's model (labs/inode-hash/inode-hash.c) keeps everything else: the stat
 * walkers, the hash table and inode_hash_lock, RCU and its grace periods,
 * reclaim and evict(), the allocation and the insert. Built with
 * -DJC_YOURS_INODE_HASH, its variant "yours" asks
 *
 *   yours_iget_lookup()      how iget_locked() looks the inode up: before
 *                            its first lookup (@missed false), and again
 *                            after a lookup missed and the model allocated
 *                            a new inode (@missed true);
 *   yours_find_inode_fast()  what to do with each inode the lookup's walk
 *                            of the chain stands on, as the body of
 *                            find_inode_fast()'s hlist_for_each_entry_rcu()
 *                            does: go on, take it, or, for an inode being
 *                            freed, sleep until evict() has unhashed it or
 *                            look again at once.
 *
 * The model walks the chain under rcu_read_lock(), and under
 * inode_hash_lock as well when yours_iget_lookup() said so, charging each
 * node as the cold cache miss it is; time passes between the nodes, so that
 * other CPUs insert and evict meanwhile. For a node whose number matches, it
 * takes the inode's i_lock (the cost of a line transfer) before it calls
 * yours_find_inode_fast(): what the inode's state says then holds until
 * the call returns. Neither function may sleep, and neither can: each runs
 * whole, and the model does what it returns.
 *
 * An answer that would make the model follow a wrong pointer or never end
 * (a hit on an inode of another number or one being freed, a wait for an
 * inode that is not being freed, a retry that would go round for ever, an
 * answer not allowed where it is asked) fails the run with what was wrong;
 * the model then does what iget_locked() of Linux 6.12 does. Everything else is done as returned, and the lab's invariant
 * checker judges it: no inode hashed twice, no use after free, no lost
 * wakeup, every stat gets its own inode.
 */
#ifndef JC_YOURS_INODE_HASH_H
#define JC_YOURS_INODE_HASH_H

#include <stdint.h>
#include "hlist.h"

struct super_block;
struct inode_slot;

/* i_state bits */
#define I_NEW		(1U << 0)	/* being read in by the task that hashed it */
#define I_FREEING	(1U << 1)	/* evict() is tearing it down */
#define I_CLEAR		(1U << 2)	/* evict() has unhashed it */
#define I_WILL_FREE	(1U << 3)	/* being written back before eviction: never set here */

/* An in-core inode, as the VFS hash sees it. */
struct inode {
	uint64_t i_ino;
	const struct super_block *i_sb;
	unsigned int i_state;
	int i_count;			/* references held by stats in flight */
	struct hlist_node i_hash;	/* on its chain, under inode_hash_lock */
	struct list_head i_lru;		/* on the LRU, a dispose list or the
					 * RCU callback list */
	struct list_head i_sb_list;	/* on sb->s_inodes, under s_inode_list_lock */
	bool is_dir;
	/* the model's own bookkeeping, read by the checker and the snapshot */
	uint32_t i_gen;			/* allocations of this slot so far */
	bool i_freed;			/* returned to the slab */
	bool i_woken;			/* evict() has woken its waiters */
	uint64_t i_hash_wtime;		/* when its i_hash line was last written */
	uint32_t i_bucket;
	struct inode_slot *i_slot;
};

/* yours_iget_lookup()'s answer: how the next lookup of iget_locked() goes */
enum ih_lookup {
	IH_LOOKUP_RCU,		/* walk under rcu_read_lock() alone */
	IH_LOOKUP_LOCKED,	/* take inode_hash_lock, walk; on a miss after
				 * the allocation, hash the new inode before
				 * dropping the lock (on the first lookup's
				 * miss, drop it and allocate) */
	IH_LOCK_INSERT,		/* after a miss only: take inode_hash_lock and
				 * hash the new inode without looking again */
};

/* yours_find_inode_fast()'s answer for the node the walk stands on */
enum ih_verdict {
	IH_NEXT,		/* not this one: go on to the next node */
	IH_HIT,			/* this is the inode: take a reference, done */
	IH_WAIT,		/* being freed: sleep until evict() unhashes it
				 * and wakes its waiters (dropping
				 * inode_hash_lock meanwhile if held), then walk
				 * the chain again from its head */
	IH_RETRY,		/* walk the chain again from its head at once */
};

/* The student's code. */
enum ih_lookup yours_iget_lookup(bool missed);
enum ih_verdict yours_find_inode_fast(struct inode *inode, const struct super_block *sb,
				      uint64_t ino, bool is_inode_hash_locked);

#endif /* JC_YOURS_INODE_HASH_H */
