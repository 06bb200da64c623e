/**
 * TEMPORARY: a stand-in for lib/mails.ts (coming from the web-facts branch)
 * with the same API, holding only the extent-status mail's figures. Remove
 * it and import from lib/mails.ts once that file is on main.
 *
 * Figures: Zheng Liu, "[PATCH v3 0/6] ext4: extents status tree shrinker
 * improvement", linux-ext4, 7 Aug 2014: ministat over 3 runs, as
 * min, max, median, avg, stddev. Case c's latencies are the writers'
 * (write_*; the mail gives the reader's apart).
 */
export interface MailRange {
  n: number;
  min: number;
  max: number;
  median: number;
  avg: number;
  stddev: number;
}

export interface MailFigure {
  metric: string;
  unit: string;
  where: Record<string, string>;
  variant: string;
  value: number;
  range?: MailRange;
}

type Row = readonly [min: number, max: number, median: number, avg: number, stddev: number];

const VARIANTS = ['baseline', 'es-cache', 'es-slist', 'es-ilist', 'es-gc'] as const;

const TABLES: readonly { metric: string; unit: string; where: Record<string, string>; rows: readonly Row[] }[] = [
  { metric: 'avg_scan_us', unit: 'us', where: { case: 'a' }, rows: [[9402, 11552, 9633, 10195.667, 1180.284], [7069, 10358, 9931, 9119.3333, 1788.4301], [3754, 6854, 4480, 5029.3333, 1621.3653], [190, 243, 204, 212.33333, 27.465129], [269, 513, 290, 357.33333, 135.21957]] },
  { metric: 'avg_scan_us', unit: 'us', where: { case: 'b' }, rows: [[23047, 36274, 30195, 29838.667, 6620.6958], [2992, 32867, 14370, 16743, 15078.205], [124, 1281, 173, 526, 654.30803], [133, 157, 136, 142, 13.076697], [124, 315, 140, 193, 105.95754]] },
  { metric: 'avg_scan_us', unit: 'us', where: { case: 'c' }, rows: [[137, 235, 163, 178.33333, 50.767444], [57, 9333, 6383, 5257.6667, 4739.2853], [48, 54, 49, 50.333333, 3.2145503], [52, 57, 53, 54, 2.6457513], [49, 88, 69, 68.666667, 19.502137]] },
  { metric: 'max_scan_us', unit: 'us', where: { case: 'a' }, rows: [[17503, 22339, 19329, 19723.667, 2442.0371], [26275, 33930, 31867, 30690.667, 3960.7545], [170970, 199678, 188287, 186311.67, 14455.579], [325, 405, 382, 370.66667, 41.186567], [500, 857, 790, 715.66667, 189.75335]] },
  { metric: 'max_scan_us', unit: 'us', where: { case: 'b' }, rows: [[361903, 384286, 380877, 375688.67, 12059.8], [277470, 313231, 293883, 294861.33, 17900.562], [112727, 131888, 114761, 119792, 10524.695], [59466, 76178, 67195, 67613, 8363.8376], [38747, 84505, 45682, 56311.333, 24661.421]] },
  { metric: 'max_scan_us', unit: 'us', where: { case: 'c' }, rows: [[337, 462, 355, 384.66667, 67.57465], [22136, 31236, 24031, 25801, 4801.2681], [36105, 56888, 54150, 49047.667, 11291.972], [152, 191, 158, 167, 21], [115, 154, 139, 136, 19.672316]] },
  { metric: 'hits', unit: '', where: { case: 'a' }, rows: [[4673, 4858, 4832, 4787.6667, 100.15155], [7911368, 8364372, 8263210, 8179650, 237781.12], [6657959, 6900137, 6830922, 6796339.3, 124737.79], [6525957, 6691967, 6535884, 6584602.7, 93112.627], [10061008, 10704728, 10501548, 10422428, 329072.7]] },
  { metric: 'hits', unit: '', where: { case: 'b' }, rows: [[1645455, 1648083, 1646239, 1646592.3, 1349.1588], [8531336, 9081690, 8570763, 8727929.7, 306999.03], [6591288, 6643048, 6595983, 6610106.3, 28624.741], [6501434, 6556700, 6537840, 6531991.3, 28093.378], [9656351, 9801225, 9739132, 9732236, 72682.77]] },
  { metric: 'hits', unit: '', where: { case: 'c' }, rows: [[10873, 18200, 15614, 14895.667, 3715.9433], [1781010, 1925331, 1888470, 1864937, 74983.26], [1697486, 1929501, 1765950, 1797645.7, 119210.74], [1703674, 1870348, 1743376, 1772466, 87061.626], [1687157, 1953796, 1774275, 1805076, 135961.82]] },
  { metric: 'user_avg_latency_us', unit: 'us', where: { case: 'a' }, rows: [[2638.64, 2798.02, 2649.18, 2695.28, 89.131384], [2641.12, 2817.16, 2648.18, 2702.1533, 99.661231], [2637.54, 2812.82, 2642.68, 2697.68, 99.747279], [2850.76, 2859.45, 2852.68, 2854.2967, 4.5650009], [2643.07, 2817.62, 2653.54, 2704.7433, 97.894135]] },
  { metric: 'user_avg_latency_us', unit: 'us', where: { case: 'b' }, rows: [[3561.9, 3580.1, 3563.47, 3568.49, 10.085152], [3596.12, 3631.57, 3600.2, 3609.2967, 19.396846], [3565.4, 3605.12, 3585.48, 3585.3333, 19.860406], [3577.07, 3597.76, 3588.12, 3587.65, 10.353004], [3593.63, 3626.3, 3602.66, 3607.53, 16.870682]] },
  { metric: 'write_avg_latency_us', unit: 'us', where: { case: 'c' }, rows: [[13804.25, 15932.47, 15148.61, 14961.777, 1076.3411], [13807.94, 15922.01, 15114.67, 14948.207, 1066.8203], [13808.51, 15936.08, 15083.47, 14942.687, 1070.749], [13807.08, 15290.5, 15093.27, 14730.283, 805.57632], [13809.13, 15972.27, 15308.6, 15030, 1108.1548]] },
  { metric: 'user_max_latency_us', unit: 'us', where: { case: 'a' }, rows: [[849941, 2720800, 941754, 1504165, 1054636.4], [1080500, 2199500, 1090500, 1456833.3, 643187.63], [863204, 2663400, 920104, 1482236, 1023313.6], [879189, 1156700, 991861, 1009250, 139570.31], [896181, 1692100, 984983, 1191088, 436155.04]] },
  { metric: 'user_max_latency_us', unit: 'us', where: { case: 'b' }, rows: [[1293500, 4917500, 3935800, 3382266.7, 1874338.1], [1027900, 3232200, 1505500, 1921866.7, 1159635.9], [1025500, 1109300, 1033500, 1056100, 46245.865], [983719, 1188300, 1119400, 1097139.7, 104091.25], [869236, 1118400, 992344, 993326.67, 124584.91]] },
  { metric: 'write_max_latency_us', unit: 'us', where: { case: 'c' }, rows: [[28892400, 29715800, 29536400, 29381533, 432994.98], [28726600, 29821200, 29530000, 29359267, 566921.24], [28859400, 29681400, 29528700, 29356500, 437219.2], [28472300, 29819700, 28728200, 29006733, 715581.79], [28807200, 29681900, 29516100, 29335067, 464601.79]] },
];

const FIGURES: readonly MailFigure[] = TABLES.flatMap((t) =>
  t.rows.map(([min, max, median, avg, stddev], i) => ({
    metric: t.metric,
    unit: t.unit,
    where: t.where,
    variant: VARIANTS[i]!,
    value: avg,
    range: { n: 3, min, max, median, avg, stddev },
  })),
);

/** The mail's figures of a lab, those matching every field of the filter. */
export function mailFigures(
  lab: 'extent-status',
  filter: { metric?: string; variant?: string; where?: Record<string, string> } = {},
): MailFigure[] {
  if (lab !== 'extent-status') return [];
  return FIGURES.filter(
    (f) =>
      (filter.metric === undefined || f.metric === filter.metric) &&
      (filter.variant === undefined || f.variant === filter.variant) &&
      Object.entries(filter.where ?? {}).every(([k, v]) => f.where[k] === v),
  );
}
