/** The DOCTYPE states, as one: every one of them ends the DOCTYPE at the first ">", whatever it is in. */
import type { Machine } from './machine.js';
import { DATA } from './states.js';

/** One step of the DOCTYPE state at `text[i]` (a `StateStep`, machine.ts). */
export function doctypeStep(m: Machine, text: string, i: number): number {
  const gt = text.indexOf('>', i);
  if (gt === -1) return text.length;
  m.sink.doctype();
  m.state = DATA;
  return gt + 1;
}
