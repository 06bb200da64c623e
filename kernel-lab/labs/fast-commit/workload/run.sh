#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# fast-commit, in the guest: fs_mark -s 0 -S 5 on ext4 with fast_commit, as in
# Ritesh Harjani's mail (linux-ext4, 21 Feb 2022): one fs_mark thread per
# directory way, each creating zero-byte files and then fsyncing them in
# creation order, so that every fsync is a fast commit whose dentry updates
# ext4_fc_commit_dentry_updates() writes.
#
# Runs under /init with jc.sh sourced and set -eu (see kernel-lab/guest/jc.sh).
# Raw outputs in $JC_OUT: fs_mark.txt, fc_info-before.txt, fc_info-after.txt,
# and the protocol's parameters.txt, scaled.txt, switches.txt and
# counters-{before,after}.txt.
#
# Shapes, in the mail's terms "order,dir&files" = 2^order ways, -D 2^dir,
# -n 2^files, -L 100. Before 5.18 a fast commit costs each create record a
# walk of the inodes queued since the last commit: N creates in one commit
# cost N^2/2 steps, so what matters is how many creates the first fsync finds
# queued.
#   quick  2 ways (the mail's row 1, one fs_mark thread per vCPU), -D 64,
#          -n 8192, -L 1: both threads make most of their files before
#          either fsyncs, so the first fast commit holds most of the 16384
#          creates, a quarter of row 7's 65536, and the old walk visits up to
#          134 million inode-list nodes (71 to 133 million measured). With
#          the mail's 64 ways on two vCPUs the threads take turns, and the
#          first fsync finds a share of the creates that varies from run to
#          run (18 million nodes for 64 x 512 files, measured), too few for
#          the walk to outweigh the fsyncs' own cost under emulation.
#          Mounted with commit=600: the mail's machine made a loop's creates
#          well within ext4's 5 s commit interval, while under TCG a periodic
#          full commit would empty the queue before fs_mark fsyncs; the disk
#          set write through, so that the fsyncs' cache flushes do not wait
#          on the host's disk. "before" made a quarter to half of "after"'s
#          files per second, and a run took 12-45 s boot to power-off, under
#          TCG on two vCPUs of a host running other guests (measured).
#   paper  the mail's row 7 (6,10): 64 ways, -D 1024, -n 1024, where the old
#          walk collapses, with -L 3 instead of 100. fs_mark 3.3 keeps each
#          loop's files, so loops add up: 3 x 65536 files fit the test disk's
#          262144 inodes. Mounted with commit=600 and the disk write through,
#          as quick: without them a loop's creates took 78-87 s under TCG,
#          past the 5 s commit interval, and not one fsync of a run made a
#          fast commit. With them, under TCG on two vCPUs: 11,426 fast
#          commits and 628 million nodes walked before, 64 s boot to
#          power-off, and 31 s after (one run each, measured).

DEV=$JC_DEV
MNT=/mnt/test
SYSFS=/sys/fs/ext4/$DEV
PROCFS=/proc/fs/ext4/$DEV

case $JC_PROFILE in
quick) order=1 dir=6 files=13 loops=1 row= mountopt=commit=600 ;;
paper) order=6 dir=10 files=10 loops=3 row=7 mountopt=commit=600 ;;
esac
ways=$((1 << order))
subdirs=$((1 << dir))
nfiles=$((1 << files))

# the quick shape is none of the mail's rows, so it names none
if [ -n "$row" ]; then
	jc_param row "$row"
	jc_param order "$order,$dir"
fi
jc_param ways "$ways"
jc_param subdirs "$subdirs"
jc_param files_per_way "$nfiles"
jc_param loops "$loops"
jc_param file_size_bytes 0
jc_param sync_method 5
jc_param fs "ext4 -O fast_commit"
jc_scaled "fs_mark -L $loops instead of the mail's -L 100: each loop makes and fsyncs another $((ways * nfiles)) files, which stay on the disk, and $loops loops fit the guest's time and the test disk's inodes."
if [ "$JC_PROFILE" = quick ]; then
	jc_scaled "$ways fs_mark threads instead of the mail's 64, one per vCPU, each with -n $nfiles: both make their files before either fsyncs, so the first fast commit holds $((ways * nfiles)) creates, as when 64 threads run on 64 CPUs; 64 threads taking turns on $(nproc) vCPUs fsync while only a varying share of the creates is queued."
else
	jc_scaled "The guest's $(nproc) vCPUs run the $ways fs_mark threads; the mail does not say how many CPUs its machine had."
fi
jc_scaled "Mounted with $mountopt: the mail's machine made a loop's creates within ext4's 5 s commit interval; under emulation a periodic full commit would empty the fast-commit queue before the first fsync."
jc_param mount_options "$mountopt"

# every fast commit ends in a cache flush; QEMU turns each into an
# fdatasync of the disk's image file on the host, whose cost is the
# host's, not the file system's
echo "write through" >"/sys/block/$DEV/queue/write_cache" ||
	jc_fail "cannot set /sys/block/$DEV/queue/write_cache"
jc_param write_cache "write through"
jc_scaled "The test disk is set write through in the guest (/sys/block/$DEV/queue/write_cache), so that a fast commit's cache flush does not become an fdatasync on a shared host: the mail's device flushed in microseconds."

jc_step "mount $JC_DISK (ext4, fast_commit${mountopt:+, $mountopt}) on $MNT"
mkdir -p "$MNT"
mount -t ext4 ${mountopt:+-o "$mountopt"} "$JC_DISK" "$MNT" || jc_fail "cannot mount $JC_DISK as ext4"
[ -r "$PROCFS/fc_info" ] || jc_fail "no $PROCFS/fc_info: this kernel has no ext4 fast-commit statistics"
need=$((loops * ways * nfiles + 4096))
free=$(df -i "$MNT" | awk 'NR == 2 { print $4 }')
[ "$free" -ge "$need" ] ||
	jc_fail "fs_mark will make $((loops * ways * nfiles)) files; $JC_DISK has $free free inodes (make it with more, mkfs.ext4 -i)"

if [ "$JC_VARIANT" = before ]; then
	jc_switch lab_fc_dentry_scan "$SYSFS/lab_fc_dentry_scan" 1
else
	jc_switch lab_fc_dentry_scan "$SYSFS/lab_fc_dentry_scan" 0
fi

set --
way=1
while [ $way -le $ways ]; do
	mkdir -p "$MNT/$way"
	set -- "$@" -d "$MNT/$way"
	way=$((way + 1))
done
sync

cat "$PROCFS/fc_info" >"$JC_OUT/fc_info-before.txt"
jc_counters counters-before.txt lab_fc_dentry_scan_nodes "$SYSFS/lab_fc_dentry_scan_nodes"
# fs_mark writes its log, fs_log.txt, in the working directory
cd /tmp
jc_step "fs_mark -s 0 -S 5 -L $loops -D $subdirs -n $nfiles, $ways ways ($JC_VARIANT)"
jc_run fs_mark.txt fs_mark -s 0 -S 5 -L "$loops" -D "$subdirs" -n "$nfiles" "$@"
jc_counters counters-after.txt lab_fc_dentry_scan_nodes "$SYSFS/lab_fc_dentry_scan_nodes"
cat "$PROCFS/fc_info" >"$JC_OUT/fc_info-after.txt"
cat "$JC_OUT/fs_mark.txt"

jc_step "unmount $MNT"
umount "$MNT"
