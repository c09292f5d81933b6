/**
 * `links --threads N`: whole inputs shared out to N worker threads. Each worker reads the files
 * it is handed through its own command and sends their output back in pieces; the main thread
 * writes the pieces of the earliest unfinished input as they come and holds those of the others,
 * at most `HELD` characters per worker (a worker waits for each piece to be taken before it goes
 * on), so the output is in input order and memory stays bounded. `--dedupe` is applied by the
 * main thread, which receives each link's resolved form with its line; the counts are merged at
 * the end.
 */
import { type MessagePort, Worker } from 'node:worker_threads';
import type { CommandState } from '../commands/command.js';
import { LINE_COMMANDS } from '../commands/index.js';
import {
  type DocumentOutput,
  type InputOutcome,
  type LinksCommand,
  type LinksSettings,
  linksCommand,
  readInput,
} from '../commands/links.js';
import { need } from '../commands/packages.js';
import type { Out, Sink } from '../io/writer.js';
import type { DocumentInput } from '../links/inputs.js';
import { configure } from '../options/arguments.js';
import { workerFile } from './pool.js';

/** Characters of output held for an input that is not the earliest unfinished one, per worker. */
const HELD = 4 << 20;

/** What a links worker is started with. */
export interface FilesWorkerData {
  links: true;
  args: readonly string[];
}

type ToWorker = { type: 'input'; index: number; input: DocumentInput } | { type: 'ack' } | { type: 'end' };
type FromWorker =
  | { type: 'out'; index: number; out: string; err: string; keys: string[] | null }
  | { type: 'done'; index: number; outcome: InputOutcome }
  | { type: 'state'; state: CommandState };

export interface FilesRun {
  config: LinksSettings;
  inputs: readonly DocumentInput[];
  threads: number;
  cmd: LinksCommand;
  output: DocumentOutput;
}

/** Runs the inputs on worker threads; resolves with how many could not be read or broke off. */
export function runFileThreads(run: FilesRun): Promise<{ unreadable: number; broken: number }> {
  const { inputs, cmd, output } = run;
  const data: FilesWorkerData = { links: true, args: run.config.args };
  const dedupe = run.config.dedupe;
  return new Promise((resolvePromise, rejectPromise) => {
    const workers: Worker[] = [];
    const idle: Worker[] = [];
    /** Per input: pieces not yet written, whether it is done, and its worker. */
    const held = new Map<
      number,
      { pieces: Array<Extract<FromWorker, { type: 'out' }>>; size: number; done: boolean; worker: Worker; waiting: boolean }
    >();
    let next = 0;
    let current = 0;
    let unreadable = 0;
    let broken = 0;
    let states = 0;
    let finished = false;
    let writing = false;
    let exited = 0;

    const stop = (e: Error | null): void => {
      if (finished) return;
      finished = true;
      if (e === null) for (const w of workers) w.postMessage({ type: 'end' } satisfies ToWorker);
      else {
        for (const w of workers) void w.terminate();
        rejectPromise(e);
      }
    };

    const pump = (): void => {
      while (idle.length > 0 && next < inputs.length && !output.out.closed) {
        const w = idle.pop()!;
        held.set(next, { pieces: [], size: 0, done: false, worker: w, waiting: false });
        w.postMessage({ type: 'input', index: next, input: inputs[next]! } satisfies ToWorker);
        next++;
      }
      if (current === inputs.length || (output.out.closed && writing === false)) stop(null);
    };

    const writePiece = async (p: Extract<FromWorker, { type: 'out' }>): Promise<void> => {
      let text = p.out;
      if (dedupe && p.keys !== null) {
        const lines = text.split('\n');
        text = '';
        for (let i = 0; i < p.keys.length; i++) if (p.keys[i] === '' || cmd.keep(p.keys[i]!)) text += `${lines[i]}\n`;
      }
      await output.out.write(text);
      if (p.err !== '' || cmd.err.size > 0) {
        output.progress?.clear();
        await output.err.write(p.err);
        await output.err.flush(cmd.err);
      }
    };

    /** Writes what can be written: the pieces of the current input, then the next ones that are done. */
    const write = async (): Promise<void> => {
      if (writing) return;
      writing = true;
      while (!finished && current < inputs.length) {
        const h = held.get(current);
        if (h === undefined) break;
        while (h.pieces.length > 0) {
          const p = h.pieces.shift()!;
          h.size -= p.out.length;
          await writePiece(p);
          if (output.out.closed) break;
        }
        if (h.waiting) {
          h.waiting = false;
          h.worker.postMessage({ type: 'ack' } satisfies ToWorker);
        }
        if (!h.done || output.out.closed) break;
        held.delete(current);
        output.before += inputs[current]!.size ?? 0;
        output.progress?.update(output.before);
        current++;
      }
      writing = false;
      pump();
    };

    const onMessage = (w: Worker, m: FromWorker): void => {
      if (m.type === 'out') {
        const h = held.get(m.index)!;
        h.pieces.push(m);
        h.size += m.out.length;
        // The current input's pieces are taken once written; another's at once, while it holds little.
        if (m.index !== current && h.size < HELD) w.postMessage({ type: 'ack' } satisfies ToWorker);
        else h.waiting = true;
      } else if (m.type === 'done') {
        held.get(m.index)!.done = true;
        if (m.outcome === 'unreadable') unreadable++;
        else if (m.outcome === 'broken') broken++;
        idle.push(w);
      } else {
        cmd.merge(m.state);
        states++;
        return;
      }
      write().catch((e: Error) => stop(e));
    };

    const script = workerFile();
    const threads = Math.min(run.threads, inputs.length);
    for (let i = 0; i < threads; i++) {
      const w = new Worker(script, { workerData: data });
      w.on('message', (m: FromWorker) => onMessage(w, m));
      w.on('error', (e) => stop(e));
      w.on('exit', (code) => {
        if (!finished) stop(new Error(`a worker thread stopped (exit code ${code}) before its work was done`));
        else if (++exited === threads) {
          if (states === threads || output.out.closed) resolvePromise({ unreadable, broken });
          else rejectPromise(new Error('a worker thread ended without its counts'));
        }
      });
      workers.push(w);
      idle.push(w);
    }
    pump();
  });
}

/** The worker side: reads each input it is handed, sends its output in pieces, and its counts at the end. */
export async function serveFiles(port: MessagePort, data: FilesWorkerData): Promise<void> {
  const spec = linksCommand;
  const config = configure(spec, data.args, LINE_COMMANDS) as LinksSettings;
  await need(spec.packages?.(config) ?? [], 'urikit links');
  const cmd = spec.create(config, { inWorker: true, sink: null }) as LinksCommand;
  let acked: (() => void) | null = null;
  let index = 0;
  /** A sink that sends each piece to the main thread and waits until it is taken. */
  const sink: Sink = {
    closed: false,
    error: null,
    write: () => Promise.resolve(),
    flush: async (out: Out): Promise<void> => {
      const text = out.text();
      const err = cmd.err.text();
      if (text === '' && err === '') return;
      const taken = new Promise<void>((resolve) => {
        acked = resolve;
      });
      port.postMessage({ type: 'out', index, out: text, err, keys: cmd.takeKeys() } satisfies FromWorker);
      await taken;
    },
  };
  const quiet: Sink = { closed: false, error: null, write: () => Promise.resolve(), flush: () => Promise.resolve() };
  const output: DocumentOutput = { out: sink, err: quiet, progress: null, before: 0 };
  port.on('message', (m: ToWorker) => {
    if (m.type === 'ack') {
      const a = acked;
      acked = null;
      a?.();
    } else if (m.type === 'input') {
      index = m.index;
      void (async () => {
        const outcome = await readInput(m.input, config, cmd, process.stdin, output);
        await sink.flush(cmd.out);
        port.postMessage({ type: 'done', index: m.index, outcome } satisfies FromWorker);
      })();
    } else {
      port.postMessage({ type: 'state', state: cmd.state() } satisfies FromWorker);
      port.close();
    }
  });
}
