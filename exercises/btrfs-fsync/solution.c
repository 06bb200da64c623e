// SPDX-License-Identifier: GPL-2.0
/*
 * The btrfs-fsync exercise: the state an fsync waiting for a commit needs.
 *
 * An fsync that cannot sync the log commits the whole transaction. When
 * another task is already committing it, or the transaction before it is
 * still committing, btrfs_commit_transaction() waits for that commit. Up to
 * Linux 5.11 every such wait lasted until the commit was COMPLETED: past the
 * super block write, through the unpinning of every extent the transaction
 * freed, which can take milliseconds and which an fsync does not need. Your
 * function chooses, for each wait, the state the caller needs.
 *
 * The rules (btrfs-fsync-yours.h says the rest):
 * - it is called under trans_lock: it must not sleep, and calls nothing;
 * - it returns a state from TRANS_STATE_RUNNING to TRANS_STATE_COMPLETED;
 * - an fsync that returns must have its file's changes under a super block
 *   on disk: the checker proves it from the commit timeline after every
 *   event, and shows the fsync that returned too early.
 */
#include "btrfs-fsync-yours.h"

/*
 * yours_commit_wait_state - the state the transaction waited for at @site
 * must reach before the holder of @trans goes on: its own transaction,
 * committed by another task (BTRFS_WAIT_OWN), or the previous one, before
 * its own commit starts (BTRFS_WAIT_PREV).
 */
enum btrfs_trans_state yours_commit_wait_state(const struct btrfs_trans_handle *trans,
					       enum btrfs_commit_wait site)
{
	if (site == BTRFS_WAIT_OWN) {
		/* TODO 1/2: another task commits the fsync's own transaction */
		if (trans->in_fsync)
			return TRANS_STATE_SUPER_COMMITTED;
		return TRANS_STATE_COMPLETED;
#if SKELETON
		/* Linux 5.11: the whole commit, the unpin included */
		(void)trans;
		return TRANS_STATE_COMPLETED;
#endif /* TODO 1/2 */
	}
	/* TODO 2/2: the previous transaction, before this commit starts */
	if (trans->in_fsync)
		return TRANS_STATE_SUPER_COMMITTED;
	return TRANS_STATE_COMPLETED;
#if SKELETON
	/* Linux 5.11: the previous commit's unpin included */
	return TRANS_STATE_COMPLETED;
#endif /* TODO 2/2 */
}
