/**
 * `urikit routes --check FILE`: what `checkTemplates` finds in a templates file (two templates
 * that can match one URI, with the URI; templates earlier ones shadow), by the file's lines, as
 * text or JSON, and the exit code it makes.
 */
import { checkTemplates, type TemplateCheck } from '../../template/check.js';
import { terminalSafe } from '../io/quote.js';
import type { Templates } from '../options/templates.js';
import type { Done } from './command.js';

/** A finding about the template at `line` (the later one of a pair), for the order of the text. */
interface Finding {
  readonly line: number;
  readonly other: number;
  readonly text: string;
}

/**
 * The findings of `templates` from `file`: one line each, `FILE:LINE: …`, by line (or with
 * `json` one object), a summary (unless `quiet`), and exit code 1 when something was found or
 * could not be decided, else 0.
 */
export function checkRoutes(templates: Templates, json: boolean, quiet: boolean): Done {
  const list = templates.set.templates;
  const lines = templates.lines;
  const c = checkTemplates(list);
  const file = templates.file;
  const t = (i: number): string => list[i]!.template;
  const line = (i: number): number => lines[i]!;
  const found = c.overlaps.length + c.shadowed.length + c.undecided.length + c.unconfirmed.length;
  const code = found > 0 ? 1 : 0;
  const summary = quiet ? '' : `urikit: ${summaryOf(c, list.length, file)}\n`;
  if (json) {
    const o = {
      file,
      templates: list.length,
      overlaps: c.overlaps.map((x) => ({
        lines: [line(x.first), line(x.second)],
        templates: [t(x.first), t(x.second)],
        witness: x.witness,
      })),
      shadowed: c.shadowed.map((x) => ({ line: line(x.index), template: t(x.index), by: x.by.map(line) })),
      undecided: c.undecided.map(([i, j]) => ({ lines: j === -1 ? [line(i)] : [line(i), line(j)] })),
      unconfirmed: c.unconfirmed.map((x) => ({
        lines: [line(x.first), line(x.second)],
        templates: [t(x.first), t(x.second)],
        witness: x.witness,
      })),
    };
    return { out: terminalSafe(`${JSON.stringify(o)}\n`), err: summary, code };
  }
  const findings: Finding[] = [
    ...c.overlaps.map((x) => ({
      line: line(x.second),
      other: line(x.first),
      text: `${t(x.second)} and line ${line(x.first)}'s ${t(x.first)} both match ${x.witness}`,
    })),
    ...c.shadowed.map((x) => ({
      line: line(x.index),
      other: Number.MAX_SAFE_INTEGER,
      text: `${t(x.index)} is shadowed by ${lineList(x.by.map(line))}: no URI reaches it`,
    })),
    ...c.undecided.map(([i, j]) =>
      j === -1
        ? { line: line(i), other: Number.MAX_SAFE_INTEGER, text: `${t(i)}: too large to tell whether earlier templates shadow it` }
        : { line: line(j), other: line(i), text: `${t(j)} and line ${line(i)}'s ${t(i)}: too large to tell whether they overlap` },
    ),
    ...c.unconfirmed.map((x) => ({
      line: line(x.second),
      other: line(x.first),
      text: `${t(x.second)} and line ${line(x.first)}'s ${t(x.first)}: their patterns both accept ${x.witness}, which one's extract refuses (a variable used twice); not decided whether a URI matches both`,
    })),
  ].sort((a, b) => a.line - b.line || a.other - b.other);
  const out = findings.map((f) => `${file}:${f.line}: ${f.text}\n`).join('');
  return { out: terminalSafe(out), err: terminalSafe(summary), code };
}

/** "line 1", "lines 1 and 3", "lines 1, 3 and 4". */
function lineList(ns: readonly number[]): string {
  if (ns.length === 1) return `line ${ns[0]}`;
  return `lines ${ns.slice(0, -1).join(', ')} and ${ns.at(-1)}`;
}

/** The summary line: what was checked and found. */
function summaryOf(c: TemplateCheck, n: number, file: string): string {
  const of = `${n} ${n === 1 ? 'template' : 'templates'} in ${file}`;
  const parts: string[] = [];
  const o = c.overlaps.length;
  const s = c.shadowed.length;
  const u = c.undecided.length;
  if (o > 0) parts.push(`${o} ${o === 1 ? 'pair' : 'pairs'} that can match the same URI`);
  if (s > 0) parts.push(`${s} shadowed`);
  if (u > 0) parts.push(`${u} too large to check`);
  const m = c.unconfirmed.length;
  if (m > 0) parts.push(`${m} ${m === 1 ? 'pair' : 'pairs'} not decided`);
  return parts.length === 0 ? `${of}: none overlaps another or is shadowed` : `${of}: ${parts.join(', ')}`;
}
