/**
 * The newest measurements on record (measure-run.ts writes them into
 * measured/<YYYY-MM-DD>.json): the entry the page and the docs quote.
 */
import { parseDay, type MeasuredEntry } from './measure';
import day from './measured/2026-11-29.json' with { type: 'json' };

/** The day of the newest measurements, and its last entry: what the page and the docs quote. */
export const MEASURED_DAY = parseDay(day, 'measured/2026-11-29.json');
export const MEASURED: MeasuredEntry = MEASURED_DAY.entries[MEASURED_DAY.entries.length - 1]!;
