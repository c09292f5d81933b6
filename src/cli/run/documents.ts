/**
 * A run of `urikit links` over its inputs (links/inputs.ts): each file, directory, "-" or name of
 * `--files-from` in turn, through one command, with one progress bar over all; on worker threads
 * with `--threads` (threads/files.ts), each taking whole files. An input that cannot be read is
 * reported and the others are read (exit 1); a WARC file that breaks off or breaks its framing is
 * reported too (exit 2).
 */
import { type LineCommandSpec, MAIN } from '../commands/command.js';
import type { LinksSettings } from '../commands/links.js';
import { type DocumentOutput, type LinksCommand, readInput } from '../commands/links.js';
import { feature, need } from '../commands/packages.js';
import { describeReadError } from '../io/input.js';
import { barWanted, Progress } from '../io/progress.js';
import { BufferedWriter, type Sink } from '../io/writer.js';
import { type DocumentInput, listInputs } from '../links/inputs.js';
import { runFileThreads } from '../threads/files.js';
import { Exit, type Io, usageError } from './run.js';

/** Runs `links` over every input of `config`; returns the exit code. */
export async function runDocuments(spec: LineCommandSpec<LinksSettings>, config: LinksSettings, io: Io): Promise<number> {
  try {
    await need(spec.packages?.(config) ?? [], 'urikit links');
  } catch (e) {
    return usageError(io, (e as Error).message, 'links');
  }
  const name = feature('links').encodingName;
  for (const [option, label] of [
    ['--encoding', config.encoding],
    ['--default-encoding', config.defaultEncoding],
  ] as const) {
    if (label !== null && name(label) === null)
      return usageError(
        io,
        `${option} takes an encoding label of the WHATWG Encoding Standard (utf-8, windows-1252, shift_jis, gbk, …), not "${label}"`,
        'links',
      );
  }
  if (config.files.filter((f) => f === '-').length + (config.filesFrom === '-' ? 1 : 0) > 1)
    return usageError(io, 'standard input can be read once: give "-" once, as an input or as --files-from -', 'links');
  const glob = config.glob;
  const match = glob === null ? null : (p: string) => feature('glob').minimatch(p, glob, { matchBase: !glob.includes('/'), dot: true });
  let inputs: DocumentInput[];
  try {
    inputs = await listInputs(config.files, config.filesFrom, io.stdin, match);
  } catch (e) {
    io.stderr.write(`urikit: ${describeReadError(e as NodeJS.ErrnoException, config.filesFrom!, 'links')}\n`);
    return Exit.USAGE;
  }
  const cmd = spec.create(config, MAIN) as LinksCommand;
  const out: Sink = new BufferedWriter(io.stdout);
  const err: Sink = new BufferedWriter(io.stderr);
  const total = inputs.reduce((n, i) => n + (i.size ?? 0), 0);
  const bar =
    !config.quiet && total > 0 && inputs.every((i) => i.size !== null || i.error !== undefined) && barWanted(io.stdout, io.stderr);
  const o: DocumentOutput = { out, err, progress: bar ? new Progress(io.stderr, total) : null, before: 0 };
  let unreadable = 0;
  let broken = 0;
  // Worker threads take files: standard input is read here.
  const threads = config.threads === 'auto' || inputs.some((i) => i.path === '-') ? 1 : Math.min(config.threads, inputs.length);
  if (threads > 1) {
    const outcomes = await runFileThreads({ config, inputs, threads, cmd, output: o });
    unreadable = outcomes.unreadable;
    broken = outcomes.broken;
  } else {
    for (const input of inputs) {
      const outcome = await readInput(input, config, cmd, io.stdin, o);
      if (outcome === 'unreadable') unreadable++;
      else if (outcome === 'broken') broken++;
      if (out.closed) break;
    }
  }
  o.progress?.close();
  if (out.closed && out.error === null) return Exit.OK;
  cmd.end();
  await out.flush(cmd.out);
  await err.flush(cmd.err);
  if (out.error !== null) {
    io.stderr.write(`urikit: cannot write the output: ${out.error.message}\n`);
    return Exit.USAGE;
  }
  return broken > 0 ? Exit.USAGE : unreadable > 0 ? Exit.INVALID_INPUT : cmd.exitCode();
}
