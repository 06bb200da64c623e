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
# is the mail's baseline, the v3.18 shrinker: lab_es_lru=2 (a hit stamps
# the inode's touch time; one shrinker call holds s_es_lock throughout,
# skips recently touched inodes, sorts the list and retries when it freed
# nothing), no aging, the unbounded scan from block 0, no hole caching.
#
# Reclaim comes from memory pressure, with several reclaimers at once: all
# but AVAIL_MIB of the guest's memory is pinned (huge pages in the hugetlb
# pool, see pin_memory), the writers' data fills the rest, and RECLAIMERS
# tasks keep reading CHURN_MIB each of the raw disk into the page cache,
# so that they, the writers and kswapd reclaim at the same time. A
# shrinker with a few thousand objects is rarely called by that alone
# (do_shrink_slab() asks it for objects >> priority, and reclaim seldom
# gets below priority 9 here), where the mail's held millions; so each
# reclaimer, after its read, also reclaims slab objects itself
# (drop_caches 2), then sleeps a second. Several tasks then scan at once
# and contend for s_es_lock, which one drop_caches a second could not
# show. In case c the reader's files do not fit either, so it maps its
# blocks again, as the mail's reader did (50 GB of files in 12 GB of
# memory). The shrinker can only free extents whose data is on disk: the
# writers' fresh extents are delayed ones, which a scan has to step over,
# until the flusher writes them back, here after EXPIRE_CS centiseconds.
# The hist trigger on ext4_es_shrink is keyed by task, so it shows which
# tasks ran the shrinker (kswapd, fio's writers, the reclaimers) and how
# often.
#
# Besides the kernel's own statistics the run reads the lab's counters of
# the shrinker's work (lab_es_scan_extents, lab_es_scan_delayed, and the
# counters of the work each "before" switch adds) around each case.
# The statistics are read when fio ends.
#
# Each case has a mount of its own: es_shrinker_info's statistics (a moving
# average of the scan time, the maximum, hits and misses) and the ext4
# switches live as long as the mount. A hist trigger on ext4:ext4_es_shrink
# adds the exact number of scans and their summed time, per task, and a
# second one each scan's time, for the longest.
#
# Scale-downs (also written to scaled.txt): see the jc_scaled lines below.
#
# Sourced by /init with jc.sh loaded and `set -eu` (see guest/jc.sh).

MNT=/mnt/extent-status
SYSFS=/sys/fs/ext4/$JC_DEV
ES_INFO=/proc/fs/ext4/$JC_DEV/es_shrinker_info
EVENT=/sys/kernel/tracing/events/ext4/ext4_es_shrink
# a hist entry holds at most three values (TRACING_MAP_VALS_MAX), hitcount included
HIST='hist:keys=common_pid.execname:vals=hitcount,scan_time,nr_shrunk:sort=common_pid'
# and one keyed by each scan's time (us), for the longest scan: the kernel
# keeps its own maximum but es_shrinker_info prints it only while the
# shrinker's list holds an inode
HIST_TIME='hist:keys=scan_time:vals=hitcount:sort=scan_time:size=8192'
# the lab's counters: lab_es_lru_moves counts lab_es_lru=1, which neither
# variant uses; the next five prove a "before" switch live (0 in "after");
# the last two count the shrinker's work in both variants
COUNTERS='lab_es_lru_moves lab_es_lru_skipped lab_es_lru_sorts lab_es_no_aging_frees lab_es_unbounded_visits lab_es_holes_not_cached lab_es_scan_extents lab_es_scan_delayed'
PIN=/pin

# the mail's job sizes and ours, per profile (see the scale-down sentences)
case $JC_PROFILE in
quick)
	RUNTIME=5
	A_JOBS=5 A_FILES=5 A_FILESIZE=4m
	B_JOBS=5 B_FILES=5 B_FILESIZE=2m
	B_RAND_JOBS=2 B_RAND_FILES=1000 B_RAND_FILESIZE=32k
	C_READ_FILES=10 C_READ_FILESIZE=8m
	C_JOBS=5 C_FILES=5 C_FILESIZE=2m
	AVAIL_MIB=160 RECLAIMERS=3 CHURN_MIB=8 EXPIRE_CS=100 WRITEBACK_CS=100
	DIRTY_MIB= DIRTY_BG_MIB=
	RATE=2m MEM_EVERY_S=1
	;;
paper)
	RUNTIME=300
	A_JOBS=100 A_FILES=5 A_FILESIZE=1600k
	B_JOBS=100 B_FILES=5 B_FILESIZE=600k
	B_RAND_JOBS=20 B_RAND_FILES=1500 B_RAND_FILESIZE=24k
	C_READ_FILES=50 C_READ_FILESIZE=8m
	C_JOBS=100 C_FILES=5 C_FILESIZE=600k
	# The mail's ratios (80 and 60) are of 24 GB; of the 256 MiB left
	# here they let 100 writers dirty ~234 MiB in 10 s, past the 184 MiB
	# limit, and the flusher then wrote back next to nothing (12 pages in
	# case a's 300 s): jbd2 waited for a handle held by the unwritten-
	# extent conversion, which waited for i_data_sem, and a fifth of
	# 256 MiB left the writeback path no memory; "after" runs were
	# OOM-killed in case a or b (under TCG, one run each). So the limits
	# are set in bytes, in the mail's proportion, to half of what is left.
	AVAIL_MIB=256 RECLAIMERS=4 CHURN_MIB=32 EXPIRE_CS=3000 WRITEBACK_CS=500
	DIRTY_MIB=128 DIRTY_BG_MIB=96
	RATE= MEM_EVERY_S=10
	;;
esac
# lab_es_lru=2 is the mail's baseline; 1 is the older v3.10 list (see the patch)
case $JC_VARIANT in
before) CHANGED=1 LRU=2 ;;
after) CHANGED=0 LRU=0 ;;
esac

jc_param fs ext4
jc_param ioengine psync
jc_param bs 4k
jc_param runtime_s "$RUNTIME"
jc_param no_merge 1
if [ -n "$DIRTY_MIB" ]; then
	jc_param vm_dirty_bytes $((DIRTY_MIB << 20))
	jc_param vm_dirty_background_bytes $((DIRTY_BG_MIB << 20))
else
	jc_param vm_dirty_ratio 80
	jc_param vm_dirty_background_ratio 60
fi
jc_param vm_dirty_expire_centisecs "$EXPIRE_CS"
jc_param vm_dirty_writeback_centisecs "$WRITEBACK_CS"
jc_param reclaim "memory pressure: all but $AVAIL_MIB MiB pinned (huge pages, a tmpfs for the rest); $RECLAIMERS tasks each reading $CHURN_MIB MiB of the disk into the page cache and dropping slab caches, once a second, during fio"
jc_param avail_mib "$AVAIL_MIB"
jc_param reclaimers "$RECLAIMERS"
jc_param churn_mib "$CHURN_MIB"
jc_param rate_per_job "${RATE:-none}"
jc_param case_a "write: $A_JOBS jobs x $A_FILES files x $A_FILESIZE"
jc_param case_b "write: $B_JOBS jobs x $B_FILES files x $B_FILESIZE, openfiles=10000; write:4k: $B_RAND_JOBS jobs x $B_RAND_FILES files x $B_RAND_FILESIZE"
jc_param case_c "read: 1 job x $C_READ_FILES files x $C_READ_FILESIZE; write: $C_JOBS jobs x $C_FILES files x $C_FILESIZE"
jc_param hist_trigger "ext4:ext4_es_shrink $HIST"
jc_param hist_trigger_time "ext4:ext4_es_shrink $HIST_TIME"

jc_scaled "Files are capped so that each case fits the 1 GiB test image: case a writes $A_JOBS jobs x $A_FILES files of $A_FILESIZE, case b $B_JOBS x $B_FILES of $B_FILESIZE, case c's writers $C_JOBS x $C_FILES of $C_FILESIZE; the mail's files grew without a cap for 300 s."
jc_scaled "Case b's second job has $B_RAND_JOBS jobs x $B_RAND_FILES files of $B_RAND_FILESIZE (a 4 KiB write every 8 KiB) instead of 20 x 20000 files of 1000 GiB."
jc_scaled "Case c's reader reads $C_READ_FILES files of $C_READ_FILESIZE instead of 50 files of 1 GiB; they do not fit the $AVAIL_MIB MiB left either."
jc_scaled "Memory is $AVAIL_MIB MiB (the rest of the guest's is pinned) instead of 24 GB (12 GB for case c), and $RECLAIMERS tasks that read the disk into the page cache and then drop slab caches add reclaimers to the writers and kswapd, where the mail had 16 CPUs of them reclaiming caches of millions of extents."
if [ "$JC_PROFILE" = quick ]; then
	jc_scaled "Each case runs at most $RUNTIME s instead of 300 s, with $A_JOBS writing jobs instead of 100, each held to $RATE/s by fio (rate=) so that it writes for the whole case, where the mail's were held by the disk."
	jc_scaled "Dirty data expires after $EXPIRE_CS centiseconds and the flusher wakes as often (the kernel's defaults, and the mail's, are 3000 and 500), so that the writers' extents become reclaimable within a case."
fi
if [ -n "$DIRTY_MIB" ]; then
	jc_scaled "Dirty data is limited to $DIRTY_MIB MiB, and the flusher starts at $DIRTY_BG_MIB MiB (vm.dirty_bytes, vm.dirty_background_bytes), the mail's 80:60 of half of the $AVAIL_MIB MiB left, instead of vm.dirty_ratio=80 and vm.dirty_background_ratio=60 of 24 GB: with the ratios, 100 writers fill the $AVAIL_MIB MiB with dirty data that the flusher cannot write back."
fi
jc_scaled "Each figure comes from one run, not the mean of three."

[ -r /proc/sys/vm/dirty_ratio ] || jc_fail "no /proc/sys/vm/dirty_ratio: the kernel needs CONFIG_PROC_SYSCTL"
[ -e "$EVENT/trigger" ] || jc_fail "no $EVENT/trigger: the kernel needs CONFIG_HIST_TRIGGERS and tracefs at /sys/kernel/tracing"
# the vm settings this run changes, given back on exit (see release):
# host-run runs this script on a real machine
VM_SETTINGS='dirty_ratio dirty_background_ratio dirty_bytes dirty_background_bytes dirty_expire_centisecs dirty_writeback_centisecs'
vm_saved=
for name in $VM_SETTINGS; do
	vm_saved="$vm_saved $name=$(cat "/proc/sys/vm/$name")"
done
# Writing a ratio zeroes its bytes setting and the reverse, so each pair
# is given back by the one that was in force: its bytes when they were set.
restore_vm()
{
	for kv in $vm_saved; do
		name=${kv%%=*} value=${kv#*=}
		case $name in
		dirty_ratio | dirty_background_ratio) ;;
		dirty_bytes | dirty_background_bytes)
			if [ "$value" = 0 ]; then
				name=${name%_bytes}_ratio
				value=$(printf '%s\n' $vm_saved | sed -n "s/^$name=//p")
			fi
			echo "$value" >"/proc/sys/vm/$name" || : ;;
		*) echo "$value" >"/proc/sys/vm/$name" || : ;;
		esac
	done
}

trap restore_vm EXIT
if [ -n "$DIRTY_MIB" ]; then
	echo $((DIRTY_MIB << 20)) >/proc/sys/vm/dirty_bytes
	echo $((DIRTY_BG_MIB << 20)) >/proc/sys/vm/dirty_background_bytes
else
	echo 80 >/proc/sys/vm/dirty_ratio
	echo 60 >/proc/sys/vm/dirty_background_ratio
fi
echo "$EXPIRE_CS" >/proc/sys/vm/dirty_expire_centisecs
echo "$WRITEBACK_CS" >/proc/sys/vm/dirty_writeback_centisecs
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
	ext4_switch lab_es_lru "$LRU"
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
	job_rate
}

# fio's rate= for every job, when the profile sets one
job_rate()
{
	[ -z "$RATE" ] || echo "rate=$RATE"
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
	job_rate
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

# Pin all but AVAIL_MIB MiB of memory, once for the run: as huge pages
# taken into the hugetlb pool, which no reclaim can take back and which
# cost nothing to take (a huge page is cleared when it is first mapped, and
# these never are), and what the pool could not get (fragmented memory, a
# kernel without hugetlbfs) in a tmpfs file of zeroes, which is as
# unreclaimable here (no swap) but is written page by page: pinning some
# 700 MiB that way took 2.7 s of the boot under TCG. Either way the pinned memory
# is neither free nor page cache, so it counts in neither reclaim's
# targets nor the dirty limits.
HUGE_POOL=/proc/sys/vm/nr_hugepages
huge_before=

# a field of /proc/meminfo in KiB, empty when the kernel has no such field
meminfo_kib()
{
	sed -n "s/^$1: *\([0-9]*\) kB\$/\1/p" /proc/meminfo
}

pin_memory()
{
	local avail pin huge_kib want got rest

	sync
	echo 3 >/proc/sys/vm/drop_caches
	avail=$(meminfo_kib MemAvailable)
	[ -n "$avail" ] || jc_fail "no MemAvailable in /proc/meminfo"
	pin=$((avail / 1024 - AVAIL_MIB))
	[ $pin -gt 0 ] || jc_fail "only $((avail / 1024)) MiB available: cannot leave $AVAIL_MIB MiB for the benchmark (give the guest more memory)"
	rest=$pin
	huge_kib=$(meminfo_kib Hugepagesize)
	if [ -w "$HUGE_POOL" ] && [ -n "$huge_kib" ]; then
		huge_before=$(cat "$HUGE_POOL")
		want=$((huge_before + pin * 1024 / huge_kib))
		echo "$want" >"$HUGE_POOL" 2>/dev/null || :
		got=$(($(cat "$HUGE_POOL") - huge_before))
		rest=$((pin - got * huge_kib / 1024))
	fi
	if [ $rest -gt 0 ]; then
		mkdir -p "$PIN"
		mount -t tmpfs -o "size=$((rest + 16))m" pin "$PIN" ||
			jc_fail "cannot mount a tmpfs on $PIN"
		dd if=/dev/zero of="$PIN/pinned" bs=1M count="$rest" 2>/dev/null ||
			jc_fail "cannot pin $rest MiB in $PIN"
	fi
	# how much was pinned varies a little from boot to boot: a raw file, not a parameter
	cat /proc/meminfo >"$JC_OUT/meminfo-pinned.txt"
}

# The reclaimers: each reads CHURN_MIB MiB of the disk it has not read
# before (page cache it must reclaim memory for), reclaims slab objects
# (drop_caches 2), sleeps a second, and again; their pids go to
# $reclaimers. What they take is clean page cache, so that the pressure
# never ends in the OOM killer.
start_reclaimers()
{
	local i=0

	reclaimers=
	while [ $i -lt "$RECLAIMERS" ]; do
		(
			at=$((i * 256))
			while :; do
				dd if="$JC_DISK" of=/dev/null bs=1M count="$CHURN_MIB" skip="$at" 2>/dev/null || :
				at=$(((at + CHURN_MIB) % 1024))
				echo 2 >/proc/sys/vm/drop_caches
				sleep 1
			done
		) &
		reclaimers="$reclaimers $!"
		i=$((i + 1))
	done
}

# The guest's memory during a case, every MEM_EVERY_S seconds (1 in the
# quick profile's 5 s cases, 10 in the paper's), into memory-$1.txt: the
# kernel's uptime; meminfo's free memory, page cache, dirty data, data
# under writeback, anonymous memory, shmem, reclaimable and unreclaimable
# slab (KiB); vmstat's dirty limits and the pages written back so far
# (pages of 4 KiB); and the extent status objects the shrinker's
# statistics count. Whether the writers, their dirty data or the caches
# press on reclaim, and whether writeback keeps up, can be read from it. Its pid joins $reclaimers, so
# that it stops with them.
MEM_FIELDS='MemFree Cached Dirty Writeback AnonPages Shmem SReclaimable SUnreclaim nr_dirty_threshold nr_dirty_background_threshold nr_written'
start_memory_log()
{
	local file=$JC_OUT/memory-$1.txt

	echo "uptime_s $MEM_FIELDS es_objects" >"$file"
	(
		# ahead of the case's 100 writers on the CPUs, so that a sample is
		# taken when it is due (its own pid: $$ is the script's)
		renice -n -20 -p "$(sh -c 'echo $PPID')" >/dev/null 2>&1 || :
		while :; do
			{
				cut -d ' ' -f 1 /proc/uptime
				awk -v fields="$MEM_FIELDS" '
					BEGIN { n = split(fields, name, " ") }
					{ sub(":$", "", $1); value[$1] = $2 }
					END { for (i = 1; i <= n; i++) printf "%s\n", (name[i] in value) ? value[name[i]] : "-" }
				' /proc/meminfo /proc/vmstat
				sed -n 's/^ *\([0-9]*\) objects$/\1/p' "$ES_INFO" | head -n 1
			} | tr '\n' ' ' | sed 's/ $//' >>"$file"
			echo >>"$file"
			sleep "$MEM_EVERY_S"
		done
	) &
	reclaimers="$reclaimers $!"
}

stop_reclaimers()
{
	local pid

	for pid in $reclaimers; do
		kill "$pid" 2>/dev/null || :
		wait "$pid" 2>/dev/null || :
	done
}

# all the lab's counters into FILE
read_counters()
{
	local file=$1 name

	for name in $COUNTERS; do
		jc_counters "$file" "$name" "$SYSFS/$name"
	done
}

# one case: $1 is a, b or c
run_case()
{
	local c=$1

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
		read_counters counters-before.txt
	fi
	read_counters "counters-$c-before.txt"
	cat "$ES_INFO" >"$JC_OUT/es-$c-start.txt"
	echo "$HIST" >"$EVENT/trigger" || jc_fail "cannot add '$HIST' to $EVENT/trigger"
	echo "$HIST_TIME" >>"$EVENT/trigger" || jc_fail "cannot add '$HIST_TIME' to $EVENT/trigger"

	start_reclaimers
	start_memory_log "$c"
	jc_step "case $c: fio for at most $RUNTIME s in $AVAIL_MIB MiB, $RECLAIMERS reclaimers"
	jc_run "fio-$c.log" fio --output-format=json --output="$JC_OUT/fio-$c.json" \
		"$JC_OUT/fio-$c.job"
	stop_reclaimers

	cat "$ES_INFO" >"$JC_OUT/es-$c-end.txt"
	cat "$EVENT/hist" >"$JC_OUT/es-shrink-hist-$c.txt"
	echo "!$HIST" >"$EVENT/trigger" || jc_fail "cannot remove '$HIST' from $EVENT/trigger"
	echo "!$HIST_TIME" >>"$EVENT/trigger" || jc_fail "cannot remove '$HIST_TIME' from $EVENT/trigger"
	read_counters "counters-$c-after.txt"
	jc_step "case $c: remove the files and unmount"
	umount_fs
}

# On any exit, a failure included, the reclaimers stop and the pinned
# memory is given back: init's pipe to the console stays open while a
# reclaimer lives, and archiving the results needs memory.
release()
{
	stop_reclaimers
	if grep -q " $PIN tmpfs " /proc/mounts; then
		umount "$PIN" || :
	fi
	if [ -n "$huge_before" ]; then
		echo "$huge_before" >"$HUGE_POOL" || :
	fi
	restore_vm
}
reclaimers=
trap release EXIT

jc_step "pin all but $AVAIL_MIB MiB of the memory"
pin_memory
run_case a
run_case b
run_case c

# The counters live in the superblock, so they restart at every mount: each
# one's increase over the benchmark is the sum of the three cases' increases.
for name in $COUNTERS; do
	total=0
	for c in a b c; do
		before=$(sed -n "s/^$name //p" "$JC_OUT/counters-$c-before.txt")
		after=$(sed -n "s/^$name //p" "$JC_OUT/counters-$c-after.txt")
		total=$((total + after - before))
	done
	first=$(sed -n "s/^$name //p" "$JC_OUT/counters-before.txt")
	echo "$name $((first + total))" >>"$JC_OUT/counters-after.txt"
done
