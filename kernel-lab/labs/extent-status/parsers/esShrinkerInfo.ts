/**
 * /proc/fs/ext4/<dev>/es_shrinker_info: the extent status cache's statistics,
 * as ext4_seq_es_shrinker_info_show() prints them (fs/ext4/extents_status.c,
 * Linux 6.12). These are the counters the extent-status mail added to the
 * kernel, so the lab reads the mail's own metrics from here.
 *
 *   stats:
 *     <n> objects
 *     <n> reclaimable objects
 *     <hits>/<misses> cache hits/misses
 *     <n> inodes on list                  only when the list is not empty
 *   average:
 *     <n> us scan time
 *     <n> shrunk objects
 *   maximum:                              only when the list is not empty
 *     <ino> inode (<n> objects, <n> reclaimable)
 *     <n> us max scan time
 */
import { expectText, LineReader } from '../../../parsers/common';

const FORMAT = 'es_shrinker_info';

export interface EsShrinkerInfo {
  /** extent status entries cached, all inodes */
  objects_count: number;
  /** of those, the ones the shrinker may free (not delayed or unwritten-in-progress) */
  reclaimable_objects_count: number;
  /** lookups answered from the extent status tree */
  cache_hits_count: number;
  /** lookups that had to read the extent tree */
  cache_misses_count: number;
  /** inodes on the shrinker's list; 0 when the kernel printed no such line (an empty list) */
  inodes_on_list_count: number;
  /** the shrinker's scan time, a moving average in which each new scan weighs 1/4 */
  avg_scan_time_us: number;
  /** objects freed per scan, the same kind of moving average */
  avg_shrunk_objects_count: number;
  /** the inode with the most cached extents; null when the list is empty (the kernel omits it) */
  max_inode: { ino: number; objects_count: number; reclaimable_objects_count: number } | null;
  /** the longest scan so far; null when the list is empty (the kernel omits it then) */
  max_scan_time_us: number | null;
}

/** Parse es_shrinker_info's text. Throws a ParseError naming the line that does not fit. */
export function parseEsShrinkerInfo(text: string): EsShrinkerInfo {
  expectText(FORMAT, text, 'the contents of /proc/fs/ext4/<dev>/es_shrinker_info');
  const r = new LineReader(FORMAT, text);

  r.expect(/^stats:$/, '"stats:"');
  const objects = r.count(r.expect(/^ {2}(\S+) objects$/, '"  <n> objects"'), 1, 'objects');
  const reclaimable = r.count(
    r.expect(/^ {2}(\S+) reclaimable objects$/, '"  <n> reclaimable objects"'),
    1,
    'reclaimable objects',
  );
  const hm = r.expect(/^ {2}(\S+)\/(\S+) cache hits\/misses$/, '"  <hits>/<misses> cache hits/misses"');
  const hits = r.count(hm, 1, 'cache hits');
  const misses = r.count(hm, 2, 'cache misses');
  const inodes = r.at(/^ {2}\S+ inodes on list$/)
    ? r.count(r.expect(/^ {2}(\S+) inodes on list$/, '"  <n> inodes on list"'), 1, 'inodes on list')
    : 0;
  r.expect(/^average:$/, '"average:"');
  const scan = r.count(r.expect(/^ {2}(\S+) us scan time$/, '"  <n> us scan time"'), 1, 'scan time');
  const shrunk = r.count(r.expect(/^ {2}(\S+) shrunk objects$/, '"  <n> shrunk objects"'), 1, 'shrunk objects');

  let maxInode: EsShrinkerInfo['max_inode'] = null;
  let maxScan: number | null = null;
  if (inodes > 0) {
    r.expect(/^maximum:$/, '"maximum:" (the kernel prints it whenever inodes are on the list)');
    const mi = r.expect(
      /^ {2}(\S+) inode \((\S+) objects, (\S+) reclaimable\)$/,
      '"  <ino> inode (<n> objects, <n> reclaimable)"',
    );
    maxInode = {
      ino: r.count(mi, 1, 'maximum: inode number'),
      objects_count: r.count(mi, 2, 'maximum: objects'),
      reclaimable_objects_count: r.count(mi, 3, 'maximum: reclaimable'),
    };
    maxScan = r.count(r.expect(/^ {2}(\S+) us max scan time$/, '"  <n> us max scan time"'), 1, 'max scan time');
  }
  r.end();

  return {
    objects_count: objects,
    reclaimable_objects_count: reclaimable,
    cache_hits_count: hits,
    cache_misses_count: misses,
    inodes_on_list_count: inodes,
    avg_scan_time_us: scan,
    avg_shrunk_objects_count: shrunk,
    max_inode: maxInode,
    max_scan_time_us: maxScan,
  };
}
