#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run-qemu.sh: boot one kernel-lab run in QEMU and collect its results.
#
# The one script that boots a lab, for `journalclub kernel run` and for the
# downloadable bundle alike, so it needs nothing but a POSIX sh, coreutils,
# tar and qemu-system-x86_64.
#
#   run-qemu.sh --kernel F --initrd F --images DIR --lab LAB
#               --variant before|after --profile quick|paper
#               --smp N --mem MIB --out OUTDIR
#               [--timeout SECONDS] [--accel auto|kvm|tcg] [--bench DIR]
#               [--keep-disks]
#
# It copies the lab's clean disks (named in its disks file, for every
# profile or on a line "PROFILE: NAMES" for one, found in --images as
# NAME.img) for this run, makes a 64 MiB results disk, appends the tool
# archives the lab names in its tools file (initramfs-NAME.cpio beside
# --initrd) to the initramfs, boots with a timeout, and leaves in OUTDIR:
#   console.log   the guest's serial console
#   accel         kvm or tcg; accel_reason, why
#   qemu.txt      QEMU's version and the full command line
#   wall_s        wall time of the boot, QEMU's start to its exit (power-off)
#   init_s        QEMU's start to /init's first line on the console
#   bench_start_s QEMU's start to the benchmark's first line on the console
#                 (both seconds, stamped on the host as the lines arrive;
#                 missing when the guest never printed the line)
#   raw/          the guest's /out, from the results disk
#
# Exit status: 0 the guest's status is "ok"; 1 the host cannot run it (no
# QEMU, QEMU could not start the guest, e.g. with a broken KVM, a disk that
# cannot be copied); 2 a bad argument; 3 the benchmark failed in the guest
# (its status is printed); 4 timeout, or QEMU killed midway by a signal
# (logs kept); 5 the guest panicked or left no results (the console's last
# lines are printed).
#
# A lab's disks and tools files are in BENCH/LAB/ (the bundle's bench/) or
# BENCH/LAB/workload/ (the checkout's kernel-lab/labs/, the default BENCH).

set -u

PROG=run-qemu.sh
QEMU=${QEMU:-qemu-system-x86_64}
RESULTS_MIB=64
KVM_PROBE_S=10
NL='
'

usage()
{
	cat <<EOF
usage: $PROG --kernel F --initrd F --images DIR --lab LAB --variant before|after
       --profile quick|paper --smp N --mem MIB --out OUTDIR
       [--timeout SECONDS] [--accel auto|kvm|tcg] [--bench DIR] [--keep-disks]
EOF
}

bad()
{
	echo "$PROG: $*" >&2
	usage >&2
	exit 2
}

# a whole number from $3 to $4, or a usage error naming option $1
check_uint()
{
	case $2 in
	'' | *[!0-9]*) bad "$1 must be a whole number from $3 to $4, got '$2'" ;;
	esac
	# no leading zeros: they would read as octal in $(( ))
	case $2 in
	0?*) bad "$1 must be a whole number from $3 to $4, got '$2'" ;;
	esac
	if [ ${#2} -gt 9 ] || [ "$2" -lt "$3" ] || [ "$2" -gt "$4" ]; then
		bad "$1 must be a whole number from $3 to $4, got '$2'"
	fi
}

check_file()
{
	[ -n "$2" ] || bad "$1 FILE is required"
	[ -f "$2" ] && [ -r "$2" ] || bad "$1 $2: no such readable file"
}

# $1 shell-quoted, for qemu.txt
quote()
{
	case $1 in
	'' | *[!A-Za-z0-9_./=:,+@%-]*) ;;
	*)
		printf '%s' "$1"
		return
		;;
	esac
	q= s=$1
	while :; do
		case $s in
		*\'*)
			q="$q${s%%\'*}'\\''"
			s=${s#*\'}
			;;
		*)
			q=$q$s
			break
			;;
		esac
	done
	printf "'%s'" "$q"
}

now_ns()
{
	date +%s%N
}

# seconds with three decimals from a nanosecond interval
seconds()
{
	ms=$((($2 - $1) / 1000000))
	printf '%d.%03d\n' $((ms / 1000)) $((ms % 1000))
}

kernel= initrd= images= lab= variant= profile= smp= mem= out= timeout_s=
accel=auto keep_disks=0
bench=$(cd "$(dirname "$0")" && pwd)/../labs

while [ $# -gt 0 ]; do
	opt=$1
	case $opt in
	-h | --help)
		usage
		exit 0
		;;
	--keep-disks)
		keep_disks=1
		shift
		continue
		;;
	--*=*)
		val=${opt#*=}
		opt=${opt%%=*}
		shift
		;;
	--*)
		[ $# -ge 2 ] || bad "$opt needs a value"
		val=$2
		shift 2
		;;
	*) bad "unexpected argument '$opt'" ;;
	esac
	case $opt in
	--kernel) kernel=$val ;;
	--initrd) initrd=$val ;;
	--images) images=$val ;;
	--lab) lab=$val ;;
	--variant) variant=$val ;;
	--profile) profile=$val ;;
	--smp) smp=$val ;;
	--mem) mem=$val ;;
	--out) out=$val ;;
	--timeout) timeout_s=$val ;;
	--accel) accel=$val ;;
	--bench) bench=$val ;;
	*) bad "unknown option '$opt'" ;;
	esac
done

check_file --kernel "$kernel"
check_file --initrd "$initrd"
[ -n "$images" ] || bad "--images DIR is required (the clean disk images, NAME.img)"
[ -d "$images" ] || bad "--images $images: no such directory"
[ -d "$bench" ] || bad "--bench $bench: no such directory (it holds LAB/disks or LAB/workload/disks for every lab)"
labs=
for f in "$bench"/*/disks "$bench"/*/workload/disks; do
	[ -f "$f" ] || continue
	d=${f%/disks}
	d=${d%/workload}
	labs="$labs${labs:+, }${d##*/}"
done
[ -n "$lab" ] || bad "--lab LAB is required (labs: ${labs:-none in $bench})"
case $lab in
*[!a-z0-9-]* | -*) bad "--lab '$lab' is not a lab name (labs: ${labs:-none in $bench})" ;;
esac
wl=$bench/$lab
[ -f "$wl/disks" ] || wl=$wl/workload
[ -f "$wl/disks" ] || bad "--lab $lab: no $bench/$lab/disks or $wl/disks (labs: ${labs:-none in $bench})"
case $variant in
before | after) ;;
'') bad "--variant before|after is required" ;;
*) bad "--variant must be before or after, got '$variant'" ;;
esac
case $profile in
quick) : "${timeout_s:=120}" ;;
paper) : "${timeout_s:=3600}" ;;
'') bad "--profile quick|paper is required" ;;
*) bad "--profile must be quick or paper, got '$profile'" ;;
esac
[ -n "$smp" ] || bad "--smp N is required (1 to 64)"
check_uint --smp "$smp" 1 64
# the initramfs (about 120 MiB) is in memory twice while the kernel unpacks it
[ -n "$mem" ] || bad "--mem MIB is required (512 to 65536)"
check_uint --mem "$mem" 512 65536
check_uint --timeout "$timeout_s" 1 86400
case $accel in
auto | kvm | tcg) ;;
*) bad "--accel must be auto, kvm or tcg, got '$accel'" ;;
esac
[ -n "$out" ] || bad "--out OUTDIR is required"
case $out in
*,*) bad "--out $out: QEMU's -drive cannot take a path with a comma" ;;
esac

# the disks file: a line of disks for every profile, and optionally a line
# "quick: DISKS" or "paper: DISKS" for one profile
disk_line= profile_line=
while IFS= read -r line || [ -n "$line" ]; do
	case $line in
	'') ;;
	"$profile:"*) profile_line=${line#*:} ;;
	quick:* | paper:*) ;;
	*:*) bad "$wl/disks: '$line' starts with no profile; a line for one profile starts 'quick:' or 'paper:'" ;;
	*)
		[ -z "$disk_line" ] || bad "$wl/disks has two lines of disks for every profile"
		disk_line=$line
		;;
	esac
done <"$wl/disks"
[ -n "$profile_line" ] && disk_line=$profile_line
set -f
# shellcheck disable=SC2086 # the disks file is a list of words
set -- $disk_line
set +f
[ $# -ge 1 ] && [ $# -le 2 ] || bad "$wl/disks must name one or two disks, got '$disk_line'"
for name in "$@"; do
	case $name in
	*[!a-z0-9-]*) bad "$wl/disks names '$name', which is not a disk image name" ;;
	esac
	[ -f "$images/$name.img" ] || bad "--images $images has no $name.img, which $lab needs (see $wl/disks)"
done
disks="$*"

# the tool archives: one line of names in the optional tools file, each
# initramfs-NAME.cpio beside the base initramfs
tools=
if [ -f "$wl/tools" ]; then
	while IFS= read -r line || [ -n "$line" ]; do
		[ -n "$line" ] || continue
		[ -z "$tools" ] || bad "$wl/tools must be one line of tool archive names"
		tools=$line
	done <"$wl/tools"
fi
initrd_dir=$(dirname "$initrd")
set -f
# shellcheck disable=SC2086 # the tools file is a list of words
set -- $tools
set +f
for name in "$@"; do
	case $name in
	*[!a-z0-9-]* | -*) bad "$wl/tools names '$name', which is not a tool archive name" ;;
	esac
	[ -f "$initrd_dir/initramfs-$name.cpio" ] ||
		bad "no $initrd_dir/initramfs-$name.cpio beside --initrd, which $lab needs (see $wl/tools)"
done
tools="$*"

command -v "$QEMU" >/dev/null 2>&1 || {
	echo "$PROG: $QEMU not found: install QEMU (Debian package qemu-system-x86)" >&2
	exit 1
}

mkdir -p "$out" || {
	echo "$PROG: cannot create --out $out" >&2
	exit 1
}
out=$(cd "$out" && pwd)
work=$out/work
rm -rf "$out/raw" "$work"
rm -f "$out/console.log" "$out/accel" "$out/accel_reason" "$out/qemu.txt" "$out/qemu.err" "$out/wall_s" \
	"$out/init_s" "$out/bench_start_s"
mkdir -p "$out/raw" "$work"

cleanup()
{
	if [ "$keep_disks" = 1 ]; then
		return
	fi
	rm -rf "$work"
}

finish()
{
	cleanup
	echo "$PROG: logs in $out (console.log, qemu.txt, raw/)" >&2
	exit "$1"
}

trap 'echo "$PROG: interrupted" >&2; finish 130' INT TERM

# KVM only when a probe says it works; the reason is kept either way.
probe_kvm()
{
	if [ ! -e /dev/kvm ]; then
		reason="/dev/kvm is missing"
		return 1
	fi
	if [ ! -r /dev/kvm ] || [ ! -w /dev/kvm ]; then
		reason="/dev/kvm is not readable and writable by this user"
		return 1
	fi
	case "$(cat /proc/cpuinfo 2>/dev/null)" in
	*" vmx "* | *" vmx$NL"* | *" svm "* | *" svm$NL"*) ;;
	*)
		reason="/dev/kvm exists but the CPU shows no vmx or svm flag in /proc/cpuinfo, so KVM guests cannot run"
		return 1
		;;
	esac
	# the kernel alone, no initrd: it panics at once for want of a root
	# file system, which under a working KVM takes a second or two
	t0=$(now_ns)
	timeout -k 2 "$KVM_PROBE_S" "$QEMU" -machine pc -accel kvm -cpu max -smp 1 -m 256 \
		-display none -monitor none -no-reboot -net none \
		-serial "file:$work/kvm-probe.log" -kernel "$kernel" \
		-append "console=ttyS0 panic=-1" </dev/null >/dev/null 2>"$work/kvm-probe.err"
	rc=$?
	t1=$(now_ns)
	if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
		reason="a KVM probe boot timed out after $KVM_PROBE_S s"
		return 1
	fi
	case "$(cat "$work/kvm-probe.log" 2>/dev/null)" in
	*"Linux version"*)
		reason="a KVM probe boot reached the kernel in $(seconds "$t0" "$t1") s"
		return 0
		;;
	esac
	read -r why <"$work/kvm-probe.err" || why="no output"
	reason="a KVM probe boot failed (QEMU exit $rc: $why)"
	return 1
}

case $accel in
kvm) chosen=kvm reason="asked for with --accel kvm" ;;
tcg) chosen=tcg reason="asked for with --accel tcg" ;;
auto)
	if probe_kvm; then
		chosen=kvm
	else
		chosen=tcg
	fi
	;;
esac
echo "$chosen" >"$out/accel"
echo "$reason" >"$out/accel_reason"
echo "$PROG: accelerator $chosen: $reason" >&2

# the initramfs: the base, then the lab's tool archives, which the kernel
# unpacks after it
boot_initrd=$initrd
if [ -n "$tools" ]; then
	boot_initrd=$work/initramfs.cpio
	cp "$initrd" "$boot_initrd" || finish 1
	for name in $tools; do
		cat "$initrd_dir/initramfs-$name.cpio" >>"$boot_initrd" || finish 1
	done
fi

# the disks, in the guest's order: vda results, vdb and vdc the lab's
truncate -s "${RESULTS_MIB}M" "$work/results.img" || finish 1
drives="-drive file=$work/results.img,format=raw,if=virtio"
for name in $disks; do
	if ! cp --sparse=always "$images/$name.img" "$work/$name.img"; then
		echo "$PROG: cannot copy $images/$name.img to $work" >&2
		finish 1
	fi
	drives="$drives -drive file=$work/$name.img,format=raw,if=virtio"
done

if [ "$chosen" = kvm ]; then
	accel_opt=kvm
else
	accel_opt=tcg,thread=multi
fi
# the serial console goes both to our stdout and to console.log
set -f
# shellcheck disable=SC2086 # $drives is a list of words without blanks
# -nodefaults: no VGA card (and so no VGA BIOS to run), floppy, CD-ROM or
# parallel port, which the guest does not use and the boot would probe.
# no_timer_check: the IO-APIC timer is not tested against the PIT at boot.
# acpi=noirq: PCI interrupts are routed by the BIOS's PIRQ table, not by
# ACPI's link devices, whose AML methods took about 100 ms a virtio disk
# under TCG (the probe of each: 3 ms with the table); ACPI keeps the rest
# (CPUs, power-off).
set -- "$QEMU" -nodefaults -machine pc -accel "$accel_opt" -cpu max -smp "$smp" -m "$mem" \
	-display none -monitor none -no-reboot -net none \
	-chardev "stdio,id=console,signal=off,logfile=$out/console.log" -serial chardev:console \
	-kernel "$kernel" -initrd "$boot_initrd" \
	-append "console=ttyS0 panic=-1 quiet no_timer_check acpi=noirq jc.lab=$lab jc.variant=$variant jc.profile=$profile" \
	$drives
set +f

{
	"$QEMU" --version | head -n 1
	for arg in "$@"; do
		printf '%s ' "$(quote "$arg")"
	done
	echo
} >"$out/qemu.txt"

# Stamp the console lines that mark the boot's stages as they arrive: /init's
# first line ("journalclub: step: LAB, VARIANT, PROFILE profile, ...") and
# the line after it, the benchmark's first. Only those two lines cost a
# date(1); after them the console is passed on by cat.
stamp_console()
{
	mark="journalclub: step: $lab, $variant, $profile profile,"
	seen_init=0
	while IFS= read -r line || [ -n "$line" ]; do
		printf '%s\n' "$line"
		if [ $seen_init = 0 ]; then
			case $line in
			*"$mark"*)
				seconds "$t0" "$(now_ns)" >"$out/init_s"
				seen_init=1
				;;
			esac
		else
			seconds "$t0" "$(now_ns)" >"$out/bench_start_s"
			exec cat
		fi
	done
}

echo "$PROG: booting $lab ($variant, $profile) with $smp vCPUs, $mem MiB, timeout $timeout_s s" >&2
t0=$(now_ns)
# a pipeline's status is its last command's in POSIX sh: QEMU's goes in a file
{
	timeout -k 10 "$timeout_s" "$@" </dev/null 2>"$out/qemu.err"
	echo $? >"$work/qemu.rc"
} | stamp_console
t1=$(now_ns)
read -r rc <"$work/qemu.rc" || rc=1
seconds "$t0" "$t1" >"$out/wall_s"
[ -s "$out/qemu.err" ] && cat "$out/qemu.err" >&2

last_lines()
{
	if [ ! -s "$out/console.log" ]; then
		echo "$PROG: the guest wrote nothing on its console" >&2
		return
	fi
	echo "--- last lines of $out/console.log ---" >&2
	tail -n "$1" "$out/console.log" >&2
	echo "---" >&2
}

elapsed_s=$((($t1 - $t0) / 1000000000))
if [ $rc -gt 128 ] && { [ $rc -ne 137 ] || [ $elapsed_s -lt "$timeout_s" ]; }; then
	# not our timeout's kill: someone else's signal ended QEMU midway
	echo "$PROG: QEMU was killed by signal $((rc - 128)) after $elapsed_s s, before the guest finished" >&2
	last_lines 20
	finish 4
fi
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
	echo "$PROG: the guest did not power off within $timeout_s s: QEMU was killed" >&2
	last_lines 20
	finish 4
fi
if [ $rc -ne 0 ] && [ ! -s "$out/console.log" ]; then
	read -r why <"$out/qemu.err" || why="no message"
	echo "$PROG: QEMU could not start the guest (exit $rc): $why" >&2
	finish 1
fi

tar -xf "$work/results.img" -C "$out/raw" 2>"$work/tar.err"
if [ ! -f "$out/raw/status" ]; then
	case "$(cat "$out/console.log" 2>/dev/null)" in
	*"Kernel panic"*) echo "$PROG: the guest kernel panicked (QEMU exit $rc)" >&2 ;;
	*)
		if [ $rc -ne 0 ]; then
			echo "$PROG: QEMU exited with status $rc and the guest left no results (QEMU's messages are above and in qemu.err)" >&2
		else
			echo "$PROG: the guest left no results on its results disk (QEMU exit $rc)" >&2
		fi
		;;
	esac
	last_lines 30
	finish 5
fi
read -r status <"$out/raw/status" || status=
echo "$PROG: $lab $variant $profile: $status, $(cat "$out/wall_s") s" >&2
if [ "$status" = ok ]; then
	finish 0
fi
finish 3
