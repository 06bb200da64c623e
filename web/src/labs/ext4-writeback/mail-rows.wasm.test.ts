/**
 * ext4-writeback's paper rows restate the mail's fio runs by the row's sync choice, as fio's option: sync=0 is --fsync=1.
 */
import { beforeAll, describe } from 'vitest';
import type { Engine } from '../../core/engine';
import { loadEngine } from '../../core/node';
import { paperRowTests } from '../../core/testing/paperRows';

let engine: Engine;

beforeAll(async () => {
  engine = await loadEngine();
});

describe("ext4-writeback's paper rows against mails/ext4-writeback.json", () => {
  paperRowTests({ engine: () => engine, lab: 'ext4-writeback', where: (row) => ({ fio: `${['fsync', 'fdatasync'][row.params.sync ?? 0]}=1` }) });
});
