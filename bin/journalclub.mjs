#!/usr/bin/env node
// journalclub: the project's command line (cli/main.ts, run through tsx).
// Whatever goes wrong, the user gets one line, never a stack trace.
const fail = (message) => {
  process.stderr.write(`journalclub: ${message}\n`);
  process.exit(1);
};

let tsImport;
try {
  ({ tsImport } = await import('tsx/esm/api'));
} catch {
  fail('node_modules is missing or incomplete: run `npm install` first');
}
try {
  await tsImport('../cli/main.ts', import.meta.url);
} catch (e) {
  fail(`could not start: ${String(e instanceof Error ? e.message : e).split('\n')[0]}`);
}
