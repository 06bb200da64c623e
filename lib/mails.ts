/**
 * The five mails' published figures and citations, as data: the one place
 * the project types them. The web pages, the kernel lab's comparison
 * (kernel-lab/mail-changes.ts) and lib/kernel-labs.ts read them from here;
 * the C labs keep their own copy of their paper rows and citation, and a
 * unit test holds that copy to this one.
 *
 * Figures are restated from the mails as shared/mails/figures.md restates
 * them; where a mail prints ministat statistics over its runs (the
 * extent-status mail), the statistics are kept beside the figure. The mails'
 * sentences are not kept here, only their numbers.
 *
 * Conventions:
 * - `metric` is the simulator's metric name where the lab has a simulator
 *   that measures it, else the kernel lab's results key
 *   (kernel-lab/bench/<lab>/).
 * - `variant` is the lab's variant name. For the two-variant labs "before"
 *   is the kernel without the change and "after" with it, whatever the mail
 *   called them (ext4-writeback: "before" is 5.10.162 with 6b8ed62008a4
 *   reverted, "after" 5.10.162 as released).
 * - A change the mail's text states in percent is a figure of its own, with
 *   the metric `<metric>_change_pct`, unit '%', the variant "after" and the
 *   row's `where`; it can differ from the change of the two figures (the
 *   btrfs-fsync mail states -39.6% for 341.833 -> 228.847 ms).
 * - `value` is the figure as figures.md gives it, in the mail's unit
 *   (`unit`): the fast-commit mail's K creates/s stay K creates/s.
 */

export type MailLabId = 'fast-commit' | 'extent-status' | 'inode-hash' | 'btrfs-fsync' | 'ext4-writeback';

export interface MailCitation {
  author: string;
  list: string;
  /** YYYY-MM-DD */
  date: string;
  subject: string;
  url: string;
  /** the upstream commit the mail is about (abbreviated to 12 digits) */
  commit?: string;
}

/** ministat's line for one variant: N runs, their min, max, median, mean and standard deviation. */
export interface MailRange {
  n: number;
  min: number;
  max: number;
  median: number;
  avg: number;
  stddev: number;
}

export interface MailFigure {
  /** the simulator's metric name where one exists, else the kernel lab's results key */
  metric: string;
  /** 'us', '', 's', 'K creates/s', '%', ... */
  unit: string;
  /** the row's inputs, e.g. { case: 'a' } */
  where: Record<string, string>;
  /** the lab's variant name */
  variant: string;
  /** the figure the mail reports, as figures.md restates it */
  value: number;
  /** where the mail gives ministat statistics over its runs */
  range?: MailRange;
}

export interface Mail {
  lab: MailLabId;
  cite: MailCitation;
  figures: readonly MailFigure[];
}

/** The labs in the order of DESIGN.md's table. */
export const MAIL_LAB_IDS: readonly MailLabId[] = ['fast-commit', 'extent-status', 'inode-hash', 'btrfs-fsync', 'ext4-writeback'];

const fig = (metric: string, unit: string, where: Record<string, string>, variant: string, value: number, range?: MailRange): MailFigure =>
  range ? { metric, unit, where, variant, value, range } : { metric, unit, where, variant, value };

/** A before/after pair of one row, and the change the mail states for it when it states one. */
function pair(metric: string, unit: string, where: Record<string, string>, before: number, after: number, statedPct?: number): MailFigure[] {
  const out = [fig(metric, unit, where, 'before', before), fig(metric, unit, where, 'after', after)];
  if (statedPct !== undefined) out.push(fig(`${metric}_change_pct`, '%', where, 'after', statedPct));
  return out;
}

/* ------------------------------------------------------------------ */
/* 1. fast-commit                                                      */
/* ------------------------------------------------------------------ */

/* The mail's 8 rows: row, "order,dir&files", K creates/s without and with the patch, the diff column. */
const FAST_COMMIT_ROWS: readonly [row: number, order: string, before: number, after: number, diffPct: number][] = [
  [1, '1', 16.9, 17.51, 3.6],
  [2, '2,2', 32.08, 31.8, -0.87],
  [3, '3,3', 53.97, 55.01, 1.92],
  [4, '4,4', 78.94, 76.9, -2.58],
  [5, '5,5', 95.82, 95.37, -0.46],
  [6, '6,6', 87.92, 103.38, 17.58],
  [7, '6,10', 0.73, 126.13, 17178],
  [8, '6,14', 2.33, 143.19, 6045],
];

const FAST_COMMIT: Mail = {
  lab: 'fast-commit',
  cite: {
    author: 'Ritesh Harjani (IBM)',
    list: 'linux-ext4',
    date: '2022-02-21',
    subject: '[PATCHv2 0/1] ext4: Performance scalability improvement with fast_commit',
    url: 'https://lore.kernel.org/all/cover.1644809996.git.riteshh@linux.ibm.com/',
    commit: 'b3998b3bc658',
  },
  figures: FAST_COMMIT_ROWS.flatMap(([row, order, before, after, diff]) =>
    pair('creates_per_s', 'K creates/s', { row: String(row), order }, before, after, diff),
  ),
};

/* ------------------------------------------------------------------ */
/* 2. extent-status                                                    */
/* ------------------------------------------------------------------ */

export const EXTENT_STATUS_VARIANTS = ['baseline', 'es-cache', 'es-slist', 'es-ilist', 'es-gc'] as const;

/*
 * The mail's ministat tables, N = 3 runs each. A row per variant in the
 * order above: the figure as figures.md gives it, then Min, Max, Median,
 * Avg and Stddev as ministat prints them. Case c's latencies are split by
 * the mail into its reader and its writers (figures.md gives no figure for
 * them; the figure is ministat's Avg).
 */
type MinistatRow = readonly [value: number, min: number, max: number, median: number, avg: number, stddev: number];
interface MinistatTable {
  metric: string;
  unit: string;
  case: 'a' | 'b' | 'c';
  rows: readonly [MinistatRow, MinistatRow, MinistatRow, MinistatRow, MinistatRow];
}

const ES_TABLES: readonly MinistatTable[] = [
  // 1. es avg. scan time
  { metric: 'avg_scan_us', unit: 'us', case: 'a', rows: [
    [10195.7, 9402, 11552, 9633, 10195.667, 1180.284],
    [9119.3, 7069, 10358, 9931, 9119.3333, 1788.4301],
    [5029.3, 3754, 6854, 4480, 5029.3333, 1621.3653],
    [212.3, 190, 243, 204, 212.33333, 27.465129],
    [357.3, 269, 513, 290, 357.33333, 135.21957],
  ] },
  { metric: 'avg_scan_us', unit: 'us', case: 'b', rows: [
    [29838.7, 23047, 36274, 30195, 29838.667, 6620.6958],
    [16743, 2992, 32867, 14370, 16743, 15078.205],
    [526, 124, 1281, 173, 526, 654.30803],
    [142, 133, 157, 136, 142, 13.076697],
    [193, 124, 315, 140, 193, 105.95754],
  ] },
  { metric: 'avg_scan_us', unit: 'us', case: 'c', rows: [
    [178.3, 137, 235, 163, 178.33333, 50.767444],
    [5257.7, 57, 9333, 6383, 5257.6667, 4739.2853],
    [50.3, 48, 54, 49, 50.333333, 3.2145503],
    [54, 52, 57, 53, 54, 2.6457513],
    [68.7, 49, 88, 69, 68.666667, 19.502137],
  ] },
  // 2. es max scan time
  { metric: 'max_scan_us', unit: 'us', case: 'a', rows: [
    [19723.7, 17503, 22339, 19329, 19723.667, 2442.0371],
    [30690.7, 26275, 33930, 31867, 30690.667, 3960.7545],
    [186311.7, 170970, 199678, 188287, 186311.67, 14455.579],
    [370.7, 325, 405, 382, 370.66667, 41.186567],
    [715.7, 500, 857, 790, 715.66667, 189.75335],
  ] },
  { metric: 'max_scan_us', unit: 'us', case: 'b', rows: [
    [375688.7, 361903, 384286, 380877, 375688.67, 12059.8],
    [294861.3, 277470, 313231, 293883, 294861.33, 17900.562],
    [119792, 112727, 131888, 114761, 119792, 10524.695],
    [67613, 59466, 76178, 67195, 67613, 8363.8376],
    [56311.3, 38747, 84505, 45682, 56311.333, 24661.421],
  ] },
  { metric: 'max_scan_us', unit: 'us', case: 'c', rows: [
    [384.7, 337, 462, 355, 384.66667, 67.57465],
    [25801, 22136, 31236, 24031, 25801, 4801.2681],
    [49047.7, 36105, 56888, 54150, 49047.667, 11291.972],
    [167, 152, 191, 158, 167, 21],
    [136, 115, 154, 139, 136, 19.672316],
  ] },
  // 3. cache hit/miss (the mail's counter of lookups that found an extent)
  { metric: 'hits', unit: '', case: 'a', rows: [
    [4787.7, 4673, 4858, 4832, 4787.6667, 100.15155],
    [8179650, 7911368, 8364372, 8263210, 8179650, 237781.12],
    [6796339.3, 6657959, 6900137, 6830922, 6796339.3, 124737.79],
    [6584602.7, 6525957, 6691967, 6535884, 6584602.7, 93112.627],
    [10422428, 10061008, 10704728, 10501548, 10422428, 329072.7],
  ] },
  { metric: 'hits', unit: '', case: 'b', rows: [
    [1646592.3, 1645455, 1648083, 1646239, 1646592.3, 1349.1588],
    [8727929.7, 8531336, 9081690, 8570763, 8727929.7, 306999.03],
    [6610106.3, 6591288, 6643048, 6595983, 6610106.3, 28624.741],
    [6531991.3, 6501434, 6556700, 6537840, 6531991.3, 28093.378],
    [9732236, 9656351, 9801225, 9739132, 9732236, 72682.77],
  ] },
  { metric: 'hits', unit: '', case: 'c', rows: [
    [14895.7, 10873, 18200, 15614, 14895.667, 3715.9433],
    [1864937, 1781010, 1925331, 1888470, 1864937, 74983.26],
    [1797645.7, 1697486, 1929501, 1765950, 1797645.7, 119210.74],
    [1772466, 1703674, 1870348, 1743376, 1772466, 87061.626],
    [1805076, 1687157, 1953796, 1774275, 1805076, 135961.82],
  ] },
  // 4. userspace avg. latency (usec)
  { metric: 'user_avg_latency_us', unit: 'us', case: 'a', rows: [
    [2695.28, 2638.64, 2798.02, 2649.18, 2695.28, 89.131384],
    [2702.15, 2641.12, 2817.16, 2648.18, 2702.1533, 99.661231],
    [2697.68, 2637.54, 2812.82, 2642.68, 2697.68, 99.747279],
    [2854.3, 2850.76, 2859.45, 2852.68, 2854.2967, 4.5650009],
    [2704.74, 2643.07, 2817.62, 2653.54, 2704.7433, 97.894135],
  ] },
  { metric: 'user_avg_latency_us', unit: 'us', case: 'b', rows: [
    [3568.49, 3561.9, 3580.1, 3563.47, 3568.49, 10.085152],
    [3609.3, 3596.12, 3631.57, 3600.2, 3609.2967, 19.396846],
    [3585.33, 3565.4, 3605.12, 3585.48, 3585.3333, 19.860406],
    [3587.65, 3577.07, 3597.76, 3588.12, 3587.65, 10.353004],
    [3607.53, 3593.63, 3626.3, 3602.66, 3607.53, 16.870682],
  ] },
  { metric: 'read_avg_latency_us', unit: 'us', case: 'c', rows: [
    [177.36667, 165.46, 200.33, 166.31, 177.36667, 19.891371],
    [182.87667, 165.11, 218.36, 165.16, 182.87667, 30.729478],
    [176.62, 165.14, 199.36, 165.36, 176.62, 19.693725],
    [176.28, 165.45, 197.07, 166.32, 176.28, 18.009922],
    [186.39667, 165.13, 228.35, 165.71, 186.39667, 36.33381],
  ] },
  { metric: 'write_avg_latency_us', unit: 'us', case: 'c', rows: [
    [14961.777, 13804.25, 15932.47, 15148.61, 14961.777, 1076.3411],
    [14948.207, 13807.94, 15922.01, 15114.67, 14948.207, 1066.8203],
    [14942.687, 13808.51, 15936.08, 15083.47, 14942.687, 1070.749],
    [14730.283, 13807.08, 15290.5, 15093.27, 14730.283, 805.57632],
    [15030, 13809.13, 15972.27, 15308.6, 15030, 1108.1548],
  ] },
  // 5. userspace max latency (usec)
  { metric: 'user_max_latency_us', unit: 'us', case: 'a', rows: [
    [1504165, 849941, 2720800, 941754, 1504165, 1054636.4],
    [1456833, 1080500, 2199500, 1090500, 1456833.3, 643187.63],
    [1482237, 863204, 2663400, 920104, 1482236, 1023313.6],
    [1009250, 879189, 1156700, 991861, 1009250, 139570.31],
    [1191088, 896181, 1692100, 984983, 1191088, 436155.04],
  ] },
  { metric: 'user_max_latency_us', unit: 'us', case: 'b', rows: [
    [3382267, 1293500, 4917500, 3935800, 3382266.7, 1874338.1],
    [1921867, 1027900, 3232200, 1505500, 1921866.7, 1159635.9],
    [1056100, 1025500, 1109300, 1033500, 1056100, 46245.865],
    [1097140, 983719, 1188300, 1119400, 1097139.7, 104091.25],
    [993327, 869236, 1118400, 992344, 993326.67, 124584.91],
  ] },
  { metric: 'read_max_latency_us', unit: 'us', case: 'c', rows: [
    [1436037, 147107, 3594200, 566804, 1436037, 1880767.7],
    [1371282, 124889, 3586600, 402357, 1371282, 1923531.3],
    [1401898, 299597, 3578300, 327797, 1401898, 1884872.2],
    [1574532, 406603, 3587600, 729393, 1574532, 1750822.8],
    [1627387, 301480, 3583600, 997081, 1627387, 1729463],
  ] },
  { metric: 'write_max_latency_us', unit: 'us', case: 'c', rows: [
    [29381533, 28892400, 29715800, 29536400, 29381533, 432994.98],
    [29359267, 28726600, 29821200, 29530000, 29359267, 566921.24],
    [29356500, 28859400, 29681400, 29528700, 29356500, 437219.2],
    [29006733, 28472300, 29819700, 28728200, 29006733, 715581.79],
    [29335067, 28807200, 29681900, 29516100, 29335067, 464601.79],
  ] },
];

const EXTENT_STATUS: Mail = {
  lab: 'extent-status',
  cite: {
    author: 'Zheng Liu',
    list: 'linux-ext4',
    date: '2014-08-07',
    subject: '[PATCH v3 0/6] ext4: extents status tree shrinker improvement',
    url: 'https://lists.openwall.net/linux-ext4/2014/08/07/1',
    commit: 'edaa53cac8fd',
  },
  figures: ES_TABLES.flatMap((t) =>
    t.rows.map(([value, min, max, median, avg, stddev], i) =>
      fig(t.metric, t.unit, { case: t.case }, EXTENT_STATUS_VARIANTS[i], value, { n: 3, min, max, median, avg, stddev }),
    ),
  ),
};

/* ------------------------------------------------------------------ */
/* 3. inode-hash                                                       */
/* ------------------------------------------------------------------ */

/* time(1) of the 20-thread stat walk: user, system, cpu, total, before and after; the stated change of the total */
const INODE_HASH_ROWS: readonly [fs: string, user: [number, number], sys: [number, number], cpu: [number, number], total: [number, number], totalPct: number][] = [
  ['ext4', [3.77, 3.24], [890.9, 397.73], [1939, 1858], [46.118, 21.581], -53],
  ['btrfs', [3.54, 3.28], [892.3, 738.66], [1966, 1955], [45.549, 37.932], -16.7],
];

const INODE_HASH: Mail = {
  lab: 'inode-hash',
  cite: {
    author: 'Mateusz Guzik',
    list: 'linux-fsdevel',
    date: '2024-06-11',
    subject: '[PATCH v3 0/2] rcu-based inode lookup for iget*',
    url: 'https://lore.kernel.org/linux-fsdevel/20240611101633.507101-1-mjguzik@gmail.com/',
    commit: '7180f8d91fcb',
  },
  figures: INODE_HASH_ROWS.flatMap(([fs, user, sys, cpu, total, totalPct]) => {
    const where = { fs, threads: '20' };
    return [
      ...pair('total_s', 's', where, total[0], total[1], totalPct),
      ...pair('user_s', 's', where, user[0], user[1]),
      ...pair('sys_s', 's', where, sys[0], sys[1]),
      ...pair('cpu_pct', '%', where, cpu[0], cpu[1]),
    ];
  }),
};

/* ------------------------------------------------------------------ */
/* 4. btrfs-fsync                                                      */
/* ------------------------------------------------------------------ */

/* dbench, by clients: throughput and max latency with the changes the mail states, and the Flush operation's row */
const BTRFS_FSYNC_ROWS: readonly [
  clients: number,
  throughput: [number, number, number],
  maxLat: [number, number, number],
  flush: { count: [number, number]; avg: [number, number]; max: [number, number] },
][] = [
  [32, [1008.02, 1049.91, 4.1], [341.833, 228.847, -39.6], { count: [674724, 696017], avg: [5.952, 7.485], max: [341.83, 228.835] }],
  [64, [924.738, 990.13, 6.8], [506.154, 422.043, -18.1], { count: [627746, 635652], avg: [14.168, 14.358], max: [506.151, 422.039] }],
];

/** dbench's operations in the order its table prints them, but Flush, whose row is above */
export const BTRFS_FSYNC_OP_NAMES = ['NTCreateX', 'Close', 'Rename', 'Unlink', 'Deltree', 'Mkdir', 'Qpathinfo', 'Qfileinfo', 'Qfsinfo', 'Sfileinfo', 'Find', 'WriteX', 'ReadX', 'LockX', 'UnlockX'] as const;
/* the rest of dbench's table, per clients and variant: Count, AvgLat and MaxLat (ms) of each operation above */
const BTRFS_FSYNC_OPS: readonly [clients: number, variant: 'before' | 'after', rows: readonly (readonly [count: number, avg: number, max: number])[]][] = [
  [32, 'before', [[9627107, 0.153, 61.938], [7072076, 0.001, 3.175], [407633, 1.222, 44.439], [1943895, 0.658, 44.440], [256, 17.339, 110.891], [128, 0.003, 0.009], [8725406, 0.064, 17.850], [1529516, 0.001, 2.188], [1599884, 0.002, 1.457], [784200, 0.005, 3.562], [3373513, 0.411, 30.312], [4802132, 0.053, 29.054], [15089959, 0.002, 5.801], [31344, 0.002, 0.425], [31344, 0.001, 0.173]]],
  [32, 'after', [[9931568, 0.111, 25.597], [7295730, 0.001, 2.171], [420549, 0.982, 49.714], [2005366, 0.497, 39.015], [256, 11.149, 89.242], [128, 0.002, 0.014], [9001863, 0.049, 20.761], [1577730, 0.001, 2.546], [1650508, 0.002, 3.531], [809031, 0.005, 5.846], [3480259, 0.309, 23.977], [4952505, 0.043, 41.283], [15568127, 0.002, 5.476], [32338, 0.002, 0.978], [32338, 0.001, 2.032]]],
  [64, 'before', [[8956748, 0.342, 108.312], [6579660, 0.001, 3.823], [379209, 2.396, 81.897], [1808625, 1.108, 131.148], [256, 25.632, 172.176], [128, 0.003, 0.018], [8117615, 0.131, 55.916], [1423495, 0.001, 2.635], [1488496, 0.002, 5.412], [729472, 0.007, 8.643], [3138598, 0.855, 78.321], [4470783, 0.102, 79.442], [14038139, 0.002, 7.578], [29158, 0.002, 0.844], [29158, 0.001, 0.567]]],
  [64, 'after', [[9069003, 0.303, 43.193], [6662328, 0.001, 3.888], [383976, 2.194, 46.418], [1831080, 1.022, 43.873], [256, 24.037, 155.763], [128, 0.002, 0.005], [8219173, 0.137, 30.233], [1441203, 0.001, 3.204], [1507092, 0.002, 4.055], [738775, 0.006, 5.431], [3177874, 0.936, 38.170], [4526152, 0.084, 39.518], [14213562, 0.002, 24.760], [29522, 0.002, 1.221], [29522, 0.001, 0.694]]],
];

/** op_<name>_count, _avg_ms, _max_ms: the simulator's names for dbench's columns */
function btrfsOpFigures(): MailFigure[] {
  return BTRFS_FSYNC_OPS.flatMap(([clients, variant, rows]) =>
    rows.flatMap(([count, avg, max], i) => {
      const op = BTRFS_FSYNC_OP_NAMES[i]!.toLowerCase();
      const where = { clients: String(clients) };
      return [
        fig(`op_${op}_count`, '', where, variant, count),
        fig(`op_${op}_avg_ms`, 'ms', where, variant, avg),
        fig(`op_${op}_max_ms`, 'ms', where, variant, max),
      ];
    }),
  );
}

const BTRFS_FSYNC: Mail = {
  lab: 'btrfs-fsync',
  /*
   * The figures are in the commit message of the series' last patch; the
   * series (7 patches) went to linux-btrfs on 27 Jan 2021.
   */
  cite: {
    author: 'Filipe Manana',
    list: 'linux-btrfs',
    date: '2021-01-27',
    subject: 'btrfs: make concurrent fsyncs wait less when waiting for a transaction commit',
    url: 'https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=d0c2f4fa555e',
    commit: 'd0c2f4fa555e',
  },
  figures: BTRFS_FSYNC_ROWS.flatMap(([clients, throughput, maxLat, flush]) => {
    const where = { clients: String(clients) };
    return [
      ...pair('throughput_mb_s', 'MB/s', where, throughput[0], throughput[1], throughput[2]),
      ...pair('max_latency_ms', 'ms', where, maxLat[0], maxLat[1], maxLat[2]),
      ...pair('flush_count', '', where, flush.count[0], flush.count[1]),
      ...pair('flush_avg_ms', 'ms', where, flush.avg[0], flush.avg[1]),
      ...pair('flush_max_ms', 'ms', where, flush.max[0], flush.max[1]),
    ];
  }).concat(btrfsOpFigures()),
};

/* ------------------------------------------------------------------ */
/* 5. ext4-writeback                                                   */
/* ------------------------------------------------------------------ */

/*
 * The fio run with --fsync=1: 5.10.162 with 6b8ed62008a4 reverted
 * ("before") and as released ("after"). fio's KB/s is KiB/s.
 */
const EXT4_WRITEBACK_ROWS: readonly [metric: string, unit: string, reverted: number, withCommit: number][] = [
  ['fsync_iops_per_s', '1/s', 460, 449],
  ['fsync_bw_kib_per_s', 'KiB/s', 7363.7, 7186.3],
  ['fsync_clat_avg_us', 'us', 289.09, 267.76],
  ['fsync_clat_max_us', 'us', 35768, 25942],
  ['fsync_clat_p50_us', 'us', 59, 58],
  ['fsync_clat_p90_us', 'us', 110, 107],
  ['fsync_clat_p99_us', 'us', 10048, 10048],
  ['fsync_clat_p99_9_us', 'us', 21632, 20096],
  ['fsync_writepages_avg_ns', 'ns', 9036068, 7734912],
  ['fsync_writepages_calls_count', '', 18698, 17341],
  ['fsync_writepages_pages_per_call', '', 3.9194, 3.9184],
  ['fsync_jbd2_transactions_count', '', 2092, 2143],
  ['fsync_jbd2_requested_count', '', 2091, 2143],
  ['fsync_jbd2_commit_time_us', 'us', 15981, 20731],
  ['fsync_jbd2_handles_per_txn', '', 67, 51],
  ['fsync_jbd2_running_transaction_ms', 'ms', 20, 0],
  ['fsync_jbd2_logged_blocks_per_txn', '', 2, 3],
];

/* Pages written per ext4_writepages call: bucket, calls as released, calls with the commit reverted. */
const EXT4_WRITEBACK_HISTOGRAM: readonly [bucket: string, withCommit: number, reverted: number][] = [
  ['0-1', 1635, 4246],
  ['2-3', 123, 312],
  ['4-5', 24302, 20836],
  ['6-7', 38, 205],
  ['8-9', 604, 895],
  ['10-11', 19, 56],
  ['12-13', 123, 422],
  ['14-15', 12, 62],
  ['16-17', 24, 234],
  ['18-19', 3, 66],
  ['20-21', 8, 77],
  ['22-23', 1, 9],
  ['24-25', 3, 26],
  ['26-27', 0, 1],
  ['28-29', 1, 13],
];

const EXT4_WRITEBACK: Mail = {
  lab: 'ext4-writeback',
  /* the thread's first mail, 11 Jan 2023; Jan Kara's analysis follows in it */
  cite: {
    author: 'Rishabh Bhatnagar, Jan Kara',
    list: 'linux-ext4',
    date: '2023-01-11',
    subject: 'EXT4 IOPS degradation in 5.10 compared to 5.4',
    url: 'https://lore.kernel.org/linux-ext4/?q=s%3A%22EXT4+IOPS+degradation%22',
    commit: '6b8ed62008a4',
  },
  figures: [
    ...EXT4_WRITEBACK_ROWS.flatMap(([metric, unit, before, after]) => pair(metric, unit, { fio: 'fsync=1' }, before, after)),
    ...EXT4_WRITEBACK_HISTOGRAM.flatMap(([pages, after, before]) =>
      pair('fsync_writepages_calls_by_pages', '', { fio: 'fsync=1', pages }, before, after),
    ),
    /*
     * With --fdatasync=1 the mail states a 5% gap and no figures; that the
     * reverted kernel stays ahead is the thread's reading of it.
     */
    fig('fdatasync_iops_per_s_change_pct', '%', { fio: 'fdatasync=1' }, 'after', -5),
  ],
};

/* ------------------------------------------------------------------ */
/* API                                                                 */
/* ------------------------------------------------------------------ */

function freeze(m: Mail): Mail {
  for (const f of m.figures) {
    Object.freeze(f.where);
    if (f.range) Object.freeze(f.range);
    Object.freeze(f);
  }
  Object.freeze(m.figures);
  Object.freeze(m.cite);
  return Object.freeze(m);
}

export const MAILS: Readonly<Record<MailLabId, Mail>> = Object.freeze({
  'fast-commit': freeze(FAST_COMMIT),
  'extent-status': freeze(EXTENT_STATUS),
  'inode-hash': freeze(INODE_HASH),
  'btrfs-fsync': freeze(BTRFS_FSYNC),
  'ext4-writeback': freeze(EXT4_WRITEBACK),
});

/**
 * A mail's figures, in the mail's order, narrowed by metric, variant and
 * the values of `where` that the filter names (a figure may name more).
 */
export function mailFigures(lab: MailLabId, filter: { metric?: string; variant?: string; where?: Record<string, string> } = {}): MailFigure[] {
  const { metric, variant, where } = filter;
  return MAILS[lab].figures.filter(
    (f) =>
      (metric === undefined || f.metric === metric) &&
      (variant === undefined || f.variant === variant) &&
      (where === undefined || Object.entries(where).every(([k, v]) => f.where[k] === v)),
  );
}

/** The one figure a filter names, or undefined when it names none or several. */
export function mailFigure(lab: MailLabId, filter: { metric: string; variant: string; where?: Record<string, string> }): MailFigure | undefined {
  const found = mailFigures(lab, filter);
  return found.length === 1 ? found[0] : undefined;
}
