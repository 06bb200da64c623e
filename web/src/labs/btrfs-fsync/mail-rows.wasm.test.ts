/**
 * btrfs-fsync's paper rows restate the mail's dbench table by its clients.
 */
import { beforeAll, describe } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { paperRowTests } from '../../core/testing/paperRows';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe("btrfs-fsync's paper rows against mails/btrfs-fsync.json", () => {
  paperRowTests({ engine: () => engine, lab: 'btrfs-fsync', where: (row) => ({ clients: String(row.params.clients) }) });
});
