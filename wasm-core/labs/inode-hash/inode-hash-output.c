// SPDX-License-Identifier: GPL-2.0
/*
 * inode-hash-output.c - what the inode-hash model shows of itself: the snapshot of the
 * hash table, its chains and walkers, the grace periods and the chain
 * heatmap, as JSON. The mechanism is inode-hash.c.
 */
#include <stdio.h>
#include <string.h>

#include "inode-hash.h"

/* ---------------------------------------------------------------------- */
/* Snapshot                                                                */

/*
 * A table with at most SNAP_CHAINS non-empty chains is sent whole (each
 * chain's first SNAP_CHAIN_INODES inodes, or as many around a walker). A
 * larger one is sent as per-segment counts over SNAP_SEGS equal ranges of
 * buckets (every bucket when there are no more) and SNAP_CHAINS_WIN chains:
 * those walked now, those with an inode being set up or freed, then the
 * non-empty ones from the working bucket on. The segments count non-empty
 * chains, and while no more than SNAP_WALK_MAX inodes are hashed, inodes
 * and the longest chain: past it, walking every chain each frame would cost
 * more than the frame (a million inodes, a quarter of a second in WASM).
 */
#define SNAP_CHAINS		256
#define SNAP_CHAINS_WIN		64
#define SNAP_CHAIN_INODES	32
#define SNAP_SEGS		512
#define SNAP_WALK_MAX		65536
#define SNAP_FREEING		256

static const char *inode_state_name(const struct inode *inode)
{
	if (inode->i_state & I_FREEING)
		return "freeing";
	if (inode->i_state & I_NEW)
		return "new";
	return "live";
}

/* the index of the node @w stands on in its chain, or its own count */
static int walker_pos(const struct ih_task *w)
{
	struct inode *inode;
	int k = 0;

	hlist_for_each_entry(inode, &ih.inode_hashtable[w->bucket], struct inode, i_hash) {
		if (inode == w->pos)
			return k;
		k++;
	}
	return w->pos_idx;
}

static void snap_walkers(struct jbuf *jb, bool locked)
{
	long long i;

	jb_arr_open(jb);
	for (i = 0; i < ih.threads; i++) {
		const struct ih_task *w = &ih.walkers[i];

		if (!w->walking || !w->pos || w->locked != locked)
			continue;
		jb_obj_open(jb);
		jb_kv_int(jb, "task", w->t->id);
		jb_kv_uint(jb, "bucket", w->bucket);
		jb_kv_int(jb, "pos", walker_pos(w));
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
}

static void snap_grace_periods(struct sim *s, struct jbuf *jb)
{
	struct inode *inode;
	int i, n = 0;

	jb_arr_open(jb);
	if (ih.gp_running) {
		jb_obj_open(jb);
		jb_kv_uint(jb, "id", ih.gp_id);
		jb_kv_uint(jb, "started_ns", ih.gp_started);
		jb_key(jb, "waiting_for");
		jb_arr_open(jb);
		for (i = 0; i < s->nr_tasks; i++) {
			const struct task *r = s->tasks[i];

			if (r->rcu_nesting > 0 && r->rcu_epoch <= ih.gp_epoch)
				jb_int(jb, r->id);
		}
		jb_arr_close(jb);
		jb_key(jb, "freeing");
		jb_arr_open(jb);
		list_for_each_entry(inode, &ih.rcu_batch, struct inode, i_lru) {
			if (n++ == SNAP_FREEING)
				break;
			jb_uint(jb, inode->i_ino);
		}
		jb_arr_close(jb);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
}

static void snap_chain_heat(struct sim *s, struct jbuf *jb)
{
	struct sim_heat *h = &ih.chain_heat;
	int r;

	lab_heat_json_open(jb, "chain_heat", s, h);
	jb_key(jb, "row_buckets");
	jb_arr_open(jb);
	for (r = 0; r < h->rows; r++) {
		jb_arr_open(jb);
		jb_uint(jb, (u64)r * ih.nr_buckets / (u64)h->rows);
		jb_uint(jb, (u64)(r + 1) * ih.nr_buckets / (u64)h->rows - 1);
		jb_arr_close(jb);
	}
	jb_arr_close(jb);
	jb_obj_close(jb);
}

/* scratch of one snapshot: which buckets are listed, and the segments' counts */
static unsigned char snap_listed[(1u << 16) / 8];	/* hash_bits is at most 16 */
static long snap_seg_inodes[SNAP_SEGS], snap_seg_longest[SNAP_SEGS], snap_seg_chains[SNAP_SEGS];

static bool snap_is_listed(u32 b)
{
	return snap_listed[b / 8] & (1u << (b % 8));
}

/* the first task walking @bucket, one under the lock first, or NULL */
static const struct ih_task *snap_walker_on(u32 bucket)
{
	const struct ih_task *r = NULL;
	long long i;

	for (i = 0; i < ih.threads; i++) {
		const struct ih_task *w = &ih.walkers[i];

		if (!w->walking || !w->pos || w->bucket != bucket)
			continue;
		if (w->locked)
			return w;
		if (!r)
			r = w;
	}
	return r;
}

/* chain @b: SNAP_CHAIN_INODES of its inodes from its head or around its walker */
static void snap_chain(struct jbuf *jb, u32 b, bool *truncated)
{
	const struct ih_task *w = snap_walker_on(b);
	struct inode *inode;
	long len = chain_len(b), from = w ? walker_pos(w) - SNAP_CHAIN_INODES / 2 : 0;
	long n = 0;

	if (from > len - SNAP_CHAIN_INODES)
		from = len - SNAP_CHAIN_INODES;
	if (from < 0)
		from = 0;
	if (len > SNAP_CHAIN_INODES)
		*truncated = true;
	snap_listed[b / 8] |= 1u << (b % 8);
	jb_obj_open(jb);
	jb_kv_uint(jb, "bucket", b);
	jb_kv_int(jb, "len", len);
	jb_kv_int(jb, "from", from);
	jb_key(jb, "inodes");
	jb_arr_open(jb);
	hlist_for_each_entry(inode, &ih.inode_hashtable[b], struct inode, i_hash) {
		if (n >= from + SNAP_CHAIN_INODES)
			break;
		if (n++ < from)
			continue;
		jb_obj_open(jb);
		jb_kv_uint(jb, "ino", inode->i_ino);
		jb_kv_str(jb, "state", inode_state_name(inode));
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_obj_close(jb);
}

/* the bucket the work stands on: the first walker's under the lock, else under RCU, else 0 */
static u32 snap_working_bucket(void)
{
	long long i;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < ih.threads; i++) {
			const struct ih_task *w = &ih.walkers[i];

			if (w->walking && w->pos && w->locked == !pass)
				return w->bucket;
		}
	return 0;
}

void ih_snapshot(struct sim *s, struct jbuf *jb)
{
	struct inode *inode;
	u32 nb = ih.nr_buckets, segs = nb < SNAP_SEGS ? nb : SNAP_SEGS;
	u32 b, k, cursor = snap_working_bucket(), lo, hi;
	long nonempty = 0, listed = 0;
	bool truncated = false, whole, counted = ih.nr_cached <= SNAP_WALK_MAX;
	long long i;

	memset(snap_listed, 0, sizeof(snap_listed));
	memset(snap_seg_inodes, 0, sizeof(snap_seg_inodes));
	memset(snap_seg_longest, 0, sizeof(snap_seg_longest));
	memset(snap_seg_chains, 0, sizeof(snap_seg_chains));
	for (b = 0; b < nb; b++)
		nonempty += !hlist_empty(&ih.inode_hashtable[b]);
	whole = nonempty <= SNAP_CHAINS;

	jb_key(jb, "ih");
	jb_obj_open(jb);
	jb_kv_str(jb, "fs", ih.fs == FS_EXT4 ? "ext4" : "btrfs");
	jb_kv_uint(jb, "nr_buckets", nb);
	jb_key(jb, "chains");
	jb_arr_open(jb);
	/* the chains walked now, then those changing, as the segments are counted */
	for (i = 0; !whole && i < ih.threads; i++) {
		const struct ih_task *w = &ih.walkers[i];

		if (w->walking && w->pos && !snap_is_listed(w->bucket) &&
		    !hlist_empty(&ih.inode_hashtable[w->bucket]) && listed < SNAP_CHAINS_WIN) {
			snap_chain(jb, w->bucket, &truncated);
			listed++;
		}
	}
	for (b = 0; b < nb; b++) {
		long len = 0;
		bool changing = false;

		if (hlist_empty(&ih.inode_hashtable[b]))
			continue;
		if (counted) {
			hlist_for_each_entry(inode, &ih.inode_hashtable[b], struct inode, i_hash) {
				len++;
				changing |= inode->i_state & (I_NEW | I_FREEING);
			}
		}
		k = (u32)((u64)b * segs / nb);
		snap_seg_chains[k]++;
		snap_seg_inodes[k] += len;
		if (len > snap_seg_longest[k])
			snap_seg_longest[k] = len;
		if (whole || (changing && !snap_is_listed(b) && listed < SNAP_CHAINS_WIN)) {
			snap_chain(jb, b, &truncated);
			listed++;
		}
	}
	/* then the non-empty chains from the working bucket on, then back before it */
	lo = hi = cursor;
	for (; !whole && hi < nb && listed < SNAP_CHAINS_WIN; hi++) {
		if (hlist_empty(&ih.inode_hashtable[hi]) || snap_is_listed(hi))
			continue;
		snap_chain(jb, hi, &truncated);
		listed++;
	}
	for (; !whole && lo > 0 && listed < SNAP_CHAINS_WIN; lo--) {
		if (hlist_empty(&ih.inode_hashtable[lo - 1]) || snap_is_listed(lo - 1))
			continue;
		snap_chain(jb, lo - 1, &truncated);
		listed++;
	}
	jb_arr_close(jb);
	jb_kv_bool(jb, "chains_truncated", truncated || listed < nonempty);
	jb_kv_int(jb, "nonempty", nonempty);
	jb_kv_int(jb, "hashed", ih.nr_cached);
	/* the buckets the listing went through around the working one (whole: all) */
	jb_key(jb, "window");
	jb_obj_open(jb);
	jb_kv_uint(jb, "from", whole ? 0 : lo);
	jb_kv_uint(jb, "to", whole ? nb : hi);
	jb_kv_uint(jb, "of", nb);
	jb_kv_int(jb, "cursor", whole ? -1 : (long long)cursor);
	jb_obj_close(jb);
	/* inodes and longest only when counted, else empty */
	jb_key(jb, "segments");
	jb_obj_open(jb);
	jb_key(jb, "chains");
	jb_arr_open(jb);
	for (k = 0; k < segs; k++)
		jb_int(jb, snap_seg_chains[k]);
	jb_arr_close(jb);
	jb_key(jb, "inodes");
	jb_arr_open(jb);
	for (k = 0; counted && k < segs; k++)
		jb_int(jb, snap_seg_inodes[k]);
	jb_arr_close(jb);
	jb_key(jb, "longest");
	jb_arr_open(jb);
	for (k = 0; counted && k < segs; k++)
		jb_int(jb, snap_seg_longest[k]);
	jb_arr_close(jb);
	jb_obj_close(jb);
	jb_key(jb, "readers");
	snap_walkers(jb, false);
	jb_key(jb, "locked_walkers");
	snap_walkers(jb, true);
	jb_key(jb, "grace_periods");
	snap_grace_periods(s, jb);
	jb_key(jb, "stats");
	jb_obj_open(jb);
	jb_kv_uint(jb, "lookups", ih.lookups);
	jb_kv_uint(jb, "hits", ih.hits);
	jb_kv_uint(jb, "misses", ih.misses);
	jb_kv_uint(jb, "inserts", ih.inserts);
	jb_kv_uint(jb, "rcu_retries", ih.rcu_retries);
	jb_kv_uint(jb, "hash_lock_acquisitions", ih.inode_hash_lock.lk.acquisitions);
	jb_kv_uint(jb, "stats", ih.stats);
	jb_obj_close(jb);
	jb_obj_close(jb);
	snap_chain_heat(s, jb);
}

/* ---------------------------------------------------------------------- */
