#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# host-run-checks.sh: host-run inside the guest, against the guest's scratch
# disks, for the kernel suite (tests/kernel/host-run.test.ts). /init runs it
# when the kernel command line has jc.mode=host-run. The test picks two labs
# from the registry and names them on the command line: the guest's own
# (jc.lab=), booted with two disks, so /dev/vdb holds ext4 and /dev/vdc
# btrfs, and the lab host-run is run for (jc.host-run-lab=), which formats
# one disk.
#
# Each case runs host-run once and leaves in $JC_OUT/host-run/:
#   CASE.txt   host-run's output, then "rc=N"
#   CASE.sums  md5sum of the first MiB of vdb and vdc, before and after
#              (a refusal must leave both as they were)
# The last case is a real run of the host-run lab's quick profile, "before",
# on /dev/vdb; its run directory is under $JC_OUT/host-run/results/.

HR=/usr/lib/journalclub/host-run
OUT=${JC_OUT:-/out}/host-run
FX=/tmp/host-run-fixtures

mkdir -p "$OUT" "$FX"

two= lab=
for word in $(cat /proc/cmdline); do
	case $word in
	jc.lab=*) two=${word#jc.lab=} ;;
	jc.host-run-lab=*) lab=${word#jc.host-run-lab=} ;;
	esac
done
if [ -z "$two" ] || [ -z "$lab" ]; then
	echo "host-run-checks: the kernel command line names no jc.lab= (the guest's lab, two disks) or no jc.host-run-lab= (the lab host-run runs)" |
		tee "$OUT/labs.txt"
	exit 1
fi
echo "guest $two, host-run $lab" >"$OUT/labs.txt"

sums()
{
	sync
	for d in /dev/vdb /dev/vdc; do
		echo "$d $(dd if="$d" bs=1M count=1 2>/dev/null | md5sum | cut -d ' ' -f 1)"
	done
}

# case NAME [VAR=VALUE]... -- ARG...
case_()
{
	local name rc

	name=$1
	shift
	echo "journalclub: step: host-run case $name"
	sums >"$OUT/$name.sums"
	rc=0
	env "$@" >"$OUT/$name.txt" 2>&1 || rc=$?
	echo "rc=$rc" >>"$OUT/$name.txt"
	sums >>"$OUT/$name.sums"
	tail -n 3 "$OUT/$name.txt"
}

# a proc root with the real files, the lab switch left out
mkdir -p "$FX/noswitch/proc/self"
cp /proc/self/mountinfo /proc/mounts /proc/swaps "$FX/noswitch/proc/"
mv "$FX/noswitch/proc/mountinfo" "$FX/noswitch/proc/self/"
ln -s /sys "$FX/noswitch/sys"

# one that says / is on /dev/vdb, with the labs' switches that host-run
# looks for (those of bench/*/switches under proc/, not per device)
vdb=$(cat /sys/class/block/vdb/dev)
mkdir -p "$FX/root/proc/self" "$FX/root/proc/sys"
for sw in $(awk '$2 ~ /^proc\// && $2 !~ /<dev>/ { print $2 }' "$(dirname "$HR")"/bench/*/switches | sort -u); do
	mkdir -p "$FX/root/${sw%/*}"
	: >"$FX/root/$sw"
done
{
	cat /proc/self/mountinfo
	echo "99 1 $vdb / / rw,relatime - ext4 /dev/vdb rw"
} >"$FX/root/proc/self/mountinfo"
cp /proc/mounts /proc/swaps /proc/cpuinfo "$FX/root/proc/"
ln -s /sys "$FX/root/sys"

# a sys tree where device mapper's dm-0 holds vdb
S=$FX/holder/sys
mkdir -p "$FX/holder/proc" "$S/dev/block" "$S/class/block" "$S/devices/virtual/block/vdb/holders" \
	"$S/devices/virtual/block/dm-0"
cp -a "$FX/root/proc/sys" "$FX/holder/proc/"
mkdir -p "$FX/holder/proc/self"
cp /proc/self/mountinfo "$FX/holder/proc/self/"
cp /proc/mounts /proc/swaps /proc/cpuinfo "$FX/holder/proc/"
cat /sys/class/block/vdb/size >"$S/devices/virtual/block/vdb/size"
echo "$vdb" >"$S/devices/virtual/block/vdb/dev"
echo 253:0 >"$S/devices/virtual/block/dm-0/dev"
ln -s ../../dm-0 "$S/devices/virtual/block/vdb/holders/dm-0"
ln -s ../../devices/virtual/block/vdb "$S/dev/block/$vdb"
ln -s ../../devices/virtual/block/vdb "$S/class/block/vdb"
ln -s ../../devices/virtual/block/dm-0 "$S/class/block/dm-0"

: >"$FX/not-a-device"

case_ no-switches JC_SYSROOT="$FX/noswitch" "$HR" "$lab" after --device /dev/vdb --wipe /dev/vdb
case_ missing "$HR" "$lab" after --device /dev/nothing-here
case_ not-block "$HR" "$lab" after --device "$FX/not-a-device"
case_ root-disk JC_SYSROOT="$FX/root" "$HR" "$lab" after --device /dev/vdb --wipe /dev/vdb
case_ holder JC_SYSROOT="$FX/holder" "$HR" "$lab" after --device /dev/vdb --wipe /dev/vdb
case_ two-disks "$HR" "$two" after --device /dev/vdb --wipe /dev/vdb
case_ same-disk "$HR" "$two" after --device /dev/vdb --device /dev/vdb --wipe /dev/vdb
case_ fs-no-wipe "$HR" "$lab" after --device /dev/vdb
case_ wipe-other "$HR" "$lab" after --device /dev/vdb --wipe /dev/vdc

mkdir -p /mnt/host-run-check
# read-only: a file system mounted for writing stamps its super block on
# its own, which the sums would blame on host-run
mount -t ext4 -o ro /dev/vdb /mnt/host-run-check
case_ mounted "$HR" "$lab" after --device /dev/vdb --wipe /dev/vdb
umount /mnt/host-run-check

# swap: the kernel has CONFIG_SWAP when swapon works
if mkswap /dev/vdc >/dev/null && swapon /dev/vdc; then
	case_ swap "$HR" "$lab" after --device /dev/vdc --wipe /dev/vdc
	swapoff /dev/vdc
else
	echo "swapon /dev/vdc failed: no CONFIG_SWAP?" >"$OUT/swap.skipped"
fi

# a DOS partition table on vdc: one partition from sector 2048, 300 MiB
# (614400 sectors), type 83; the kernel reads it again at once
{
	dd if=/dev/zero bs=446 count=1 2>/dev/null
	printf '\000\000\000\000\203\000\000\000\000\010\000\000\000\140\011\000'
	dd if=/dev/zero bs=48 count=1 2>/dev/null
	printf '\125\252'
} >"$FX/mbr"
dd if="$FX/mbr" of=/dev/vdc bs=512 count=1 conv=notrunc 2>/dev/null
blockdev --rereadpt /dev/vdc
/usr/sbin/mke2fs -t ext4 -F -q /dev/vdc1
mount -t ext4 -o ro /dev/vdc1 /mnt/host-run-check
case_ partition-mounted "$HR" "$lab" after --device /dev/vdc --wipe /dev/vdc
umount /mnt/host-run-check
case_ partition-table "$HR" "$lab" after --device /dev/vdc

case_ dry-run "$HR" "$lab" before --device /dev/vdb --wipe /dev/vdb --dry-run
case_ real "$HR" "$lab" before --device /dev/vdb --wipe /dev/vdb --out "$OUT/results"
