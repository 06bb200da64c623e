/** inode-hash's questions, without the simulator: they follow the page's file system and sharing, and no more. */
import { describe, expect, it } from 'vitest';
import { questionsFor } from '../../questions/answers';

describe("inode-hash's questions", () => {
  it("follow the page's file system and sharing, and draw the rest", () => {
    const page = { fs: 1, shared: 1, threads: 64, icache: 1_048_576 };
    for (const q of questionsFor('inode-hash', 4, page)) {
      expect(q.follows).toEqual({ fs: 1, shared: 1 });
      expect(q.params).toMatchObject({ fs: 1, shared: 1, icache: 64 });
      expect(q.params.threads).toBeLessThanOrEqual(12);
    }
    const plain = questionsFor('inode-hash', 4);
    expect(questionsFor('inode-hash', 4, { threads: 64 })).toEqual(plain);
    expect(questionsFor('inode-hash', 4, page).map((q) => q.text)).toEqual(plain.map((q) => q.text));
  });
});
