/**
 * The exercise page does not grow the lab pages: the site is built twice,
 * as it is and with the exercise page replaced by an empty component, and a
 * lab page's JavaScript (the entry, the lab's page and the code pane's
 * CodeMirror, with every chunk they import) is compared between the two. No
 * module only the exercise page needs is in those chunks, and no module in
 * them is longer because the exercise page uses more of it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build, type Plugin, type Rolldown } from 'vite';
import { REPO_ROOT } from '../../web/src/core/node';
import { LAB_IDS } from '../../web/src/labs/registry.gen';

const EXERCISE_PAGE = join(REPO_ROOT, 'web/src/exercise-page/ExercisePage.tsx');
const CODE_VIEW = join(REPO_ROOT, 'web/src/viz/code/CodeView.tsx');
/* every lab's page */
const LABS = LAB_IDS;

/**
 * What only the exercise page needs: its editor's commands and its own copy
 * of CodeMirror, its modules (but available.ts, which the lab page asks
 * whether a lab has an exercise), the WASI runner and the compiler.
 */
const EXERCISE_ONLY = /@codemirror\/commands|\/web\/src\/exercise-page\/(?!available\.ts$)|\/web\/src\/core\/wasi[^/]*$|@yowasp\/clang|\?exercise-editor$/;

/**
 * What a module may grow by, in bytes: where its chunk's neighbours changed,
 * the lines importing helpers from another chunk (React and its JSX runtime:
 * 84, a lab's manifest that the exercise page's build puts in a chunk of
 * its own) or a name made unique. What the exercise page uses more
 * of a module is more: 585 for d3-array's extent(), some 7 kB for
 * CodeMirror's keymap and history.
 */
const SEAM = 96;

/**
 * The growth a lab page may show, in bytes: about 0.17% of it, what the
 * module graph's seams cost (imports between chunks, Rolldown's runtime
 * helpers in a chunk of their own: 1,017 bytes at the most on 2026-11-29, 1,375 once the simulator's worker and the
 * parts below a lab's lesson had chunks of their own). The exercise editor's keymap and history in the code pane's
 * CodeMirror chunk would be some 7 kB.
 */
const SEAMS = 1600;

type Chunk = Rolldown.OutputChunk;

/** The site's chunks, built without writing them; `stub` replaces the exercise page. */
async function chunks(stub: boolean, outDir: string): Promise<Chunk[]> {
  const replace: Plugin = {
    name: 'test-exercise-page-stub',
    enforce: 'pre',
    load: (id) => (id === EXERCISE_PAGE ? 'export default function ExercisePage() { return null; }' : null),
  };
  const out = await build({
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    logLevel: 'error',
    plugins: stub ? [replace] : [],
    build: { write: false, outDir, emptyOutDir: false },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output.filter((c): c is Chunk => c.type === 'chunk'));
}

/** The chunks a lab page loads: the entries' (the page's and its simulator worker's), the lab page's and the code pane's, and what they import. */
function labPageChunks(all: Chunk[], lab: string): Chunk[] {
  const byName = new Map(all.map((c) => [c.fileName, c]));
  const page = join(REPO_ROOT, `web/src/labs/${lab}/index.tsx`);
  const roots = all.filter((c) => c.isEntry || c.facadeModuleId === page || c.facadeModuleId === CODE_VIEW);
  assert.equal(roots.length, 4, `the entry, the simulator's worker, ${lab}'s page and the code pane each have a chunk: ${roots.map((c) => c.fileName).join(', ')}`);
  const seen = new Set<Chunk>();
  const todo = [...roots];
  for (let c = todo.pop(); c; c = todo.pop()) {
    if (seen.has(c)) continue;
    seen.add(c);
    for (const i of c.imports) todo.push(byName.get(i) ?? assert.fail(`${c.fileName} imports ${i}, which the build has not`));
  }
  return [...seen];
}

const bytes = (cs: Chunk[]): number => cs.reduce((n, c) => n + Buffer.byteLength(c.code), 0);

describe('the lab pages beside the exercise page', () => {
  let dir: string;
  let site: Chunk[];
  let without: Chunk[];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'jc-lab-size-'));
    site = await chunks(false, join(dir, 'site'));
    without = await chunks(true, join(dir, 'without'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the exercise page is built, with its editor on a CodeMirror of its own', () => {
    const page = site.find((c) => c.facadeModuleId === EXERCISE_PAGE);
    assert.ok(page, 'the exercise page has a chunk');
    const mods = site.flatMap((c) => c.moduleIds);
    assert.ok(mods.some((m) => m.includes('@codemirror/commands')), 'the editor\'s commands are in the build');
    assert.ok(mods.some((m) => /@codemirror\/state\/.*\?exercise-editor$/.test(m)), 'the editor has its own @codemirror/state');
  });

  for (const lab of LABS) {
    it(`${lab}'s page loads nothing only the exercise page needs`, () => {
      const found = labPageChunks(site, lab).flatMap((c) => c.moduleIds.filter((m) => EXERCISE_ONLY.test(m)).map((m) => `${c.fileName}: ${m}`));
      assert.deepEqual(found, []);
    });

    it(`${lab}'s page renders no module longer than without the exercise page, but a seam`, () => {
      const length = (cs: Chunk[]): Map<string, number> =>
        new Map(cs.flatMap((c) => Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength] as const)));
      const base = length(labPageChunks(without, lab));
      const longer = [...length(labPageChunks(site, lab))].flatMap(([id, n]) =>
        base.has(id) && n - base.get(id)! > SEAM ? [`${id}: ${base.get(id)} -> ${n}`] : [],
      );
      assert.deepEqual(longer, []);
    });

    it(`${lab}'s page loads no more JavaScript than without the exercise page, but the seams between chunks`, () => {
      const withPage = labPageChunks(site, lab);
      const withoutPage = labPageChunks(without, lab);
      const [a, b] = [bytes(withPage), bytes(withoutPage)];
      console.log(`${lab}: ${a} bytes in ${withPage.length} chunks, ${b} in ${withoutPage.length} without the exercise page (${a - b >= 0 ? '+' : ''}${a - b})`);
      assert.ok(a - b <= SEAMS, `${lab}'s page loads ${a} bytes of JavaScript, ${a - b} more than the ${b} it loads without the exercise page (at most ${SEAMS} allowed)`);
    });
  }
});
