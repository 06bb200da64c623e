#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# btrfs-fsync, in the guest: dbench on btrfs, the benchmark of the fsync
# series that made concurrent fsyncs wait less for a transaction commit
# (Filipe Manana, 2021; figures.md section 3).
#
# The file system is mounted -o ssd as in the mail, plus notreelog: with the
# log tree off every fsync commits the transaction, so every Flush in the
# dbench load waits for a commit, and many of them for a commit started by
# another client: the wait the switch changes. dbench creates its files during
# the run, so nearly every Flush is a full sync and commits with its fsync
# handle, the one path where 6.12 still has the 5.12 change.
#
# And nodiscard, said explicitly because 6.12 turns discard=async on by itself
# when the device takes discards. The mail's machine (NVMe, a 5.11-era kernel,
# -o ssd) did not discard: discard was off by default then. discard=sync would
# turn the unpinning that "before" waits for into a device round trip per
# freed extent, 10-100 times longer than the mail's few milliseconds, so it
# is not used in either profile.
#
# Read before and after dbench: /sys/fs/btrfs/<uuid>/commit_stats (its
# maximum is reset before) and the patch's counters: fsync waits that lasted
# until COMPLETED (the switch's proof, 0 in "after"), the ns they spent after
# the awaited transaction's super block was on disk (what "after" saves), and
# fsync waits that ended at SUPER_COMMITTED (0 in "before").
#
# Scale-downs (also written to scaled.txt): see the jc_scaled lines below.
#
# Sourced by /init with jc.sh loaded and `set -eu` (see guest/jc.sh).

MNT=/mnt/btrfs-fsync
SWITCH=/sys/module/btrfs/parameters/lab_fsync_wait_completed
PARAMS=/sys/module/btrfs/parameters
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

opts=ssd,notreelog,nodiscard

mkdir -p "$MNT"
mount -t btrfs -o "$opts" "$JC_DISK" "$MNT" || jc_fail "cannot mount $JC_DISK (btrfs) on $MNT with -o $opts"
# what the kernel made of them, as /proc/mounts shows it
mounted=$(awk -v m="$MNT" '$2 == m { print $4 }' /proc/mounts)
case ,$mounted, in
*,discard*) jc_fail "btrfs on $MNT discards (-o $mounted) although it was mounted -o $opts" ;;
esac

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
jc_param mounted_options "$mounted"
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
jc_scaled "nodiscard is said explicitly: the mail's 5.11-era kernel did not discard by default, 6.12 discards asynchronously on a device that takes discards, and discard=sync would make the unpinning that before waits for 10-100 times longer than the mail's."
if [ "$meta_profile" != single ]; then
	jc_scaled "Metadata is $meta_profile (as the image was made) instead of the mail's -m single."
fi
jc_scaled "The file system is a test image on virtio-blk with $(nproc) vCPUs instead of an NVMe device on a 12-core machine."

jc_switch lab_fsync_wait_completed "$SWITCH" "$WAIT_COMPLETED"

# mount's own commits stay in the "before" count; the maximum starts again
echo 0 >"$fsdir/commit_stats" || jc_fail "cannot reset the maximum in $fsdir/commit_stats"
cat "$fsdir/commit_stats" >"$JC_OUT/commit-stats-before.txt"
jc_counters counters-before.txt \
	lab_fsync_completed_waits "$PARAMS/lab_fsync_completed_waits" \
	lab_fsync_completed_wait_ns "$PARAMS/lab_fsync_completed_wait_ns" \
	lab_fsync_super_waits "$PARAMS/lab_fsync_super_waits"
jc_step "dbench: $CLIENTS clients for $DURATION s on btrfs -o $opts"
jc_run dbench.txt dbench -c "$LOADFILE" -D "$MNT" -t "$DURATION" "$CLIENTS"
jc_counters counters-after.txt \
	lab_fsync_completed_waits "$PARAMS/lab_fsync_completed_waits" \
	lab_fsync_completed_wait_ns "$PARAMS/lab_fsync_completed_wait_ns" \
	lab_fsync_super_waits "$PARAMS/lab_fsync_super_waits"
cat "$fsdir/commit_stats" >"$JC_OUT/commit-stats-after.txt"

umount "$MNT" || jc_fail "cannot unmount $MNT"
