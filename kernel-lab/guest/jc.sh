# SPDX-License-Identifier: GPL-2.0-only
# jc.sh: the helpers every guest script shares (busybox sh).
#
# /init sources it, and runs each /bench/<lab>/run.sh with it already
# sourced and under `set -eu` (a run.sh may source it again: that is
# harmless). The run script finds:
#
#   JC_LAB, JC_VARIANT (before|after), JC_PROFILE (quick|paper)
#   JC_OUT    where its results go (/out, a tmpfs): every file there reaches
#             the host as raw/<file>
#   JC_DISK   the lab's first test disk (/dev/vdb), JC_DISK2 its second
#   JC_DEV    the first disk's name (vdb), for /sys/fs/ext4/<dev> and
#             /proc/fs/ext4/<dev>
#
# and these helpers:
#
#   jc_step MSG...              "journalclub: step: MSG" on the console
#   jc_fail WHAT...             record the failure (raw/status becomes
#                               "failed: WHAT") and end the script
#   jc_switch NAME PATH VALUE   set a runtime switch, read it back, add
#                               "NAME VALUE" to switches.txt
#   jc_counters FILE NAME PATH [NAME PATH]...
#                               add "NAME VALUE" lines to FILE (relative
#                               names are under JC_OUT)
#   jc_param KEY VALUE          add "KEY=VALUE" to parameters.txt
#   jc_scaled SENTENCE...       add one scale-down sentence to scaled.txt
#   jc_run FILE CMD [ARG]...    run CMD, its stdout and stderr in FILE under
#                               JC_OUT; on failure show its last lines and
#                               jc_fail naming CMD and its exit status

: "${JC_OUT:=/out}"

jc_step()
{
	echo "journalclub: step: $*"
}

jc_fail()
{
	echo "journalclub: failed: $*" >&2
	# the first failure is the one reported; later ones follow from it
	[ -s "$JC_OUT/failed" ] || printf '%s\n' "$*" >"$JC_OUT/failed"
	exit 1
}

jc_switch()
{
	local name path value got

	[ $# -eq 3 ] || jc_fail "jc_switch needs NAME PATH VALUE, got: $*"
	name=$1 path=$2 value=$3
	[ -e "$path" ] || jc_fail "switch $name not found at $path: is this the journalclub kernel?"
	echo "$value" 2>/dev/null >"$path" || jc_fail "switch $name: cannot write $value to $path"
	got=$(cat "$path") || jc_fail "switch $name: cannot read $path"
	[ "$got" = "$value" ] || jc_fail "switch $name reads back '$got' after writing $value to $path"
	echo "$name $value" >>"$JC_OUT/switches.txt"
}

jc_counters()
{
	local file value

	[ $# -ge 3 ] || jc_fail "jc_counters needs FILE NAME PATH [NAME PATH]..., got: $*"
	case $1 in
	/*) file=$1 ;;
	*) file=$JC_OUT/$1 ;;
	esac
	shift
	while [ $# -gt 0 ]; do
		[ $# -ge 2 ] || jc_fail "jc_counters: counter $1 has no PATH"
		[ -e "$2" ] || jc_fail "counter $1 not found at $2: is this the journalclub kernel?"
		value=$(cat "$2") || jc_fail "counter $1: cannot read $2"
		echo "$1 $value" >>"$file"
		shift 2
	done
}

jc_param()
{
	[ $# -eq 2 ] || jc_fail "jc_param needs KEY VALUE, got: $*"
	echo "$1=$2" >>"$JC_OUT/parameters.txt"
}

jc_scaled()
{
	[ $# -ge 1 ] || jc_fail "jc_scaled needs a sentence"
	echo "$*" >>"$JC_OUT/scaled.txt"
}

jc_run()
{
	local file rc

	[ $# -ge 2 ] || jc_fail "jc_run needs FILE CMD [ARG]..., got: $*"
	file=$1
	shift
	command -v "$1" >/dev/null 2>&1 ||
		jc_fail "$1 is not in this image: the benchmark cannot run without it (rebuild the image with journalclub kernel image)"
	rc=0
	"$@" >"$JC_OUT/$file" 2>&1 || rc=$?
	if [ $rc -ne 0 ]; then
		tail -n 20 "$JC_OUT/$file" >&2
		jc_fail "$1 exited with status $rc (its output is in $file)"
	fi
}
