#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# btrfs-fsync, in the guest: dbench on btrfs, the benchmark of the fsync
# series that made concurrent fsyncs wait less for a transaction commit
# (Filipe Manana, 2021; figures.md section 3).
#
# The file system is mounted -o ssd as in the mail, plus notreelog: with the
# log tree off every fsync commits the transaction, so every Flush in the
# dbench load waits for a commit, and many of them for a commit started by
# another client: the wait the switch changes. When the disk takes discards,
# discard=sync is added too: the committer then discards the freed extents
# while unpinning them, which lengthens the part of the commit that "before"
# waits for and "after" does not.
#
# /sys/fs/btrfs/<uuid>/commit_stats is read before and after (its maximum is
# reset before), and the switch's counter counts the fsyncs that waited
# for COMPLETED.
#
# Scale-downs (also written to scaled.txt): see the jc_scaled lines below.
#
# Sourced by /init with jc.sh loaded and `set -eu` (see guest/jc.sh).

MNT=/mnt/btrfs-fsync
SWITCH=/sys/module/btrfs/parameters/lab_fsync_wait_completed
COUNTER=/sys/module/btrfs/parameters/lab_fsync_completed_waits
LOADFILE=/usr/share/dbench/client.txt

case $JC_PROFILE in
quick)
	CLIENTS=4
	DURATION=10
	;;
paper)
	CLIENTS=32
	DURATION=120
	;;
esac
case $JC_VARIANT in
before) WAIT_COMPLETED=1 ;;
after) WAIT_COMPLETED=0 ;;
esac

[ -r "$LOADFILE" ] || jc_fail "dbench's load file $LOADFILE is not in the image"
command -v dbench >/dev/null || jc_fail "dbench is not in the image"

opts=ssd,notreelog
discard_max=$(cat "/sys/block/$JC_DEV/queue/discard_max_bytes" 2>/dev/null || echo 0)
if [ "$discard_max" -gt 0 ]; then
	opts=$opts,discard=sync
fi

mkdir -p "$MNT"
mount -t btrfs -o "$opts" "$JC_DISK" "$MNT" || jc_fail "cannot mount $JC_DISK (btrfs) on $MNT with -o $opts"

# the file system's sysfs directory is the one that lists our device
fsdir=
for d in /sys/fs/btrfs/*/devices/"$JC_DEV"; do
	[ -e "$d" ] && fsdir=${d%/devices/*}
done
[ -n "$fsdir" ] || jc_fail "no /sys/fs/btrfs/<uuid>/devices/$JC_DEV after mounting $JC_DISK"
[ -e "$fsdir/commit_stats" ] || jc_fail "no $fsdir/commit_stats: btrfs in 6.12 has it; is this the journalclub kernel?"
# the block group profile: allocation/<type>/ has one directory per profile in use
profile_of()
{
	local p

	for p in single dup raid0 raid1 raid10 raid5 raid6 raid1c3 raid1c4; do
		if [ -d "$fsdir/allocation/$1/$p" ]; then
			echo "$p"
			return
		fi
	done
	echo unknown
}
data_profile=$(profile_of data)
meta_profile=$(profile_of metadata)

jc_param fs btrfs
jc_param mount_options "$opts"
jc_param data_profile "$data_profile"
jc_param metadata_profile "$meta_profile"
jc_param clients "$CLIENTS"
jc_param time_s "$DURATION"
jc_param warmup_s "$((DURATION / 5))"
jc_param loadfile "$LOADFILE"

jc_scaled "dbench runs $DURATION s (after its warm-up of $((DURATION / 5)) s) instead of 300 s."
if [ "$CLIENTS" -ne 32 ]; then
	jc_scaled "$CLIENTS dbench clients instead of the mail's 32."
fi
jc_scaled "notreelog is added to the mail's -o ssd so that every fsync commits the transaction."
if [ "$meta_profile" != single ]; then
	jc_scaled "Metadata is $meta_profile (as the image was made) instead of the mail's -m single."
fi
jc_scaled "The file system is a test image on virtio-blk with $(nproc) vCPUs instead of an NVMe device on a 12-core machine."

jc_switch lab_fsync_wait_completed "$SWITCH" "$WAIT_COMPLETED"

# mount's own commits stay in the "before" count; the maximum starts again
echo 0 >"$fsdir/commit_stats" || jc_fail "cannot reset the maximum in $fsdir/commit_stats"
cat "$fsdir/commit_stats" >"$JC_OUT/commit-stats-before.txt"
jc_counters counters-before.txt lab_fsync_completed_waits "$COUNTER"
jc_step "dbench: $CLIENTS clients for $DURATION s on btrfs -o $opts"
jc_run dbench.txt dbench -c "$LOADFILE" -D "$MNT" -t "$DURATION" "$CLIENTS"
jc_counters counters-after.txt lab_fsync_completed_waits "$COUNTER"
cat "$fsdir/commit_stats" >"$JC_OUT/commit-stats-after.txt"

umount "$MNT" || jc_fail "cannot unmount $MNT"
