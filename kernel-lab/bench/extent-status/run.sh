#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# extent-status, in the guest: the three fio cases of the extent status
# shrinker series (Zheng Liu, linux-ext4, 7 Aug 2014; figures.md section 2),
# scaled to a 1 GiB disk, with the shrinker's own statistics read from
# /proc/fs/ext4/<dev>/es_shrinker_info.
#
#   a  many jobs writing a few files each, sequential 4 KiB buffered writes:
#      few inodes with big extent trees
#   b  a, plus jobs writing one block in two of many small files: a long
#      list of inodes on the shrinker's list
#   c  one reader going through large files while many jobs stream writes:
#      how many of the reader's extents survive the shrinker (hit ratio)
#
# As in the mail, extent merging is off in both variants (lab_es_no_merge=1)
# so that every block keeps an extent of its own, and vm.dirty_ratio=80,
# vm.dirty_background_ratio=60 keep data in memory. The "before" variant
# also turns back the four changes of the rework that landed (LRU list, no
# aging, unbounded scan, no hole caching).
#
# Reclaim: the guest's memory is not small enough for the shrinker to run
# on its own within a short run, so reclaim is forced the same way every
# second during each case: `echo 2 > /proc/sys/vm/drop_caches` (slab) in
# cases a and b, `echo 3` (page cache too) in case c, so that the reader has
# to map its blocks again as the mail's reader did, whose 50 GB of files did
# not fit in 12 GB of memory. The shrinker can only free extents whose data
# is on disk: the writers' fresh extents are delayed ones, which a scan has
# to step over, until the flusher writes them back (dirty data expires
# after 30 s, the kernel's default, as in the mail). With merging off that
# write-back is slow: under TCG 100 MB take over a minute.
# The statistics are read when fio ends.
#
# Each case has a mount of its own: es_shrinker_info's statistics (a moving
# average of the scan time, the maximum, hits and misses) and the ext4
# switches live as long as the mount. A hist trigger on ext4:ext4_es_shrink
# adds the exact number of scans and their summed time.
#
# Scale-downs (also written to scaled.txt): see the jc_scaled lines below.
#
# Sourced by /init with jc.sh loaded and `set -eu` (see guest/jc.sh).

MNT=/mnt/extent-status
SYSFS=/sys/fs/ext4/$JC_DEV
ES_INFO=/proc/fs/ext4/$JC_DEV/es_shrinker_info
EVENT=/sys/kernel/tracing/events/ext4/ext4_es_shrink
# a hist entry holds at most three values (TRACING_MAP_VALS_MAX), hitcount included
HIST='hist:keys=dev:vals=hitcount,scan_time,nr_shrunk:sort=dev'
RECLAIM_EVERY_S=1

# the mail's job sizes and ours, per profile (see the scale-down sentences)
case $JC_PROFILE in
quick)
	RUNTIME=5
	A_JOBS=5 A_FILES=5 A_FILESIZE=4m
	B_JOBS=5 B_FILES=5 B_FILESIZE=2m
	B_RAND_JOBS=2 B_RAND_FILES=1000 B_RAND_FILESIZE=32k
	C_READ_FILES=10 C_READ_FILESIZE=8m
	C_JOBS=5 C_FILES=5 C_FILESIZE=2m
	;;
paper)
	RUNTIME=300
	A_JOBS=100 A_FILES=5 A_FILESIZE=1600k
	B_JOBS=100 B_FILES=5 B_FILESIZE=600k
	B_RAND_JOBS=20 B_RAND_FILES=1500 B_RAND_FILESIZE=24k
	C_READ_FILES=50 C_READ_FILESIZE=8m
	C_JOBS=100 C_FILES=5 C_FILESIZE=600k
	;;
esac
case $JC_VARIANT in
before) CHANGED=1 ;;
after) CHANGED=0 ;;
esac

jc_param fs ext4
jc_param ioengine psync
jc_param bs 4k
jc_param runtime_s "$RUNTIME"
jc_param no_merge 1
jc_param vm_dirty_ratio 80
jc_param vm_dirty_background_ratio 60
jc_param vm_dirty_expire_centisecs "$(cat /proc/sys/vm/dirty_expire_centisecs)"
jc_param reclaim "drop_caches every ${RECLAIM_EVERY_S} s during fio: 2 in cases a and b, 3 in case c"
jc_param case_a "write: $A_JOBS jobs x $A_FILES files x $A_FILESIZE"
jc_param case_b "write: $B_JOBS jobs x $B_FILES files x $B_FILESIZE, openfiles=10000; write:4k: $B_RAND_JOBS jobs x $B_RAND_FILES files x $B_RAND_FILESIZE"
jc_param case_c "read: 1 job x $C_READ_FILES files x $C_READ_FILESIZE; write: $C_JOBS jobs x $C_FILES files x $C_FILESIZE"
jc_param hist_trigger "ext4:ext4_es_shrink $HIST"

jc_scaled "Files are capped so that each case fits the 1 GiB test image: case a writes $A_JOBS jobs x $A_FILES files of $A_FILESIZE, case b $B_JOBS x $B_FILES of $B_FILESIZE, case c's writers $C_JOBS x $C_FILES of $C_FILESIZE; the mail's files grew without a cap for 300 s."
jc_scaled "Case b's second job has $B_RAND_JOBS jobs x $B_RAND_FILES files of $B_RAND_FILESIZE (a 4 KiB write every 8 KiB) instead of 20 x 20000 files of 1000 GiB."
jc_scaled "Case c's reader reads $C_READ_FILES files of $C_READ_FILESIZE instead of 50 files of 1 GiB; dropping the page cache every ${RECLAIM_EVERY_S} s stands in for files larger than memory."
jc_scaled "Reclaim is forced with drop_caches every ${RECLAIM_EVERY_S} s instead of coming from memory pressure (24 GB, 12 GB for case c, in the mail)."
if [ "$JC_PROFILE" = quick ]; then
	jc_scaled "Each case runs at most $RUNTIME s instead of 300 s, with $A_JOBS writing jobs instead of 100: too short for the flusher (30 s) to write the writers' data back, so their extents stay delayed ones, which the shrinker cannot free."
fi
jc_scaled "Each figure comes from one run, not the mean of three."

[ -r /proc/sys/vm/dirty_ratio ] || jc_fail "no /proc/sys/vm/dirty_ratio: the kernel needs CONFIG_PROC_SYSCTL"
[ -e "$EVENT/trigger" ] || jc_fail "no $EVENT/trigger: the kernel needs CONFIG_HIST_TRIGGERS and tracefs at /sys/kernel/tracing"
echo 80 >/proc/sys/vm/dirty_ratio
echo 60 >/proc/sys/vm/dirty_background_ratio
# case b opens every file of a job at once
ulimit -n 4096 || jc_fail "cannot raise the open file limit to 4096"
mkdir -p "$MNT"

# Set an ext4 switch on the mounted file system. The first mount records it
# through jc_switch; later mounts set it again (it lives in the superblock)
# and check it the same way.
mounts=0
ext4_switch()
{
	local name=$1 value=$2 path=$SYSFS/$1 got

	if [ $mounts -eq 1 ]; then
		jc_switch "$name" "$path" "$value"
		return
	fi
	[ -e "$path" ] || jc_fail "switch $name not found at $path: is this the journalclub kernel?"
	echo "$value" 2>/dev/null >"$path" || jc_fail "switch $name: cannot write $value to $path"
	got=$(cat "$path")
	[ "$got" = "$value" ] || jc_fail "switch $name reads back '$got' after writing $value to $path"
}

mount_fs()
{
	mount -t ext4 "$JC_DISK" "$MNT" || jc_fail "cannot mount $JC_DISK (ext4) on $MNT"
	mounts=$((mounts + 1))
	# the mail's test condition first, before any extent exists
	ext4_switch lab_es_no_merge 1
	ext4_switch lab_es_lru "$CHANGED"
	ext4_switch lab_es_no_aging "$CHANGED"
	ext4_switch lab_es_unbounded_scan "$CHANGED"
	ext4_switch lab_es_no_hole_cache "$CHANGED"
	[ -r "$ES_INFO" ] || jc_fail "no $ES_INFO after mounting $JC_DISK"
}

# Empty the file system for the next case, and unmount it. Removing the
# files first drops their dirty pages unwritten: with merging off, writing
# back a case's data takes minutes under TCG, and nothing reads it.
umount_fs()
{
	rm -rf "${MNT:?}"/*
	umount "$MNT" || jc_fail "cannot unmount $MNT"
}

# the mail's [global] section
job_global()
{
	cat <<-EOF
	[global]
	ioengine=psync
	bs=4k
	directory=$MNT
	group_reporting
	fallocate=0
	direct=0
	runtime=$RUNTIME
	create_on_open=1
	create_serialize=0
	create_fsync=0
	norandommap
	EOF
}

# a sequential writer section: $1 name, $2 jobs, $3 files, $4 file size
job_writer()
{
	cat <<-EOF

	[$1]
	rw=write
	numjobs=$2
	nrfiles=$3
	filesize=$4
	size=$(size_of "$3" "$4")
	EOF
}

# nrfiles x filesize as a size fio reads (k or m suffix kept)
size_of()
{
	local n=$1 sz=$2

	case $sz in
	*k) echo "$((n * ${sz%k}))k" ;;
	*m) echo "$((n * ${sz%m}))m" ;;
	*) jc_fail "size_of: '$sz' is not a size in k or m" ;;
	esac
}

job_a()
{
	job_global
	job_writer io "$A_JOBS" "$A_FILES" "$A_FILESIZE"
}

job_b()
{
	job_global
	job_writer io "$B_JOBS" "$B_FILES" "$B_FILESIZE"
	cat <<-EOF
	openfiles=10000

	[rand]
	rw=write:4k
	numjobs=$B_RAND_JOBS
	nrfiles=$B_RAND_FILES
	filesize=$B_RAND_FILESIZE
	size=$(size_of "$B_RAND_FILES" "$B_RAND_FILESIZE")
	EOF
}

# case c's reader; $1 adds an option (create_only=1 lays its files out)
job_c_reader()
{
	cat <<-EOF

	[read]
	rw=read
	numjobs=1
	nrfiles=$C_READ_FILES
	filesize=$C_READ_FILESIZE
	size=$(size_of "$C_READ_FILES" "$C_READ_FILESIZE")
	$1
	EOF
}

# case c's [global] has no create_* options, fallocate or norandommap: its
# writers create their files on open
job_c()
{
	cat <<-EOF
	[global]
	ioengine=psync
	bs=4k
	directory=$MNT
	group_reporting
	direct=0
	runtime=$RUNTIME
	EOF
	job_c_reader time_based
	job_writer stream "$C_JOBS" "$C_FILES" "$C_FILESIZE"
	cat <<-EOF
	create_on_open=1
	create_serialize=0
	create_fsync=0
	EOF
}

job_c_layout()
{
	cat <<-EOF
	[global]
	ioengine=psync
	bs=4k
	directory=$MNT
	EOF
	job_c_reader create_only=1
}

# one case: $1 is a, b or c; $2 the drop_caches value used during it
run_case()
{
	local c=$1 drop=$2 reclaimer

	mount_fs
	job_"$c" >"$JC_OUT/fio-$c.job"
	if [ "$c" = c ]; then
		jc_step "case c: lay out the reader's $C_READ_FILES files of $C_READ_FILESIZE"
		job_c_layout >"$JC_OUT/fio-c-layout.job"
		jc_run fio-c-layout.log fio "$JC_OUT/fio-c-layout.job"
		sync
		echo 3 >/proc/sys/vm/drop_caches
	fi
	if [ $mounts -eq 1 ]; then
		jc_counters counters-before.txt lab_es_lru_moves "$SYSFS/lab_es_lru_moves"
	fi
	jc_counters "counters-$c-before.txt" lab_es_lru_moves "$SYSFS/lab_es_lru_moves"
	cat "$ES_INFO" >"$JC_OUT/es-$c-start.txt"
	echo "$HIST" >"$EVENT/trigger" || jc_fail "cannot add '$HIST' to $EVENT/trigger"

	(
		while sleep "$RECLAIM_EVERY_S"; do
			echo "$drop" >/proc/sys/vm/drop_caches
		done
	) &
	reclaimer=$!
	jc_step "case $c: fio for at most $RUNTIME s, drop_caches $drop every $RECLAIM_EVERY_S s"
	jc_run "fio-$c.log" fio --output-format=json --output="$JC_OUT/fio-$c.json" \
		"$JC_OUT/fio-$c.job"
	kill "$reclaimer" 2>/dev/null || :
	wait "$reclaimer" 2>/dev/null || :

	cat "$ES_INFO" >"$JC_OUT/es-$c-end.txt"
	cat "$EVENT/hist" >"$JC_OUT/es-shrink-hist-$c.txt"
	echo "!$HIST" >"$EVENT/trigger" || jc_fail "cannot remove '$HIST' from $EVENT/trigger"
	jc_counters "counters-$c-after.txt" lab_es_lru_moves "$SYSFS/lab_es_lru_moves"
	jc_step "case $c: remove the files and unmount"
	umount_fs
}

run_case a 2
run_case b 2
run_case c 3

# The counter lives in the superblock, so it restarts at every mount: its
# increase over the benchmark is the sum of the three cases' increases.
total=0
for c in a b c; do
	before=$(sed -n 's/^lab_es_lru_moves //p' "$JC_OUT/counters-$c-before.txt")
	after=$(sed -n 's/^lab_es_lru_moves //p' "$JC_OUT/counters-$c-after.txt")
	total=$((total + after - before))
done
first=$(sed -n 's/^lab_es_lru_moves //p' "$JC_OUT/counters-before.txt")
echo "lab_es_lru_moves $((first + total))" >"$JC_OUT/counters-after.txt"
