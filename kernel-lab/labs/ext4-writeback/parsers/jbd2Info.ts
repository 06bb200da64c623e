/**
 * /proc/fs/jbd2/<dev>-8/info: a journal's transaction statistics since mount,
 * as jbd2_seq_info_show() prints them (fs/jbd2/journal.c, Linux 6.12).
 *
 *   <n> transactions (<n> requested), each up to <n> blocks
 *   average:                              the rest only after a transaction
 *     <n>ms waiting for transaction
 *     <n>ms request delay
 *     <n>ms running transaction
 *     <n>ms transaction was being locked
 *     <n>ms flushing data (in ordered mode)
 *     <n>ms logging transaction
 *     <n>us average transaction commit time
 *     <n> handles per transaction
 *     <n> blocks per transaction
 *     <n> logged blocks per transaction
 *
 * The ms averages are whole jiffies turned into ms, the per-transaction
 * figures integer quotients: the kernel rounds both down.
 */
import { expectText, LineReader } from '../../../parsers/common';

const FORMAT = 'jbd2 info';

export interface Jbd2Average {
  waiting_for_transaction_ms: number;
  request_delay_ms: number;
  running_transaction_ms: number;
  transaction_locked_ms: number;
  flushing_data_ms: number;
  logging_transaction_ms: number;
  commit_time_us: number;
  handles_per_txn: number;
  blocks_per_txn: number;
  logged_blocks_per_txn: number;
}

export interface Jbd2Info {
  /** transactions committed since mount (the kernel's ts_tid) */
  transactions_count: number;
  /** of those, commits that someone asked for (fsync, sync) rather than the timer */
  requested_count: number;
  /** the journal's limit on one transaction */
  max_transaction_blocks: number;
  /** null when no transaction has committed yet: the kernel prints only the first line then */
  average: Jbd2Average | null;
}

/** The lines after "average:", in the kernel's order: key, shape, unit text. */
const AVERAGE_LINES: [keyof Jbd2Average, string][] = [
  ['waiting_for_transaction_ms', 'ms waiting for transaction'],
  ['request_delay_ms', 'ms request delay'],
  ['running_transaction_ms', 'ms running transaction'],
  ['transaction_locked_ms', 'ms transaction was being locked'],
  ['flushing_data_ms', 'ms flushing data (in ordered mode)'],
  ['logging_transaction_ms', 'ms logging transaction'],
  ['commit_time_us', 'us average transaction commit time'],
  ['handles_per_txn', ' handles per transaction'],
  ['blocks_per_txn', ' blocks per transaction'],
  ['logged_blocks_per_txn', ' logged blocks per transaction'],
];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Parse a jbd2 info file's text. Throws a ParseError naming the line that does not fit. */
export function parseJbd2Info(text: string): Jbd2Info {
  expectText(FORMAT, text, 'the contents of /proc/fs/jbd2/<dev>-8/info');
  const r = new LineReader(FORMAT, text);

  const head = r.expect(
    /^(\S+) transactions \((\S+) requested\), each up to (\S+) blocks$/,
    '"<n> transactions (<n> requested), each up to <n> blocks"',
  );
  const transactions = r.count(head, 1, 'transactions');
  const requested = r.count(head, 2, 'requested');
  const limit = r.count(head, 3, 'blocks per transaction limit');

  let average: Jbd2Average | null = null;
  if (transactions > 0) {
    /* the kernel prints "average: " with a trailing space */
    r.expect(/^average: ?$/, '"average:" (the kernel prints the averages once a transaction has committed)');
    const values: Partial<Jbd2Average> = {};
    for (const [key, suffix] of AVERAGE_LINES) {
      const at = r.expect(new RegExp(`^ {2}(\\S+)${escape(suffix)}$`), `"  <n>${suffix}"`);
      values[key] = r.count(at, 1, suffix.trim());
    }
    average = values as Jbd2Average;
  }
  r.end();

  return {
    transactions_count: transactions,
    requested_count: requested,
    max_transaction_blocks: limit,
    average,
  };
}
