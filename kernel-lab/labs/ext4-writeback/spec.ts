/**
 * ext4-writeback in the kernel: the switch that turns stock 6.12 back into the mail's
 * "before", the counters that prove it was live, and the benchmark the guest
 * runs (workload/run.sh). Its names are those of ext4-writeback.patch, of the guest's
 * scripts, of results files and of the page; kernel-lab/labs/workloads.test.ts
 * and the kernel suite check that they agree.
 */
import type { KernelLabSpec } from '../../../lib/kernel-labs';

const EXT4 = '/sys/fs/ext4/<dev>';

export const spec: KernelLabSpec = {
  lab: 'ext4-writeback',
  kind: 'ext4 sysfs attribute',
  switches: [
    {
      name: 'lab_wb_extra_pass',
      path: `${EXT4}/lab_wb_extra_pass`,
      before: 1,
      help: 'keep starting handles until a pass maps nothing, as before v5.8',
    },
  ],
  counters: [
    {
      name: 'lab_wb_extra_passes',
      path: `${EXT4}/lab_wb_extra_passes`,
      help: 'handle-started passes the old loop condition added',
    },
  ],
  benchmark: 'fio 16 jobs randwrite 16k fsync=1, and fdatasync=1 as the control',
  notes: [
    'Handles per transaction, 5.10 against 6.12: the mail ran 5.10, where ext4_da_write_begin started a journal handle ' +
      'for every page written, four for each 16 KiB write, so its fsync run counted 51 handles per transaction (67 with ' +
      'the revert). 6.12 starts none there ("ext4: drop unnecessary journal handle in delalloc write", 2022): a ' +
      'transaction holds only the mtime updates, at most one a jiffy, and in before the extra pass of each ' +
      'ext4_writepages call. The kernel lab therefore measures 1 to 2 handles per transaction in after and 9 to 10 ' +
      'in before, the difference being the extra passes (lab_wb_extra_passes, about one per call). Compare the direction ' +
      "and that difference with the mail, not the absolute figures; the simulator's kernel parameter has a 6.12 mode " +
      "without the write_begin handles to set beside these runs (its default, 5.10, is the mail's kernel).",
    "The switch brings back 6b8ed62008a4's loop condition, not 5.10's other couplings: without write_begin handles, a " +
      'commit locking its transaction no longer stops every write, only one that updates mtime (and the writes queued ' +
      'behind it on i_rwsem) or an extra pass. ' +
      'The fdatasync control needs no commit, so its run has only one or two commits and handles per transaction ' +
      "there is the whole run's count, not a figure to compare.",
  ],
  source: { file: 'fs/ext4/inode.c', functions: ['ext4_do_writepages'] },
};
