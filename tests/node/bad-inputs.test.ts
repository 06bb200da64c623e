/**
 * The catalogue of bad inputs (docs/bad-inputs.md), its command line rows
 * run as a user runs them: each row's arguments, as bytes (through
 * python3's execv, so that invalid UTF-8 reaches journalclub as it would
 * from a shell), its files, run directories and bundles made here. Every
 * refusal is one line on stderr that quotes no long input whole, prints no
 * control character and no stack trace, with the exit status and the words
 * its row names.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it, test } from 'node:test';
import { KERNEL_LAB_SPECS } from '../../kernel-lab/labs.gen';
import {
  BIG_RESULT_BYTES,
  bigResultChunks,
  expectation,
  readCatalogue,
  BASE_LAB,
  REPO,
  RESULT_FILE_NAMES,
  resultFileText,
  SURFACES,
  words,
  type Generated,
  type Row,
  type Word,
} from './bad-inputs';

/** Rows the command line does not refuse yet, each with why; they show as todo until it does. */
const KNOWN_GAPS: Record<string, string> = {};

/** A refusal's message is short: it quotes at most a prefix of a long input. */
const MESSAGE_MAX = 600;

let work: string;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'jc-bad-inputs-'));
});
after(() => {
  rmSync(work, { recursive: true, force: true });
});

let made = 0;
const fresh = (name: string): string => join(work, `${++made}-${name.replace(/[^a-zA-Z0-9. -]+/g, '_')}`);

/* ------------------------------------------------------------ generators of files */

async function resultFile(name: string): Promise<string> {
  if (name === 'missing') return join(work, 'no-such-results.json');
  if (name === 'directory') {
    const d = fresh('a-directory.json');
    mkdirSync(d);
    return d;
  }
  const path = `${fresh(name)}.json`;
  if (name === '100 MB') {
    const out = createWriteStream(path);
    for (const c of bigResultChunks()) if (!out.write(c)) await new Promise<void>((r) => out.once('drain', () => r()));
    await new Promise<void>((r) => out.end(() => r()));
    return path;
  }
  const make = resultFileText(name);
  if (!make) throw new Error(`unknown generator ⟨file: ${name}⟩; known: ${RESULT_FILE_NAMES}, missing, directory, 100 MB`);
  writeFileSync(path, make());
  return path;
}

/** A run directory as a bundle's ./run leaves it, broken as its name says. */
function runDir(name: string): string {
  const dir = fresh('run');
  mkdirSync(join(dir, 'raw'), { recursive: true });
  const plan = (lab: string, variant = 'before') =>
    writeFileSync(join(dir, 'plan.txt'), `lab=${lab}\nvariant=${variant}\nprofile=quick\nsmp=2\nmem_mib=1024\nstarted_at=2026-01-01T00:00:00Z\n`);
  if (name === 'no plan.txt') return dir;
  if (name === 'plan of lab no-such-lab') plan('no-such-lab');
  else if (name === 'plan of variant middle') plan(BASE_LAB, 'middle');
  else if (name === 'plan of smp 1000') {
    writeFileSync(join(dir, 'plan.txt'), `lab=${BASE_LAB}\nvariant=before\nprofile=quick\nsmp=1000\nmem_mib=1024\n`);
  } else if (name === 'no raw/status') plan(BASE_LAB);
  else if (name === 'status failed') {
    plan(BASE_LAB);
    writeFileSync(join(dir, 'raw', 'status'), 'failed: fs_mark exited 1\n');
  } else throw new Error(`unknown generator ⟨run dir: ${name}⟩`);
  return dir;
}

/* ------------------------------------------------------------ bundles */

interface Entry {
  name: string;
  data?: string;
  /** a symlink's target */
  link?: string;
  mode?: number;
}

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

/* the bundle's lab is the catalogue's base lab, with its first switch */
const SWITCH = KERNEL_LAB_SPECS[BASE_LAB].switches[0]!;

/** A small bundle as `kernel package` lays it out: every file verify asks for, with its sums and manifest. */
function bundleEntries(kernel = 'a lab kernel'): Entry[] {
  const files: Entry[] = [
    { name: 'bzImage', data: kernel },
    { name: 'initramfs.cpio.gz', data: 'a guest image' },
    { name: 'run', data: '#!/bin/sh\necho run\n', mode: 0o755 },
    { name: 'run-qemu.sh', data: '#!/bin/sh\necho qemu\n', mode: 0o755 },
    { name: 'host-run', data: '#!/bin/sh\necho host-run\n', mode: 0o755 },
    { name: 'jc.sh', data: '# helpers\n' },
    { name: 'mkfs.conf', data: 'ext4 1073741824 mke2fs @DEV 1048576k\n' },
    { name: 'images/ext4.img', data: 'a clean disk' },
    { name: 'initramfs-fio.cpio', data: 'a tool archive' },
    { name: `bench/${BASE_LAB}/disks`, data: 'ext4\n' },
    { name: `bench/${BASE_LAB}/tools`, data: '\n' },
    { name: `bench/${BASE_LAB}/run.sh`, data: '# the bench\n' },
    { name: `bench/${BASE_LAB}/switches`, data: `${SWITCH.name} ${SWITCH.path.replace(/^\//, '')}\n` },
  ];
  const manifest = {
    schema: 'journalclub.bundle/1',
    created: '2026-01-01T00:00:00Z',
    journalclub: '1.0.0',
    kernel: {
      release: '6.12.0-journalclub',
      source_package: 'linux-source-6.12',
      source_version: '6.12.0-1',
      build_key: 'k',
      config_sha256: sha('config'),
      bzimage_sha256: sha('a lab kernel'),
      fragments: [],
      patches: [{ name: `${BASE_LAB}.patch`, sha256: sha('patch') }],
      compiler: 'gcc',
    },
    image: { key: 'i', initramfs: 'initramfs.cpio.gz', initramfs_sha256: sha('a guest image'), archives: [{ name: 'fio', file: 'initramfs-fio.cpio', sha256: sha('a tool archive') }], disks: [{ name: 'ext4', file: 'images/ext4.img', what: 'a clean disk' }] },
    labs: [BASE_LAB],
    tools: {},
  };
  files.push({ name: 'manifest.json', data: JSON.stringify(manifest) });
  return files;
}

const withSums = (files: Entry[], sumOf: (e: Entry) => string = (e) => sha(e.data!)): Entry[] => [
  ...files,
  { name: 'SHA256SUMS', data: files.map((e) => `${sumOf(e)}  ${e.name}\n`).join('') },
];

/** Write entries under journalclub-kernel-lab/ as a .tar.gz (python's tarfile, which writes any name it is given). */
function tarball(entries: Entry[], raw: { name: string; data?: string; link?: string }[] = []): string {
  const path = `${fresh('bundle')}.tar.gz`;
  const list = [
    ...entries.map((e) => ({ ...e, name: `journalclub-kernel-lab/${e.name}` })),
    ...raw,
  ];
  const py = `
import io, json, sys, tarfile
entries = json.load(sys.stdin)
with tarfile.open(sys.argv[1], 'w:gz', format=tarfile.GNU_FORMAT) as t:
    for e in entries:
        i = tarfile.TarInfo(e['name'])
        if 'link' in e:
            i.type = tarfile.SYMTYPE
            i.linkname = e['link']
            t.addfile(i)
        else:
            data = e['data'].encode()
            i.size = len(data)
            i.mode = e.get('mode', 0o644)
            t.addfile(i, io.BytesIO(data))
`;
  const r = spawnSync('python3', ['-c', py, path], { input: JSON.stringify(list), encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return path;
}

/** Where a `..` member would land if it were extracted outside its directory. */
let escapeName = '';

function bundle(name: string): string {
  const good = bundleEntries();
  switch (name) {
    case 'good':
      return tarball(withSums(good));
    case 'wrong sum':
      return tarball(withSums(good, (e) => (e.name === 'bzImage' ? sha('another kernel') : sha(e.data!))));
    case 'missing file':
      return tarball(withSums(good).filter((e) => e.name !== 'run-qemu.sh'));
    case 'extra file':
      return tarball([...withSums(good), { name: 'notes.txt', data: 'not in the sums' }]);
    case 'no SHA256SUMS':
      return tarball(good);
    case 'manifest of another kernel':
      return tarball(withSums(bundleEntries('another kernel')));
    case 'symlink out of the bundle': {
      /* listed in SHA256SUMS with the sum of what it points to */
      const target = fresh('outside');
      writeFileSync(target, 'outside the bundle');
      const link: Entry = { name: 'images/extra.img', link: target };
      return tarball([...good, link, { name: 'SHA256SUMS', data: [...good.map((e) => `${sha(e.data!)}  ${e.name}\n`), `${sha('outside the bundle')}  images/extra.img\n`].join('') }]);
    }
    case 'SHA256SUMS naming a file outside': {
      /* the extraction's directory is a fresh one in tmpdir(): ../../ from the bundle is tmpdir() itself */
      const outside = join(tmpdir(), `jc-outside-${process.pid}.txt`);
      writeFileSync(outside, 'outside the bundle');
      after(() => rmSync(outside, { force: true }));
      return tarball(withSums([...good]).map((e) => (e.name === 'SHA256SUMS' ? { ...e, data: `${e.data}${sha('outside the bundle')}  ../../jc-outside-${process.pid}.txt\n` } : e)));
    }
    case 'malformed SHA256SUMS':
      return tarball(withSums(good).map((e) => (e.name === 'SHA256SUMS' ? { ...e, data: `not a sum line\n${e.data}` } : e)));
    case 'unlisted symlink':
      return tarball([...withSums(good), { name: 'images/extra.img', link: '/etc/hostname' }]);
    case '.. path':
      escapeName = `jc-escape-${process.pid}-${made}.txt`;
      return tarball(withSums(good), [{ name: `journalclub-kernel-lab/../../${escapeName}`, data: 'escaped' }]);
    case 'absolute path':
      return tarball(withSums(good), [{ name: `/tmp/jc-absolute-${process.pid}.txt`, data: 'absolute' }]);
    case 'not a tarball': {
      const p = `${fresh('garbage')}.tar.gz`;
      writeFileSync(p, 'not gzip at all');
      return p;
    }
    default:
      throw new Error(`unknown generator ⟨bundle: ${name}⟩`);
  }
}

/* ------------------------------------------------------------ running a row */

async function argBytes(word: Word): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (const p of word) {
    if (Buffer.isBuffer(p)) parts.push(p);
    else {
      const g = p as Generated;
      const path = g.kind === 'file' ? await resultFile(g.name) : g.kind === 'run dir' ? runDir(g.name) : g.kind === 'bundle' ? bundle(g.name) : null;
      if (path === null) throw new Error(`unknown generator kind ⟨${g.kind}: ${g.name}⟩ (file, run dir, bundle)`);
      parts.push(Buffer.from(path));
    }
  }
  return Buffer.concat(parts);
}

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Run `journalclub <args>` with the arguments as bytes, as a shell passes them. */
function runBytes(args: Buffer[]): Promise<Ran> {
  const argv = [Buffer.from(process.execPath), Buffer.from(join(REPO, 'bin', 'journalclub.mjs')), ...args];
  for (const a of argv) if (a.includes(0)) throw new Error('an argument cannot hold a NUL byte');
  return new Promise((resolve, reject) => {
    const child = spawn('python3', ['-c', 'import os,sys; a=sys.stdin.buffer.read().split(b"\\0"); os.execv(a[0], a)'], { cwd: REPO });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
    child.stdin.end(Buffer.concat(argv.flatMap((a, i) => (i ? [Buffer.from([0]), a] : [a]))));
  });
}

async function runRow(row: Row): Promise<void> {
  const ws = words(row.input);
  assert.equal(Buffer.concat(ws[0] as Buffer[]).toString(), 'journalclub', `${row.id}: an input starts with journalclub`);
  const e = expectation(row.expected);
  if (e.exit === undefined) throw new Error(`${row.id}: a command line row says its exit status`);
  if (e.banner || e.noPage || e.problem || e.defaults.length) throw new Error(`${row.id}: banner, default, no page and problem are the page's`);
  const args = await Promise.all(ws.slice(1).map(argBytes));
  const ran = await runBytes(args);
  const context = `${row.id} (exit ${ran.status}) stderr: ${ran.stderr.slice(0, 800)}`;
  assert.equal(ran.status, e.exit, context);
  const lines = ran.stderr.split('\n');
  assert.equal(lines.at(-1), '', `${context}: ends its line`);
  assert.equal(lines.length, 2, `${context}: one line of error`);
  const line = lines[0]!;
  assert.match(line, /^journalclub: /, context);
  assert.ok(line.length <= MESSAGE_MAX, `${row.id}: the message is ${line.length} characters, at most ${MESSAGE_MAX}: ${line.slice(0, 200)}`);
  assert.doesNotMatch(line, /[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/, `${context}: no control character`);
  assert.doesNotMatch(ran.stderr, /\n\s+at .+:\d+:\d+|unexpected error/, `${context}: no stack trace, no unexpected error`);
  for (const w of e.says) assert.ok(line.includes(w), `${row.id}: "${w}" in: ${line}`);
  if (e.jsonError) {
    let out: { error?: unknown; exit?: unknown };
    try {
      out = JSON.parse(ran.stdout);
    } catch {
      throw new Error(`${row.id}: stdout is not JSON: ${ran.stdout.slice(0, 300)}`);
    }
    assert.equal(typeof out.error, 'string', `${row.id}: an error field`);
    assert.equal(out.exit, e.exit, `${row.id}: the exit status in the JSON`);
    assert.equal(`journalclub: ${out.error as string}`, line, `${row.id}: the JSON's error is the line on stderr`);
  } else assert.equal(ran.stdout, '', `${row.id}: nothing on stdout`);
}

/* ------------------------------------------------------------ the catalogue */

const rows = readCatalogue();

describe('the catalogue', () => {
  it('has rows for every surface, each with an id, an input and an expectation', () => {
    for (const s of SURFACES) assert.ok(rows.some((r) => r.surface === s), `rows of ${s}`);
    for (const r of rows) {
      assert.ok(r.input !== '' && r.expected !== '', `${r.id}: an input and an expectation`);
      expectation(r.expected);
      words(r.input);
    }
  });

  it('marks as known gaps only rows it has', () => {
    for (const id of Object.keys(KNOWN_GAPS)) assert.ok(rows.some((r) => r.id === id), `${id} is a row`);
  });

  it('builds a bundle that kernel verify accepts, so that each bad one is refused for its own fault', async () => {
    const ran = await runBytes([Buffer.from('kernel'), Buffer.from('verify'), Buffer.from(bundle('good'))]);
    assert.equal(ran.status, 0, ran.stderr);
    assert.match(ran.stdout, /ok, 14 files match SHA256SUMS/);
  });

  it('builds results files that kernel compare accepts before they are broken', async () => {
    const a = join(work, 'a.json');
    const b = join(work, 'b.json');
    writeFileSync(a, resultFileText(`${BASE_LAB} before`)!());
    writeFileSync(b, resultFileText(`${BASE_LAB} after`)!());
    const ran = await runBytes([Buffer.from('kernel'), Buffer.from('compare'), Buffer.from(a), Buffer.from(b)]);
    assert.equal(ran.status, 0, ran.stderr);
    assert.ok(bigResultChunks().reduce((n, c) => n + c.length, 0) > BIG_RESULT_BYTES);
  });
});

/* rows run three at a time: each is a process of its own, mostly starting up */
for (const surface of ['cli', 'json', 'bundle'] as const) {
  describe(`${surface} rows`, { concurrency: 3 }, () => {
    for (const row of rows.filter((r) => r.surface === surface)) {
      const gap = KNOWN_GAPS[row.id];
      if (gap) {
        test.todo(`${row.id}: ${row.input} (${gap})`, async () => {
          await runRow(row);
        });
        continue;
      }
      it(`${row.id}: ${row.input.slice(0, 100)}`, async () => {
        await runRow(row);
        if (row.input.includes('⟨bundle: .. path⟩')) {
          assert.ok(escapeName !== '' && !existsSync(join(tmpdir(), escapeName)), `${row.id}: nothing extracted outside the bundle's directory`);
          assert.ok(!existsSync(join(dirname(tmpdir()), escapeName)));
        }
        if (row.input.includes('⟨bundle: absolute path⟩')) assert.ok(!existsSync(`/tmp/jc-absolute-${process.pid}.txt`), `${row.id}: nothing written at the absolute path`);
      });
    }
  });
}

