/* The simulator's worker as the build emits it (vite.config.ts, simWorkerChunk): its address. */
declare module 'virtual:sim-worker' {
  const url: string;
  export default url;
}
