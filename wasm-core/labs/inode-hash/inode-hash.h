/* SPDX-License-Identifier: GPL-2.0 */
/*
 * inode-hash.h - what the inode-hash lab's files share: the VFS's structures as the model
 * keeps them, the model of one run (inode-hash.c) and its snapshot
 * (inode-hash-output.c); and the lab itself, for its tests.
 */
#ifndef JC_INODE_HASH_H
#define JC_INODE_HASH_H

#include "hlist.h"
#include "rbtree.h"
#include "jbuf.h"
#include "lab.h"
#include "inode-hash-yours.h"

/* the lab, as the lab table (labs.gen.c) lists it */
extern const struct lab lab_inode_hash;

/*
 * VARIANT_YOURS exists in the exercise's build (-DJC_YOURS_INODE_HASH) only:
 * how iget_locked() looks up, and what its walk does with each inode, are
 * then the student's (inode-hash-yours.h).
 */
enum { VARIANT_BEFORE, VARIANT_AFTER, VARIANT_YOURS };
enum { FS_EXT4, FS_BTRFS };
/*
 * How btrfs indexes a subvolume's in-core inodes, by kernel: the btrfs_inodes
 * parameter, read for fs=btrfs only. Up to 6.10 (the mail's kernel) an
 * rb-tree, root->inode_tree, under the spinlock root->inode_lock, which also
 * guards root->delayed_nodes; from 6.11 (6.12, the kernel lab's) the xarray
 * root->inodes, each xarray under its own xa_lock.
 */
enum { BTRFS_RBTREE, BTRFS_XARRAY };

/* ---------------------------------------------------------------------- */
/* The VFS's structures, reduced to what iget and reclaim touch            */

/* The i_state bits (I_NEW, I_FREEING, I_CLEAR) are in inode-hash-yours.h. */

struct super_block {
	u64 s_hash_salt;	/* what hash() mixes in for this file system */
	/*
	 * Every inode of the file system, for sync and umount:
	 * inode_sb_list_add() puts a new one at the head under
	 * s_inode_list_lock, nested inside inode_hash_lock; evict() takes it
	 * off first thing (inode_sb_list_del()). The head shares the lock's
	 * line (the lock is ____cacheline_aligned_in_smp, s_inodes follows).
	 */
	struct spinlock s_inode_list_lock;
	struct list_head s_inodes;
};

/*
 * struct inode is in inode-hash-yours.h, which the exercise's student code
 * includes too. The line that holds i_sb_list is in struct inode_slot.
 */

/*
 * struct inode_slot - a slab object and the wait queue that its inode's
 * __I_NEW bit hashes to. The kernel's bit wait queues live in a table apart
 * from the inode, so that a waiter may sleep on one after the inode is gone;
 * here each slot keeps its own, which outlives every inode in the slot.
 */
struct inode_slot {
	struct inode inode;
	struct sim_line i_sb_line;	/* the line that holds inode.i_sb_list */
	struct rb_node rb_node;		/* btrfs_inode's, in root->inode_tree (6.10) */
	struct wait_queue_head bit_wq;
	struct inode_slot *next_free;
};

/* ---------------------------------------------------------------------- */
/* btrfs's structures: the subvolume's tree and its index of inodes        */

/*
 * The mail's subvolume, which the model keeps the shape of: 20M empty
 * files, each an inode item (185 bytes with its item header), an inode ref
 * (~43) and a dir item and a dir index in its directory (~63 each), ~350
 * bytes in 16 KiB leaves about 3/4 full: ~580,000 leaves; nodes hold 493
 * key pointers, 3/4 full: ~1,600 level-1 nodes, 5 level-2 nodes and the
 * root at level 3. Each thread's tree is taken to have been made by one
 * thread, so its keys are contiguous: a leaf (~45 files) or a level-1 node
 * (~16,000) is one thread's, a level-2 node is shared by the threads whose
 * keys it spans, and the root by all of them.
 */
#define BTRFS_L2_NODES	5

/*
 * struct extent_buffer - a node of the tree in memory, reduced to the two
 * lines that every search writes: the one with eb->refs (taken by
 * btrfs_root_node() or find_extent_buffer(), dropped by
 * free_extent_buffer()) and the one with the count of eb->lock, an
 * rw_semaphore that btrfs_tree_read_lock() takes shared. In the 144-byte
 * slab object refs is at byte 44 and the count at byte 72: two lines for
 * half of the objects' alignments, one line for the other half; the model
 * takes two.
 *
 * The root node's lock is the engine's rw_semaphore, which the lock
 * statistics name btrfs-tree-03 as lockdep does (the fs tree's class at
 * level 3). Every search read-locks it and, in a walk that changes
 * nothing, none write-locks it, so it never waits: what it costs is its
 * word's line, which moves on every down_read() and up_read() (the engine
 * charges both, see struct sim_lock). A level-2 node's lock is the same
 * and only its line, @lock_line, is modelled, so that the lock table keeps
 * one row per lock class.
 */
struct extent_buffer {
	struct sim_line refs;
	struct sim_line lock_line;	/* a level-2 node's only */
	struct rw_semaphore lock;	/* the root node's only */
};

/* struct xarray - the lock of one; the entries are the owner's business. */
struct xarray {
	struct spinlock xa_lock;
};

/*
 * struct btrfs_root - the subvolume as 6.10 and 6.12 have it (btrfs_inodes
 * says which). 6.10: inode_lock guards the rb-tree inode_tree of in-core
 * inodes (inode_tree_add(), inode_tree_del()) and the delayed nodes' xarray
 * (btrfs_get_delayed_node() takes inode_lock, not the xarray's own lock);
 * 6.12 has neither, and the rest of this comment is 6.12's. Both have the
 * subvolume tree's root node and level-2 nodes;
 * its reference count, taken for every inode set up (btrfs_grab_root() in
 * btrfs_init_locked_inode(), under inode_hash_lock) and dropped when one is
 * destroyed (btrfs_put_root()); and two xarrays, each under its own
 * xa_lock. root->inodes indexes every in-core inode by number
 * (btrfs_add_inode_to_root(): xa_reserve() then xa_store(), each taking the
 * lock; btrfs_del_inode_from_root(): __xa_cmpxchg() under it).
 * root->delayed_nodes holds the inodes' pending changes, none in a walk that
 * changes nothing; btrfs_get_delayed_node() looks in it, under its lock,
 * for every inode read in.
 */
struct btrfs_root {
	struct extent_buffer node;
	struct extent_buffer l2[BTRFS_L2_NODES];
	struct sim_line refs;
	struct xarray inodes;
	struct inode **inodes_slot;	/* root->inodes' entries, by ino - first_ino */
	struct xarray delayed_nodes;
	struct spinlock inode_lock;		/* 6.10 */
	struct rb_root inode_tree;		/* 6.10: by ino, under inode_lock */
};


/* Step kinds, from SK_LAB on; the web shows these names. */
enum {
	IK_PATH_WALK = SK_LAB,	/* a: dir ino, b: file ino */
	IK_DCACHE_HIT,		/* a: bucket, b: ino */
	IK_LOOKUP_RCU,		/* a: bucket, b: ino of the node visited */
	IK_LOOKUP_LOCKED,	/* a: bucket, b: ino of the node visited */
	IK_HIT,			/* a: bucket, b: ino found */
	IK_MISS,		/* a: bucket, b: ino not found */
	IK_WAIT_FREEING,	/* a: bucket, b: ino being freed */
	IK_RETRY,		/* a: bucket, b: ino found unhashed */
	IK_WAIT_NEW,		/* a: bucket, b: ino being read in */
	IK_ALLOC_INODE,		/* a: bucket, b: ino */
	IK_INSERT,		/* a: bucket, b: ino */
	IK_INSERT_RACE,		/* a: bucket, b: ino hashed meanwhile */
	IK_READ_INODE,		/* a: bucket, b: ino */
	IK_UNLOCK_NEW,		/* a: bucket, b: ino */
	IK_STAT,		/* a: bucket, b: ino */
	IK_BTRFS_SEARCH,	/* a: 0 dir item, 1 inode item; b: ino */
	IK_ISOLATE,		/* a: bucket, b: ino */
	IK_EVICT,		/* a: bucket, b: ino */
	IK_UNHASH,		/* a: bucket, b: ino */
	IK_CALL_RCU,		/* a: bucket, b: ino */
	IK_GRACE_PERIOD,	/* a: grace period id, b: inodes it frees */
	IK_FREE_RCU,		/* a: bucket, b: ino */
	IK_INODE_TREE_ADD,	/* a: levels charged (the model's tree's and the mail's further ones), b: ino */
	IK_INODE_TREE_DEL,	/* a: bucket, b: ino */
};

#define WALK_SEEN_MAX	64	/* nodes an iget remembers loading */

/* The frame of one task: a walker, kswapd or the RCU callback thread. */
struct ih_task {
	struct task *t;
	int id;				/* walker number; -1 for kswapd and rcuo */
	struct co co_main, co_stat, co_lookup, co_iget, co_find, co_alloc,
		  co_search, co_root, co_prune, co_evict;

	/* the walk */
	int pass, dir, file;
	u64 dir_ino;

	/* the lookup in progress */
	u64 ino;
	u32 bucket;
	bool is_dir;
	bool locked;			/* find_inode() holds inode_hash_lock */
	bool walking;			/* standing on a chain: pos is valid */
	struct inode *pos;		/* the node it stands on */
	u32 pos_gen;			/* pos->i_gen when it stepped on it */
	int pos_idx;
	struct inode *found, *new_inode, *inode;
	bool inserted;			/* iget hashed w->inode new */
#ifdef JC_YOURS_INODE_HASH
	enum ih_lookup how;		/* yours: the lookup after the miss */
#endif
	struct extent_buffer *l2;	/* btrfs: the level-2 node of its keys */

	/* the chain's lines that this iget's walks loaded, and when */
	u64 head_seen_at;
	struct walk_seen {
		struct inode *inode;
		u32 gen;
		u64 at;
	} seen[WALK_SEEN_MAX];
	int nr_seen;

	/* __wait_on_freeing_inode(): the inode it sleeps for */
	struct inode_slot *wait_slot;
	u32 wait_gen;
	u64 wait_seq;

	/* reclaim */
	struct list_head dispose;
	struct inode *victim;
	int nr_to_scan;

	u64 done_ns;
};

/* The whole model of one run. */
struct ih_model {
	int variant, fs;
	int btrfs_inodes;		/* BTRFS_RBTREE or BTRFS_XARRAY, for FS_BTRFS */
	long long threads, dirs, files, passes, icache;
	bool shared;
	int hash_bits;
	u32 nr_buckets;

	struct super_block sb;
	struct hlist_head *inode_hashtable;
	u64 *bucket_wtime;		/* when each head's line was last written */
	struct spinlock inode_hash_lock;
	struct btrfs_root root;			/* fs == FS_BTRFS only */

	/* the slab: slots handed out and returned, never given back */
	struct inode_slot *free_slots;
	long nr_inodes;			/* allocated, not yet freed */
	long nr_cached;			/* hashed */
	struct list_head lru;		/* unreferenced cached inodes, oldest first */

	/* the trees */
	u64 first_ino, file_base;
	long nr_files;			/* distinct file inodes */
	struct inode **dentry;		/* [thread][dir][file]: the dentry's inode */
	int *found;			/* per file inode: stats that found it */

	/* reclaim and RCU */
	struct ih_task *kswapd, *rcuo, *walkers;
	struct wait_queue_head kswapd_wait, rcu_wait;
	bool kswapd_active, kswapd_done, rcu_active;
	int walkers_left;
	struct list_head rcu_pending;	/* destroyed, waiting for a grace period */
	struct list_head rcu_batch;	/* the grace period in flight frees these */
	bool gp_running;
	u64 gp_id, gp_epoch, gp_started;

	/* what the metrics and the snapshot report */
	u64 lookups, hits, misses, inserts, insert_races, rcu_retries;
	u64 freeing_waits, unhashed_retries, new_waits;
	u64 stats, dcache_hits, evictions, grace_periods;
	u64 walks, chain_len_sum;
	long chain_max;
	u64 user_ns;
	u64 wrong_inode;
	u64 root_replaced_live;		/* btrfs_add_inode_to_root() or inode_tree_add() over a live inode */
	u64 uaf;			/* walks that stood on a freed inode */
	char uaf_msg[120];
	struct sim_heat chain_heat;
	int heat_rows;
	unsigned char *ino_seen;	/* the checker's scratch, one per ino */
};

/* the model of the run: inode-hash.c */
extern struct ih_model ih;

/* chain_len - the inodes on the chain of @bucket (inode-hash.c) */
long chain_len(u32 bucket);

/* ih_snapshot - the table, the walkers and the grace periods (inode-hash-output.c) */
void ih_snapshot(struct sim *s, struct jbuf *jb);

#endif /* JC_INODE_HASH_H */
