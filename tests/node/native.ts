/** The native simulator (wasm-core/build/native/jc), for the node tests that hold WASM runs to it. */
import { execFileSync } from 'node:child_process';
import { nativeBinary } from '../../web/src/core/node';

/** `jc hash LAB VARIANT PARAMS SEED`: the run's 64-bit trace hash, in hex. */
export function nativeHash(lab: string, variant: string, params: string, seed: number): string {
  return execFileSync(nativeBinary(), ['hash', lab, variant, params, String(seed)], { encoding: 'utf8' }).trim();
}
