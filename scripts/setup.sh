#!/usr/bin/env bash
# Installs what journalclub needs and does not find: the Debian packages of
# the groups asked for (as root; otherwise it prints the command to run),
# then node_modules. Safe to run again: it does nothing when all is there.
#
#   scripts/setup.sh [GROUP...] [--no-node]
#                                        install the groups' Debian packages (every group's when
#                                        none is named), then node_modules (not with --no-node)
#   scripts/setup.sh --node              node_modules only
#   scripts/setup.sh --list [GROUP...]   print the groups' Debian packages on one line and stop
#   scripts/setup.sh --missing [GROUP...]
#                                        print those of them not installed, on one line, and stop
#
# GROUP is --serve, --test, --fuzz or --kernel (the leading dashes may be left out):
#   serve   what `npm start` needs to build the WASM simulator and serve the labs
#   test    the native simulator, the C tests and the browser tests (npm test)
#   fuzz    the simulator's libFuzzer targets (npm test's fuzz suite)
#   kernel  the kernel lab: the lab kernel, the guest image, QEMU and the guest
#           benchmarks (journalclub lab ..., npm test's kernel suite); the
#           kernel lab's commands ask for this group themselves when first used
set -euo pipefail
cd "$(dirname "$0")/.."

GROUPS_ALL=(serve test fuzz kernel)
declare -A PACKAGES COMMANDS
# make and emscripten's emcc: the WASM build (make -C wasm-core wasm); the
# exercise page's compiler (@yowasp/clang) and Vite come with node_modules
PACKAGES[serve]="make emscripten"
COMMANDS[serve]="make emcc"
# build-essential: the native simulator, the C tests and the exercise
# checker; libcmocka-dev: the C tests; chromium + fonts-liberation: browser tests
PACKAGES[test]="build-essential libcmocka-dev chromium fonts-liberation"
COMMANDS[test]="cc chromium"
# clang-14 + libclang-rt-14-dev: libFuzzer and the sanitizer runtimes
PACKAGES[fuzz]="clang-14 libclang-rt-14-dev"
COMMANDS[fuzz]="clang-14"
# the guest image and disks (journalclub kernel image) and its runs
# (kernel-lab/guest/run-qemu.sh); the lab kernel (journalclub kernel build):
# Debian's linux-source-6.12 is fetched with apt-get download, these build
# it, ccache rebuilds it in about a minute; the lab kernel for a real machine
# (journalclub kernel build --target host): make bindeb-pkg's packaging, module
# tools and signing
PACKAGES[kernel]="busybox-static fio fsmark dbench e2fsprogs btrfs-progs cpio qemu-system-x86
	make gcc flex bison bc libelf-dev patch xz-utils ccache
	dpkg-dev debhelper rsync kmod libssl-dev"
COMMANDS[kernel]="qemu-system-x86_64 gcc make flex bison bc"

usage() {
	echo "setup: $1; usage: scripts/setup.sh [--list | --missing] [--serve] [--test] [--fuzz] [--kernel] [--no-node | --node]" >&2
	exit 2
}

mode=install
groups=()
node=yes
for arg in "$@"; do
	case $arg in
	--list) mode=list ;;
	--missing) mode=missing ;;
	--no-node) node=no ;;
	--node) mode=node ;;
	--serve | serve | --test | test | --fuzz | fuzz | --kernel | kernel) groups+=("${arg#--}") ;;
	*) usage "unknown argument '${arg:0:40}' (groups: ${GROUPS_ALL[*]})" ;;
	esac
done
((${#groups[@]} > 0)) || groups=("${GROUPS_ALL[@]}")
[[ $mode != node || ($# -eq 1) ]] || usage "--node installs node_modules only: it takes no other argument"

# the groups' packages, each once, in the order named
packages=()
declare -A seen
for g in "${groups[@]}"; do
	for pkg in ${PACKAGES[$g]}; do
		[[ -n ${seen[$pkg]:-} ]] || packages+=("$pkg")
		seen[$pkg]=1
	done
done

if [[ $mode == list ]]; then
	echo "${packages[*]}"
	exit 0
fi

missing=()
if [[ $mode == node ]]; then
	: # node_modules only
elif command -v dpkg-query >/dev/null; then
	# one query for them all: "name status" a line, nothing for a package dpkg never saw
	declare -A installed
	while read -r name status; do
		[[ $status == installed ]] && installed[$name]=1
	done < <(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${packages[@]}" 2>/dev/null || true)
	for pkg in "${packages[@]}"; do
		[[ -n ${installed[$pkg]:-} ]] || missing+=("$pkg")
	done
elif [[ $mode == missing ]]; then
	echo "setup: no dpkg here to ask which packages are installed; on Debian 12 (bookworm) they are: ${packages[*]}" >&2
	exit 1
else
	echo "setup: no dpkg here; journalclub is set up on Debian 12 (bookworm) with: ${packages[*]}" >&2
	for g in "${groups[@]}"; do
		for cmd in ${COMMANDS[$g]}; do
			command -v "$cmd" >/dev/null || { echo "setup: '$cmd' not found" >&2; exit 1; }
		done
	done
fi

if [[ $mode == missing ]]; then
	echo "${missing[*]}"
	exit 0
fi

if ((${#missing[@]} > 0)); then
	if [[ $(id -u) -ne 0 ]]; then
		echo "setup: missing Debian packages; install them with:" >&2
		echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
		exit 1
	fi
	echo "setup: installing ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q
	apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [[ $node == yes && ! -d node_modules ]]; then
	if [[ -f package-lock.json ]]; then
		echo "setup: npm ci"
		npm ci --no-audit --no-fund
	else
		echo "setup: npm install"
		npm install --no-audit --no-fund
	fi
fi
