/* The build products of wasm-core, as the bundler sees them (vite.config.ts maps @wasm-core). */
declare module '@wasm-core/build/journalclub.mjs' {
  /** The Emscripten module factory (MODULARIZE, EXPORT_ES6). */
  const createJournalclub: import('./engine').JcFactory;
  export default createJournalclub;
}
