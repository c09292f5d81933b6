/**
 * `urikit parse`: the components of every record, as JSON lines or tab-separated values. Invalid
 * records are part of the output (exit code 0).
 */
import type { ByteView } from '../../readers/bytes.js';
import { WARNING_FLAGS } from '../../syntax/offsets.js';
import type { UriTemplateMatch } from '../../template/set.js';
import type { Uri } from '../../uri.js';
import { Command, type CommandSpec, jsonError } from '../command.js';
import type { Config } from '../config.js';
import { tsvField } from '../quote.js';
import { KIND_NAMES, Kind } from '../records.js';
import { matchRecord } from '../templates.js';

/** The fields `parse` can write. */
export const FIELDS = [
  'line',
  'field',
  'href',
  'scheme',
  'authority',
  'userinfo',
  'host',
  'hostType',
  'port',
  'portNumber',
  'path',
  'query',
  'fragment',
  'warnings',
  'template',
  'variables',
  'error',
] as const;

/**
 * `parse`'s fields when `--fields` is not given: `field` with --log, `warnings` with --lenient,
 * `template` and `variables` with --templates.
 */
export function defaultFields(log: boolean, tsv: boolean, lenient: boolean, templates: boolean): string[] {
  const f = ['line', 'href', 'scheme', 'userinfo', 'host', 'hostType', 'port', 'path', 'query', 'fragment'];
  if (log) f.splice(1, 0, 'field');
  if (lenient) f.push('warnings');
  if (templates) f.push('template', 'variables');
  if (tsv) f.push('error');
  return f;
}

/** The JSON string of `s`, `null` for undefined. */
function q(s: string | undefined): string {
  return s === undefined ? 'null' : JSON.stringify(s);
}

/** `q` for a string that needs no escape. */
function quote(s: string | undefined): string {
  return s === undefined ? 'null' : `"${s}"`;
}

/** The fields, by their index in FIELDS. */
enum F {
  LINE,
  FIELD,
  HREF,
  SCHEME,
  AUTHORITY,
  USERINFO,
  HOST,
  HOST_TYPE,
  PORT,
  PORT_NUMBER,
  PATH,
  QUERY,
  FRAGMENT,
  WARNINGS,
  TEMPLATE,
  VARIABLES,
  ERROR,
}

/** Writes the components of every record. */
export class ParseCommand extends Command {
  private readonly ids: F[];
  private readonly names: string[];
  /** The record's match with --templates (read by the template and variables fields). */
  private match: UriTemplateMatch | null = null;

  constructor(config: Config) {
    super(config);
    this.names = config.fields;
    this.ids = config.fields.map((f) => FIELDS.indexOf(f as (typeof FIELDS)[number]) as F);
  }

  override begin(): void {
    if (this.config.tsv && this.config.header) this.out.push(`${this.names.join('\t')}\n`);
  }

  record(r: ByteView, line: number, kind: Kind): void {
    this.uris++;
    if (r.code !== 0) {
      this.invalidRecord(r, line, kind);
      return;
    }
    const u = r.uri()!;
    const ids = this.ids;
    if (this.config.templates !== null) this.match = matchRecord(this.config.templates, r);
    let s = '';
    // A URI that strict RFC 3986 accepts holds no character that JSON or TSV escapes (no '"',
    // '\\', tab, control); one that lenient mode kept may.
    const raw = (u.flags & WARNING_FLAGS) === 0;
    if (this.config.tsv) {
      for (let i = 0; i < ids.length; i++) {
        const cell = this.tsv(ids[i]!, u, r, line, kind);
        // Decoded variables can hold any character.
        s += (i === 0 ? '' : '\t') + (raw && ids[i] !== F.VARIABLES ? cell : tsvField(cell));
      }
    } else {
      for (let i = 0; i < ids.length; i++) s += `${(i === 0 ? '{"' : ',"') + this.names[i]}":${this.json(ids[i]!, u, r, line, kind, raw)}`;
      s += ids.length === 0 ? '{}' : '}';
    }
    this.out.push(`${s}\n`);
  }

  /** Invalid records are part of the output: no summary, exit code 0. */
  override end(): void {}

  override exitCode(): number {
    return 0;
  }

  protected reject(line: number, kind: Kind, code: string, index: number, message: string, href = ''): void {
    if (!this.config.tsv) {
      this.out.push(jsonError(line, kind, code, index, message));
      return;
    }
    const cells = this.ids.map((id) =>
      id === F.LINE ? String(line) : id === F.FIELD ? KIND_NAMES[kind] : id === F.ERROR ? code : id === F.HREF ? tsvField(href) : '',
    );
    this.out.push(`${cells.join('\t')}\n`);
  }

  protected override invalidRecord(r: ByteView, line: number, kind: Kind): void {
    if (!this.config.tsv) {
      super.invalidRecord(r, line, kind);
      return;
    }
    this.invalid++;
    this.reject(line, kind, r.error().code, 0, '', r.href);
  }

  private json(id: F, u: Uri, r: ByteView, line: number, kind: Kind, raw: boolean): string {
    switch (id) {
      case F.LINE:
        return String(line);
      case F.FIELD:
        return kind === Kind.LINE ? 'null' : `"${KIND_NAMES[kind]}"`;
      case F.PORT_NUMBER:
        return String(u.portNumber ?? null);
      case F.WARNINGS:
        // What the bytes held, which the text may no longer show (a byte that is not UTF-8 reads as %XX).
        return JSON.stringify(r.warnings);
      case F.TEMPLATE:
        return this.match === null ? 'null' : JSON.stringify(this.match.template.template);
      case F.VARIABLES:
        return this.match === null ? 'null' : JSON.stringify(this.match.variables);
      case F.ERROR:
        return 'null';
      default:
        return raw ? quote(component(id, u)) : q(component(id, u));
    }
  }

  private tsv(id: F, u: Uri, r: ByteView, line: number, kind: Kind): string {
    switch (id) {
      case F.LINE:
        return String(line);
      case F.FIELD:
        return KIND_NAMES[kind];
      case F.PORT_NUMBER:
        return String(u.portNumber ?? '');
      case F.WARNINGS:
        return r.warnings.join(',');
      case F.TEMPLATE:
        return this.match === null ? '' : this.match.template.template;
      case F.VARIABLES:
        // An object in a cell: its JSON text.
        return this.match === null ? '' : JSON.stringify(this.match.variables);
      case F.ERROR:
        return '';
      default:
        return component(id, u) ?? '';
    }
  }
}

function component(id: F, u: Uri): string | undefined {
  switch (id) {
    case F.HREF:
      return u.href;
    case F.SCHEME:
      return u.scheme;
    case F.AUTHORITY:
      return u.authority;
    case F.USERINFO:
      return u.userinfo;
    case F.HOST:
      return u.host;
    case F.HOST_TYPE:
      return u.hostType;
    case F.PORT:
      return u.port;
    case F.PATH:
      return u.path;
    case F.QUERY:
      return u.query;
    default:
      return u.fragment;
  }
}

export const parseCommand: CommandSpec = {
  name: 'parse',
  input: () => 'uris',
  numbered: true,
  create: (config) => new ParseCommand(config),
};
