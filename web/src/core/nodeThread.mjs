// One simulator on a worker thread, started by nodeThreads.ts. Plain
// JavaScript so that it starts the way bin/journalclub.mjs does, through tsx,
// wherever the command was run from; one tsImport, so that the engine and
// the replies share one copy of the error classes.
import { tsImport } from 'tsx/esm/api';

const { serveSimThread } = await tsImport('./nodeThreads.ts', import.meta.url);
serveSimThread();
