#!/usr/bin/env node
// journalclub: the project's command line (cli/main.ts, run through tsx).
let tsImport;
try {
  ({ tsImport } = await import('tsx/esm/api'));
} catch {
  process.stderr.write('journalclub: node_modules is missing or incomplete: run `npm install` first\n');
  process.exit(1);
}
await tsImport('../cli/main.ts', import.meta.url);
