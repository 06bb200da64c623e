// SPDX-License-Identifier: GPL-2.0
/*
 * fast-commit-output.c - what the fast-commit model shows of itself: the
 * snapshot of the two queues, the walk and the journal, as JSON. The
 * mechanism is fast-commit.c.
 */
#include "fast-commit.h"

/*
 * The snapshot draws each queue whole as a bar and node by node only in a
 * window of FC_SNAP_WIN entries around where the walk stands: a queue of
 * two million inodes stays a few kilobytes. A queue no longer than the
 * window is sent whole. Finding the window walks the list to it, no further:
 * as far as the walk itself has gone.
 */
#define FC_SNAP_WIN	128

/* the first entry of a window of FC_SNAP_WIN around @cursor in a queue of @len */
static long fc_win_from(long cursor, long len)
{
	long from = cursor < 0 ? 0 : cursor - FC_SNAP_WIN / 2;

	if (from > len - FC_SNAP_WIN)
		from = len - FC_SNAP_WIN;
	return from < 0 ? 0 : from;
}

static long fc_win_to(long from, long len)
{
	return from + FC_SNAP_WIN < len ? from + FC_SNAP_WIN : len;
}

static void fc_snap_win(struct jbuf *jb, const char *key, long from, long to, long len, long cursor)
{
	jb_key(jb, key);
	jb_obj_open(jb);
	jb_kv_int(jb, "from", from);
	jb_kv_int(jb, "to", to);
	jb_kv_int(jb, "of", len);
	jb_kv_int(jb, "cursor", cursor);
	jb_obj_close(jb);
}

/* where the inode the record being committed links to is on the inode queue, or -1 */
static long fc_snap_target(void)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct ext4_inode_info *ei, *want;
	long i = 0;

	if (!fc.walker || fc.didx >= sbi->s_fc_dentry_q_len[FC_Q_MAIN] ||
	    list_empty(&fc.fc_dentry->fcd_dilist))
		return -1;
	want = list_first_entry(&fc.fc_dentry->fcd_dilist,
				struct ext4_inode_info, i_fc_dilist);
	list_for_each_entry(ei, &sbi->s_fc_q[FC_Q_MAIN], struct ext4_inode_info, i_fc_list) {
		if (ei == want)
			return i;
		i++;
	}
	return -1;
}

void fc_snapshot(struct sim *s, struct jbuf *jb)
{
	struct ext4_sb_info *sbi = &fc.sbi;
	struct ext4_inode_info *ei;
	struct ext4_fc_dentry_update *fcd;
	long ilen = sbi->s_fc_q_len[FC_Q_MAIN];
	long dlen = sbi->s_fc_dentry_q_len[FC_Q_MAIN];
	/* before: the entry compared; after: the one the record links to */
	long target = fc.variant == VARIANT_BEFORE ? -1 : fc_snap_target();
	long icur = fc.walker && fc.iidx >= 0 ? fc.iidx : target;
	long dcur = fc.walker ? fc.didx : -1;
	long ifrom = fc_win_from(icur, ilen), dfrom = fc_win_from(dcur, dlen);
	long ito = fc_win_to(ifrom, ilen), dto = fc_win_to(dfrom, dlen);
	long n;

	(void)s;
	jb_key(jb, "fc");
	jb_obj_open(jb);
	jb_key(jb, "inode_q");
	jb_arr_open(jb);
	n = 0;
	list_for_each_entry(ei, &sbi->s_fc_q[FC_Q_MAIN], struct ext4_inode_info, i_fc_list) {
		if (n >= ito)
			break;
		if (n++ < ifrom)
			continue;
		jb_obj_open(jb);
		jb_kv_uint(jb, "ino", ei->vfs_inode.i_ino);
		jb_kv_bool(jb, "dir", ei->vfs_inode.is_dir);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_kv_int(jb, "inode_q_len", ilen);
	fc_snap_win(jb, "inode_win", ifrom, ito, ilen, icur);
	jb_key(jb, "dentry_q");
	jb_arr_open(jb);
	n = 0;
	list_for_each_entry(fcd, &sbi->s_fc_dentry_q[FC_Q_MAIN],
			    struct ext4_fc_dentry_update, fcd_list) {
		if (n >= dto)
			break;
		if (n++ < dfrom)
			continue;
		jb_obj_open(jb);
		jb_kv_uint(jb, "ino", fcd->fcd_ino);
		jb_kv_uint(jb, "parent", fcd->fcd_parent);
		jb_obj_close(jb);
	}
	jb_arr_close(jb);
	jb_kv_int(jb, "dentry_q_len", dlen);
	fc_snap_win(jb, "dentry_win", dfrom, dto, dlen, dcur);
	jb_key(jb, "walk");
	if (fc.walker) {
		jb_obj_open(jb);
		jb_kv_int(jb, "task", fc.walker->t->id);
		jb_kv_int(jb, "dentry_idx", fc.didx);
		jb_kv_int(jb, "inode_idx", fc.iidx);
		jb_kv_int(jb, "target", target);
		jb_obj_close(jb);
	} else {
		jb_null(jb);
	}
	jb_kv_bool(jb, "commit_running", fc_ongoing(&sbi->journal));
	jb_kv_uint(jb, "commits", fc.commits);
	jb_key(jb, "journal");
	jb_obj_open(jb);
	jb_kv_bool(jb, "updates_locked", sbi->journal.j_barrier_count > 0);
	jb_kv_bool(jb, "fast_commit", sbi->journal.j_flags & JBD2_FAST_COMMIT_ONGOING);
	jb_kv_bool(jb, "full_commit", sbi->journal.j_flags & JBD2_FULL_COMMIT_ONGOING);
	jb_kv_uint(jb, "running_tid", sbi->journal.j_running_transaction ?
		   sbi->journal.j_running_transaction->t_tid : 0);
	jb_kv_uint(jb, "commit_sequence", sbi->journal.j_commit_sequence);
	jb_kv_int(jb, "fc_blocks_used", sbi->journal.j_fc_off);
	jb_kv_int(jb, "fc_blocks", sbi->journal.j_fc_wbufsize);
	jb_obj_close(jb);
	jb_obj_close(jb);
}
