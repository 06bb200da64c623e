/**
 * Small configurations of every lab, for the long-session tests (the page's and Node's): each parameter drawn
 * from [min, max], so that 300 runs take seconds, not hours. A parameter not named keeps its default.
 */
export const SMALL_RANGES: Record<string, Record<string, [number, number]>> = {
  'fast-commit': { ways: [1, 8], dirs: [1, 4], files: [4, 32], loops: [1, 1] },
  'inode-hash': { fs: [0, 1], threads: [1, 8], dirs: [1, 4], files: [8, 32], passes: [1, 2] },
  'extent-status': { case: [0, 2], runtime_ms: [100, 300], mem_mb: [32, 32], jobs: [1, 4], small_files: [1024, 4096] },
  'btrfs-fsync': { clients: [2, 16], cpus: [2, 4], runtime_ms: [200, 300] },
  'ext4-writeback': { jobs: [1, 4], sync: [0, 1], runtime_ms: [500, 800] },
};
