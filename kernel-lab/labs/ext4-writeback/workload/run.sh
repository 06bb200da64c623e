#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# ext4-writeback, in the guest: the fio job of the ext4 IOPS report
# (R. Bhatnagar and J. Kara, linux-ext4, Jan 2023; figures.md section 5)
# with --fsync=1, then the same job with --fdatasync=1 as the control the
# mail asked for.
#
# 16 threads write 16 KiB at random offsets into one 1000000-byte file,
# buffered, through psync, each write followed by fsync (or fdatasync), on
# ext4 mounted noatime,nodiratime,data=ordered. Around the fsync run a hist
# trigger on ext4:ext4_writepages_result counts ext4_writepages() calls by
# pages written (the mail's histogram) and /proc/fs/jbd2/<dev>-8/info gives
# the journal's handles per transaction and commit time.
#
# Each run has a mount of its own: jbd2's statistics and the ext4 switch
# live as long as the mount, so a fresh mount gives each run its own
# numbers. The switch is set again after every mount.
#
# Scale-downs (also written to scaled.txt):
#   quick: each fio run lasts 10 s, not the mail's 60 s.
#   both:  the file system is a 1 GiB image on virtio-blk, not a 100 GB EBS
#          io1 volume provisioned for 500 IOPS.
#
# Sourced by /init with jc.sh loaded and `set -eu` (see guest/jc.sh).

MNT=/mnt/ext4-writeback
SYSFS=/sys/fs/ext4/$JC_DEV
JBD2_INFO=/proc/fs/jbd2/$JC_DEV-8/info
EVENT=/sys/kernel/tracing/events/ext4/ext4_writepages_result
HIST='hist:keys=pages_written:vals=hitcount:sort=pages_written:size=2048'

JOBS=16
BS=16k
FILESIZE=1000000
MOUNT_OPTS=noatime,nodiratime,data=ordered
case $JC_PROFILE in
quick) RUNTIME=10 ;;
paper) RUNTIME=60 ;;
esac
case $JC_VARIANT in
before) WB_EXTRA_PASS=1 ;;
after) WB_EXTRA_PASS=0 ;;
esac

jc_param fs ext4
jc_param mount_options "$MOUNT_OPTS"
jc_param rw randwrite
jc_param ioengine psync
jc_param bs "$BS"
jc_param numjobs "$JOBS"
jc_param filesize_bytes "$FILESIZE"
jc_param runtime_s "$RUNTIME"
jc_param runs "fsync=1,fdatasync=1"
jc_param hist_trigger "ext4:ext4_writepages_result $HIST"
if [ "$JC_PROFILE" = quick ]; then
	jc_scaled "Each fio run lasts $RUNTIME s instead of the mail's 60 s."
fi
jc_scaled "The file system is a 1 GiB image on virtio-blk instead of a 100 GB EBS io1 volume provisioned for 500 IOPS."

[ -e "$EVENT/trigger" ] || jc_fail "no $EVENT/trigger: the kernel needs CONFIG_HIST_TRIGGERS and tracefs at /sys/kernel/tracing"
mkdir -p "$MNT"

# the mail's fio command line; $1 is the sync option, the rest is added
fio_job()
{
	fio --name=fio-test --directory="$MNT" --rw=randwrite --ioengine=psync \
		--buffered=1 --bs="$BS" --max-jobs="$JOBS" --numjobs="$JOBS" \
		--thread --filename=file0 --filesize="$FILESIZE" --group_reporting \
		"$@"
}

# mount, then set the switch: first time through jc_switch (switches.txt),
# later mounts set it again and check it the same way
mounted=0
mount_fs()
{
	local got

	mount -t ext4 -o "$MOUNT_OPTS" "$JC_DISK" "$MNT" ||
		jc_fail "cannot mount $JC_DISK (ext4) on $MNT with -o $MOUNT_OPTS"
	if [ $mounted -eq 0 ]; then
		jc_switch lab_wb_extra_pass "$SYSFS/lab_wb_extra_pass" "$WB_EXTRA_PASS"
	else
		[ -e "$SYSFS/lab_wb_extra_pass" ] ||
			jc_fail "switch lab_wb_extra_pass not found at $SYSFS/lab_wb_extra_pass: is this the journalclub kernel?"
		echo "$WB_EXTRA_PASS" >"$SYSFS/lab_wb_extra_pass" ||
			jc_fail "switch lab_wb_extra_pass: cannot write $WB_EXTRA_PASS to $SYSFS/lab_wb_extra_pass"
		got=$(cat "$SYSFS/lab_wb_extra_pass")
		[ "$got" = "$WB_EXTRA_PASS" ] ||
			jc_fail "switch lab_wb_extra_pass reads back '$got' after writing $WB_EXTRA_PASS on remount"
	fi
	mounted=$((mounted + 1))
	[ -r "$JBD2_INFO" ] || jc_fail "no $JBD2_INFO after mounting $JC_DISK: is the journal on?"
}

umount_fs()
{
	umount "$MNT" || jc_fail "cannot unmount $MNT"
}

# one measured run: $1 names it (fsync or fdatasync), $2 is fio's option
measured_run()
{
	local name=$1 opt=$2

	mount_fs
	sync
	echo 1 >/proc/sys/vm/drop_caches
	jc_counters "counters-$name-before.txt" lab_wb_extra_passes "$SYSFS/lab_wb_extra_passes"
	echo "$HIST" >"$EVENT/trigger" || jc_fail "cannot add '$HIST' to $EVENT/trigger"
	jc_step "fio: $JOBS jobs, randwrite $BS, $opt, $RUNTIME s"
	jc_run "fio-$name.log" fio_job "$opt" --runtime="$RUNTIME" --time_based \
		--output-format=json --output="$JC_OUT/fio-$name.json"
	cat "$EVENT/hist" >"$JC_OUT/writepages-hist-$name.txt"
	echo "!$HIST" >"$EVENT/trigger" || jc_fail "cannot remove '$HIST' from $EVENT/trigger"
	jc_counters "counters-$name-after.txt" lab_wb_extra_passes "$SYSFS/lab_wb_extra_passes"
	cat "$JBD2_INFO" >"$JC_OUT/jbd2-info-$name.txt"
	umount_fs
}

# lay the file out as the mail does, with a create-only run of the same job
mount_fs
jc_step "fio: lay out $MNT/file0 ($FILESIZE bytes)"
jc_run fio-layout.log fio_job --fsync=1 --runtime=30 --create_only=1
umount_fs

measured_run fsync --fsync=1
measured_run fdatasync --fdatasync=1

# the switch's counter around the mail's own run (fsync)
cp "$JC_OUT/counters-fsync-before.txt" "$JC_OUT/counters-before.txt"
cp "$JC_OUT/counters-fsync-after.txt" "$JC_OUT/counters-after.txt"
