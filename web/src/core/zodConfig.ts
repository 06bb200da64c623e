/**
 * Zod without its code generator. Zod compiles a fast parser for each object
 * schema with `new Function` when the page allows eval; the page's
 * Content-Security-Policy does not (vite.config.ts), and even zod's probe for
 * it is reported as a violation. Zod reads this setting when a schema is
 * built, so every entry point of the browser (the page and the simulator's
 * worker) imports this module before anything that defines a schema, and so
 * does core/types.ts: the bundler puts zod and the core's schemas in a chunk
 * of their own that runs before the entry's body.
 */
import { z } from 'zod';

z.config({ jitless: true });
