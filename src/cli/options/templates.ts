/**
 * `--templates FILE` (stats, parse): the URI Templates of a file, one per line, matched together
 * (`UriTemplateSet`) against each record's request target (stats/template-counts.ts counts them),
 * and `--match`, how they read a query.
 */
import { readFileSync } from 'node:fs';
import type { ByteView } from '../../readers/bytes.js';
import type { UriTemplateError } from '../../template/error.js';
import { type UriTemplateMatch, UriTemplateSet } from '../../template/set.js';
import { UriTemplate } from '../../template/template.js';
import { fileProblem } from '../io/file-error.js';
import { choice, UsageError } from './option.js';

/** The templates of a file, in its order, with the line each is on. */
export interface Templates {
  readonly file: string;
  readonly set: UriTemplateSet;
  /** The line number (from 1) of each template: empty lines hold none. */
  readonly lines: readonly number[];
}

/**
 * Reads and compiles the templates of `file`: one per line ("\n" or "\r\n"), empty lines skipped;
 * `query` says how they read a URI's query (`MatchOptions`: by the pairs a template names, or
 * exactly). Throws `UsageError` naming the option that named the file (`option`), the file, the
 * line and the column of an invalid template.
 * @example
 * readTemplates('routes.txt', 'named').set.match('/users/42?utm_source=x')?.template.template; // '/users/{id}'
 */
export function readTemplates(file: string, query: 'named' | 'exact', option = '--templates'): Templates {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${option} ${file}: cannot read it: ${fileProblem(e as NodeJS.ErrnoException)}`);
  }
  const templates: UriTemplate[] = [];
  const lines: number[] = [];
  text.split('\n').forEach((line, i) => {
    const t = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (t === '') return;
    try {
      templates.push(new UriTemplate(t));
    } catch (e) {
      // A string's only error is a UriTemplateError. Columns count characters from 1, as editors show them.
      const err = e as UriTemplateError;
      throw new UsageError(`${option} ${file}:${i + 1}:${err.index + 1}: ${err.message}`);
    }
    lines.push(i + 1);
  });
  if (templates.length === 0) throw new UsageError(`${option} ${file}: no template in it (one per line)`);
  return { file, set: new UriTemplateSet(templates, { query }), lines };
}

/** What a record is matched as: its request target (path and query), or an opaque URI's whole text. */
export function matchRecord(templates: Templates, r: ByteView): UriTemplateMatch | null {
  return templates.set.match(r.requestTarget ?? r.href);
}

/** `--match`: how the templates read a query. */
export const MATCH = choice(
  '--match',
  ['named', 'exact'],
  'named',
  'with --templates, how a template reads the query: named (the default), the path exactly and of the query only the pairs the template names, found in any order, others ignored (/users/{id} matches /users/42?utm_source=x; /search{?q} matches /search?page=2&q=a+b); exact, the whole target as an expansion of the template',
  { needs: [{ options: ['--templates'], message: '--match needs --templates FILE: it says how the templates read a query' }] },
);

/** The templates of `file` (`--templates`), read as `match` says, or null. */
export function templatesOf(file: string | null, match: 'named' | 'exact'): Templates | null {
  return file === null ? null : readTemplates(file, match);
}
