#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# inode-hash, in the guest: the parallel stat walk of the RCU iget series
# (Mateusz Guzik, linux-fsdevel, 2024; figures.md section 4) on ext4 (the
# first disk) and btrfs (the second), with our own walker, statwalk.
#
# Every thread owns a tree of D directories of F empty files; after the
# caches are dropped, each thread stats every file of its tree, so every
# lookup misses the inode cache and goes through iget_locked() (ext4) or
# iget5_locked_rcu() (btrfs). The "before" variant takes inode_hash_lock for
# that first lookup as kernels before 6.11 did.
#
# Lock contention, during each walk: a hist trigger on lock:contention_begin
# keyed on the lock's address and flags counts the contended acquisitions
# per lock, and one on lock:contention_end (which follows every begin)
# keyed on the kernel stack tells which callers contended (iget_locked,
# inode_insert5, ...): the kernel has no data symbols in kallsyms, so
# inode_hash_lock shows as an address in the first and by its callers in
# the second.
# /proc/sys/fs/inode-nr is read before and after each walk.
#
# Scale-downs (also written to scaled.txt): see the jc_scaled lines below.
#
# Sourced by /init with jc.sh loaded and `set -eu` (see guest/jc.sh).

EXT4_MNT=/mnt/inode-hash-ext4
BTRFS_MNT=/mnt/inode-hash-btrfs
SWITCH=/proc/sys/fs/lab_iget_locked_lookup
COUNTER=/proc/sys/fs/lab_iget_locked_lookups
EVENTS=/sys/kernel/tracing/events/lock
HIST_LOCK='hist:keys=lock_addr.sym,flags:vals=hitcount:sort=hitcount.descending:size=4096'
HIST_STACK='hist:keys=common_stacktrace:vals=hitcount:sort=hitcount.descending:size=4096'

case $JC_PROFILE in
quick)
	THREADS=$(nproc)
	DIRS=100
	FILES=100
	;;
paper)
	# 202,020 inodes: the paper disk (ext4-inodes) has 262,144
	THREADS=20
	DIRS=100
	FILES=100
	;;
esac
case $JC_VARIANT in
before) LOCKED_LOOKUP=1 ;;
after) LOCKED_LOOKUP=0 ;;
esac

jc_param threads "$THREADS"
jc_param dirs_per_thread "$DIRS"
jc_param files_per_dir "$FILES"
jc_param stats_per_fs "$((THREADS * DIRS * FILES))"
jc_param fs "ext4 btrfs"
jc_param cpus "$(nproc)"
jc_param hist_triggers "lock:contention_begin $HIST_LOCK; lock:contention_end $HIST_STACK"

jc_scaled "Each of the $THREADS threads walks $DIRS directories x $FILES files instead of 1000 x 1000: the mail's 20 million inodes would need about 24 GB of the guest's memory to stay cached and hours to create under emulation."
if [ "$THREADS" -ne 20 ]; then
	jc_scaled "$THREADS threads (one per vCPU) instead of 20 on a 32-core VM."
else
	jc_scaled "20 threads as in the mail, but on $(nproc) vCPUs instead of 32 cores."
fi

for ev in contention_begin contention_end; do
	[ -e "$EVENTS/$ev/trigger" ] ||
		jc_fail "no $EVENTS/$ev/trigger: the kernel needs CONFIG_HIST_TRIGGERS and tracefs at /sys/kernel/tracing"
done
[ -r /proc/sys/fs/inode-nr ] || jc_fail "no /proc/sys/fs/inode-nr: the kernel needs CONFIG_PROC_SYSCTL"
command -v statwalk >/dev/null || jc_fail "statwalk is not in the image"
[ -b "$JC_DISK2" ] || jc_fail "no second disk $JC_DISK2 for btrfs (bench/inode-hash/disks names two images)"

# add (or, with a leading !, remove) a hist trigger on a lock event
hist_on()
{
	echo "$2" >>"$EVENTS/$1/trigger" || jc_fail "cannot write '$2' to $EVENTS/$1/trigger"
}

mount_point()
{
	case $1 in
	ext4) echo "$EXT4_MNT" ;;
	btrfs) echo "$BTRFS_MNT" ;;
	esac
}

mkdir -p "$EXT4_MNT" "$BTRFS_MNT"
mount -t ext4 "$JC_DISK" "$EXT4_MNT" || jc_fail "cannot mount $JC_DISK (ext4) on $EXT4_MNT"
mount -t btrfs "$JC_DISK2" "$BTRFS_MNT" || jc_fail "cannot mount $JC_DISK2 (btrfs) on $BTRFS_MNT"

# the tree must fit ext4's inode table: one inode per file and directory
need=$((THREADS * (DIRS * (FILES + 1) + 1)))
free=$(stat -f -c %d "$EXT4_MNT")
[ "$free" -ge "$need" ] ||
	jc_fail "the ext4 image has $free free inodes, the tree needs $need: make it with more inodes (mkfs.ext4 -N)"

jc_switch lab_iget_locked_lookup "$SWITCH" "$LOCKED_LOOKUP"

# Build both trees first, so that the walks follow each other.
for fs in ext4 btrfs; do
	mnt=$(mount_point "$fs")
	jc_step "$fs: create $THREADS trees of $DIRS x $FILES files"
	jc_run "statwalk-create-$fs.json" statwalk --root "$mnt" --threads "$THREADS" \
		--dirs "$DIRS" --files "$FILES" --create
done
sync

jc_counters counters-before.txt lab_iget_locked_lookups "$COUNTER"
for fs in ext4 btrfs; do
	mnt=$(mount_point "$fs")
	# drop the caches here, so that the triggers see the walk alone
	# (statwalk's own drop then finds nothing left to drop)
	sync
	echo 3 >/proc/sys/vm/drop_caches
	cat /proc/sys/fs/inode-nr >"$JC_OUT/inode-nr-$fs-before.txt"
	jc_counters "counters-$fs-before.txt" lab_iget_locked_lookups "$COUNTER"
	hist_on contention_begin "$HIST_LOCK"
	hist_on contention_end "$HIST_STACK"
	jc_step "$fs: walk with $THREADS threads after dropping the caches"
	jc_run "statwalk-walk-$fs.json" statwalk --root "$mnt" --threads "$THREADS" \
		--dirs "$DIRS" --files "$FILES" --walk --drop-caches
	cat "$EVENTS/contention_begin/hist" >"$JC_OUT/contention-locks-$fs.txt"
	cat "$EVENTS/contention_end/hist" >"$JC_OUT/contention-stacks-$fs.txt"
	hist_on contention_begin "!$HIST_LOCK"
	hist_on contention_end "!$HIST_STACK"
	jc_counters "counters-$fs-after.txt" lab_iget_locked_lookups "$COUNTER"
	cat /proc/sys/fs/inode-nr >"$JC_OUT/inode-nr-$fs-after.txt"
done
jc_counters counters-after.txt lab_iget_locked_lookups "$COUNTER"

umount "$EXT4_MNT" || jc_fail "cannot unmount $EXT4_MNT"
umount "$BTRFS_MNT" || jc_fail "cannot unmount $BTRFS_MNT"
