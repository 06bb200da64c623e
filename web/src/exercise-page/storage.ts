/**
 * The student's file for each lab, kept in the browser's localStorage so that
 * it survives a reload; a storage that refuses (private mode, full) loses
 * nothing already on the page.
 */
const PREFIX = 'journalclub.exercise.';

export function storageKey(lab: string): string {
  return `${PREFIX}${lab}.c`;
}

export function loadCode(lab: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): string | null {
  try {
    return storage?.getItem(storageKey(lab)) ?? null;
  } catch {
    return null;
  }
}

/** Keep the file; false when the storage refused it. */
export function saveCode(lab: string, code: string, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): boolean {
  try {
    storage?.setItem(storageKey(lab), code);
    return storage !== undefined;
  } catch {
    return false;
  }
}

export function forgetCode(lab: string, storage: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.removeItem(storageKey(lab));
  } catch {
    /* nothing kept: nothing to forget */
  }
}
