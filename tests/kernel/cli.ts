/**
 * What the kernel suite's tests share: `journalclub` spawned as a student
 * runs it, a failure's output for an assertion message, and a QEMU that
 * boots the real one with one more word on the kernel command line (how the
 * suite reaches the guest's test modes: jc.mode=, jc.fault=).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../cli/kernel/paths';

export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

export const CLI = [join(REPO_ROOT, 'bin', 'journalclub.mjs')];

export function journalclub(args: string[], timeoutS: number, env: NodeJS.ProcessEnv = {}): Ran {
  const r = spawnSync(process.execPath, [...CLI, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: timeoutS * 1000,
    maxBuffer: 64 << 20,
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A run's status and the ends of its output, for an assertion's message. */
export const said = (r: Ran): string => `exit ${r.status}\n${r.stdout.slice(-1500)}\n${r.stderr.slice(-2500)}`;

/**
 * qemuAppending - write, at @path, a qemu-system-x86_64 that runs the real
 * one with @word added to its -append (the kernel command line); for QEMU=.
 */
export function qemuAppending(path: string, word: string): string {
  writeFileSync(
    path,
    `#!/bin/sh
n=$#
prev=
while [ $n -gt 0 ]; do
	a=$1
	shift
	[ "$prev" = -append ] && a="$a ${word}"
	set -- "$@" "$a"
	prev=$a
	n=$((n - 1))
done
exec qemu-system-x86_64 "$@"
`,
  );
  chmodSync(path, 0o755);
  return path;
}
