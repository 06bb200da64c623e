import { describe, expect, it } from 'vitest';
import { runParams } from './AllVariants';

describe('runParams', () => {
  it('gives a shown run’s parameters back as the simulator takes them, case by its index', () => {
    expect(runParams({ case: 'c', runtime_ms: 300, mem_mb: 32, jobs: 2, small_files: 256 })).toEqual({
      case: 2,
      runtime_ms: 300,
      mem_mb: 32,
      jobs: 2,
      small_files: 256,
    });
  });

  it('leaves out a name it does not know', () => {
    expect(runParams({ case: 'z', jobs: 4 })).toEqual({ jobs: 4 });
  });
});
