/*
 * What @yowasp/clang exports beside its declarations: its lib/api.d.ts types
 * only the runtime's commands, not runClang and version, which gen/bundle.js has.
 */
import type { Command } from '@yowasp/clang';

declare module '@yowasp/clang' {
  /** clang's driver: `-c` and linking, run as the separate tools it would spawn */
  export const runClang: Command;
  /** the package's version (LLVM's, with its build) */
  export const version: string;
}

/* wasm-core's WASI build products (scripts/build-wasi.mjs), as the exercise worker imports them */
declare module '@wasm-core/build/wasi/flags.json?url' {
  const url: string;
  export default url;
}
declare module '@wasm-core/build/wasi/include.json?url' {
  const url: string;
  export default url;
}
