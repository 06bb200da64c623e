#!/usr/bin/env bash
# Installs what journalclub needs and does not find: the Debian packages that
# build and test it (as root; otherwise it prints the command to run), then
# node_modules. Safe to run again: it does nothing when all is there.
#   scripts/setup.sh [--list]
set -euo pipefail
cd "$(dirname "$0")/.."

# build-essential: native simulator and C tests; libcmocka-dev: the C tests;
# emscripten: the WASM build; chromium + fonts-liberation: browser tests.
PACKAGES=(build-essential libcmocka-dev emscripten chromium fonts-liberation)
# clang-14 + libclang-rt-14-dev: the simulator's libFuzzer targets (libFuzzer
# and the sanitizer runtimes are in libclang-rt-14-dev)
PACKAGES+=(clang-14 libclang-rt-14-dev)
# the kernel lab's guest image and disks (journalclub kernel image) and its runs
# (kernel-lab/guest/run-qemu.sh)
PACKAGES+=(busybox-static fio fsmark dbench e2fsprogs btrfs-progs cpio qemu-system-x86)
# the lab kernel (journalclub kernel build): Debian's linux-source-6.12 is fetched
# with apt-get download; these build it, ccache rebuilds it in about a minute
PACKAGES+=(make gcc flex bison bc libelf-dev patch xz-utils ccache)
# the lab kernel for a real machine (journalclub kernel build --target host):
# make bindeb-pkg's packaging, module tools and signing
PACKAGES+=(dpkg-dev debhelper rsync kmod libssl-dev)

# --list: print the Debian packages and stop (.ci/run installs them up front)
if [[ ${1:-} == --list ]]; then
	echo "${PACKAGES[*]}"
	exit 0
fi

missing=()
if command -v dpkg-query >/dev/null; then
	for pkg in "${PACKAGES[@]}"; do
		status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)
		[[ $status == installed ]] || missing+=("$pkg")
	done
else
	echo "setup: no dpkg here; journalclub is set up on Debian 12 (bookworm) with: ${PACKAGES[*]}" >&2
	for cmd in cc make emcc chromium; do
		command -v "$cmd" >/dev/null || { echo "setup: '$cmd' not found" >&2; exit 1; }
	done
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

if [[ ! -d node_modules ]]; then
	if [[ -f package-lock.json ]]; then
		echo "setup: npm ci"
		npm ci --no-audit --no-fund
	else
		echo "setup: npm install"
		npm install --no-audit --no-fund
	fi
fi
