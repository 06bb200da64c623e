/* The build products of wasm-core, as the bundler sees them (vite.config.ts maps @wasm-core). */
declare module '@wasm-core/build/journalclub.mjs' {
  /** The Emscripten module factory (MODULARIZE, EXPORT_ES6); see JcFactory in engine.ts. */
  const createJournalclub: (options: {
    wasmBinary: ArrayBuffer | Uint8Array;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }) => Promise<{
    ccall(
      ident: string,
      returnType: 'number' | 'string' | null,
      argTypes: ('number' | 'string')[],
      args: (number | string)[],
    ): unknown;
    UTF8ToString(ptr: number): string;
  }>;
  export default createJournalclub;
}
