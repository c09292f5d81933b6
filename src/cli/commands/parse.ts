/**
 * `urikit parse`: the components of every record, as JSON lines or tab-separated values. Invalid
 * records are part of the output (exit code 0).
 */
import type { ByteView } from '../../readers/bytes.js';
import { TargetForm } from '../../readers/request-target.js';
import { Flag, type HostType, hostTypeOf, Range, rangeEnd, rangeFlag, rangeStart, Slot, WARNING_FLAGS } from '../../syntax/offsets.js';
import type { UriTemplateMatch } from '../../template/set.js';
import type { Uri } from '../../uri.js';
import { tsvField } from '../io/quote.js';
import { copyBytes, MAX_DIGITS, Names, Words, writeDigits, writeTabs } from '../io/writer.js';
import type { Latin1Slicer, TargetView } from '../lines/log.js';
import { KIND_NAMES, Kind, type LineContext } from '../lines/records.js';
import { type Lines, lines } from '../options/arguments.js';
import { flag, text, UsageError } from '../options/option.js';
import { MATCH, matchRecord, type Templates, templatesOf } from '../options/templates.js';
import { Command, jsonError, type LineCommandSpec } from './command.js';
import { defaultFields, FIELDS, type Field, fieldNamed } from './fields.js';

/** The JSON string of `s`, `null` for undefined. */
function q(s: string | undefined): string {
  return s === undefined ? 'null' : JSON.stringify(s);
}

/** `q` for a string that needs no escape. */
function quote(s: string | undefined): string {
  return s === undefined ? 'null' : `"${s}"`;
}

/**
 * How `parse --tsv` writes a field of a valid record as bytes (`ParseCommand.tsvBytes`): a
 * component's `Range`, copied from the record's bytes, or one of these.
 */
// biome-ignore lint/suspicious/noConstEnum: its members must be constants in the compiled tsvBytes (tsc inlines them)
const enum Cell {
  LINE = -1,
  KIND = -2,
  HREF = -3,
  HOST_TYPE = -4,
  /** error, and warnings (a record without WARNING_FLAGS has none). */
  EMPTY = -5,
}

/** The cells of `fields` when each can be written as bytes, else null (portNumber, template, variables are made as strings). */
function cellsOf(fields: readonly Field[]): Int32Array | null {
  const cells = new Int32Array(fields.length);
  for (let i = 0; i < fields.length; i++) {
    const c = CELLS[fields[i]!];
    if (c === undefined) return null;
    cells[i] = c;
  }
  return cells;
}

const CELLS: Partial<Record<Field, number>> = {
  line: Cell.LINE,
  field: Cell.KIND,
  href: Cell.HREF,
  scheme: Range.SCHEME,
  authority: Range.AUTHORITY,
  userinfo: Range.USERINFO,
  host: Range.HOST,
  hostType: Cell.HOST_TYPE,
  port: Range.PORT,
  path: Range.PATH,
  query: Range.QUERY,
  fragment: Range.FRAGMENT,
  warnings: Cell.EMPTY,
  error: Cell.EMPTY,
};

/** The names `tsvBytes` writes: the kinds of record, the host types (`hostTypeOf`'s, by their index in HOST_TYPE_NAMES). */
const KINDS = new Names(KIND_NAMES);
const HOST_TYPE_NAMES: readonly HostType[] = ['reg-name', 'ipv4', 'ipv6', 'ipvfuture'];
const HOST_TYPES = new Names(HOST_TYPE_NAMES);

/** What the memo keeps of a valid record's output: its line in pieces that the line number goes between (one piece when the fields have no line). */
type Pieces = readonly string[];

/** The settings of `parse`. */
export interface ParseSettings extends Lines {
  /** The fields written, in order. */
  readonly fields: readonly Field[];
  /** Tab-separated values instead of JSON lines; `header` writes the field names first. */
  readonly tsv: boolean;
  readonly header: boolean;
  /** The URI Templates that request targets are matched against (`--templates FILE`), or null. */
  readonly templates: Templates | null;
}

const OPTIONS = {
  tsv: flag('--tsv', 'tab-separated values, with a header line (an absent and an empty component are both empty; "error" holds the code)'),
  noHeader: flag('--no-header', 'with --tsv, no header line'),
  fields: text(
    '--fields',
    'LIST',
    `the fields to write, in this order, comma-separated (default: line, [field,] href, scheme, userinfo, host, hostType, port, path, query, fragment[, warnings for --lenient][, template, variables for --templates][, error for --tsv]), of: ${FIELDS.join(', ')}`,
    { example: 'scheme,host,path,…' },
  ),
  templates: text(
    '--templates',
    'FILE',
    'match each URI\'s request target (path and query; an opaque URI such as mailto:x whole) against the URI Templates of FILE, one per line (RFC 6570; empty lines skipped): "template" is the first that matches, in the file\'s order, "variables" its values, decoded ({"id":"42"}; JSON text with --tsv); null when none does',
  ),
  match: MATCH,
} as const;

/** `--fields LIST`, checked. */
function fieldList(list: string, templates: boolean): Field[] {
  const names = list.split(',').map((f) => f.trim());
  return names.map((name, i) => {
    const f = fieldNamed(name);
    if (f === undefined) throw new UsageError(`unknown field "${name}" in --fields; the fields are ${FIELDS.join(', ')}`);
    if (names.indexOf(name) !== i) throw new UsageError(`--fields names "${name}" twice`);
    if ((f === 'template' || f === 'variables') && !templates)
      throw new UsageError(`--fields ${f} needs --templates FILE: the templates the records are matched against`);
    return f;
  });
}

/** Writes the components of every record. */
export class ParseCommand extends Command {
  private readonly fields: readonly Field[];
  /**
   * With --tsv, when every field can be: the fields as `Cell`s, to write a valid record's line as
   * bytes copied from the input (making strings of its components, joining and encoding them
   * took some 40% of the instructions on a log of distinct requests); null otherwise.
   */
  private readonly cells: Int32Array | null;
  /** The view of the buffer whose records `tsvBytes` copies (see `copyBytes`). */
  private readonly srcWords = new Words();
  /** The record's match with --templates (read by the template and variables fields). */
  private match: UriTemplateMatch | null = null;
  /** The output of the valid texts seen lately is kept, in pieces (see `pieces`). */
  override memo = true;

  declare readonly config: ParseSettings;

  constructor(config: ParseSettings) {
    super(config);
    this.fields = config.fields;
    this.cells = config.tsv && config.templates === null ? cellsOf(config.fields) : null;
  }

  override begin(): void {
    if (this.config.tsv && this.config.header) this.out.push(`${this.fields.join('\t')}\n`);
  }

  record(r: ByteView, ctx: LineContext): Pieces | undefined {
    this.uris++;
    if (r.code !== 0) {
      this.invalidRecord(r, ctx.line, ctx.kind);
      return undefined;
    }
    // A record that is ASCII and strict RFC 3986 is its own text, and so is each of its
    // components; an authority-form target's view reads as "//host:port" (TargetView.uri).
    if (
      this.cells !== null &&
      (r.offsets[Slot.FLAGS]! & (WARNING_FLAGS | Flag.NON_ASCII)) === 0 &&
      !(ctx.kind === Kind.TARGET && (r as TargetView).form === TargetForm.AUTHORITY)
    )
      return this.tsvBytes(this.cells, r.bytes, r.start, r.end, r.offsets, ctx);
    const pieces = this.pieces(r, ctx.kind);
    this.write(pieces, ctx.line);
    return pieces;
  }

  again(pieces: Pieces, _bytes: Uint8Array, _start: number, ctx: LineContext): void {
    this.uris++;
    this.write(pieces, ctx.line);
  }

  /**
   * Writes the TSV line of the valid record [start, end) of `bytes` (ASCII, strict RFC 3986),
   * whose `offsets` are positions in `bytes`; with `ctx.keep`, returns it for the memo.
   */
  private tsvBytes(cells: Int32Array, bytes: Uint8Array, start: number, end: number, o: Uint32Array, ctx: LineContext): Pieces | undefined {
    const out = this.out;
    // Each cell is at most the record, or a number, a kind's or a host type's name, and its tab;
    // copyBytes may write 7 bytes past the end.
    const buf = out.room(cells.length * (Math.max(end - start, MAX_DIGITS) + 1) + 8);
    const words = out.words;
    const srcWords = this.srcWords.of(bytes);
    const first = out.at;
    let at = first;
    let digits = -1;
    let after = -1;
    // Empty cells are only their tabs: a run of them is written at once, before the next cell with text.
    let tabs = 0;
    const flags = o[Slot.FLAGS]!;
    for (let i = 0; i < cells.length; i++) {
      if (i > 0) tabs++;
      const c = cells[i]!;
      let from = 0;
      let to = 0;
      let names: Names | null = null;
      if (c >= 0) {
        const flag = rangeFlag(c);
        if (flag !== 0 && (flags & flag) === 0) continue;
        const s = rangeStart(c);
        from = s === -1 ? start : o[s]!;
        to = o[rangeEnd(c)]!;
      } else if (c === Cell.HREF) {
        from = start;
        to = end;
      } else if (c === Cell.KIND) {
        names = KINDS;
        from = KINDS.starts[ctx.kind]!;
        to = KINDS.starts[ctx.kind + 1]!;
      } else if (c === Cell.HOST_TYPE) {
        const type = hostTypeOf(flags);
        if (type === undefined) continue;
        const t = HOST_TYPE_NAMES.indexOf(type);
        names = HOST_TYPES;
        from = HOST_TYPES.starts[t]!;
        to = HOST_TYPES.starts[t + 1]!;
      } else if (c !== Cell.LINE) {
        continue;
      }
      if (from === to && c !== Cell.LINE) continue;
      if (tabs > 0) at = writeTabs(words, at, tabs);
      tabs = 0;
      if (c === Cell.LINE) {
        digits = at;
        at = writeDigits(buf, at, ctx.line);
        after = at;
      } else if (names === null) {
        at = copyBytes(buf, words, at, bytes, srcWords, from, to);
      } else {
        at = copyBytes(buf, words, at, names.bytes, names.words, from, to);
      }
    }
    if (tabs > 0) at = writeTabs(words, at, tabs);
    buf[at++] = 0x0a;
    out.at = at;
    if (!ctx.keep) return undefined;
    // The memo keeps strings (a copy of bytes cost an ArrayBuffer each); its repeats are written as such.
    const text = buf as unknown as Latin1Slicer;
    return digits === -1 ? [text.latin1Slice(first, at)] : [text.latin1Slice(first, digits), text.latin1Slice(after, at)];
  }

  /** The output line of valid `r`, in pieces that its line number goes between (one per line field). */
  private pieces(r: ByteView, kind: Kind): string[] {
    const u = r.uri()!;
    const fields = this.fields;
    if (this.config.templates !== null) this.match = matchRecord(this.config.templates, r);
    const pieces: string[] = [];
    let s = '';
    // A URI that strict RFC 3986 accepts holds no character that JSON or TSV escapes (no '"',
    // '\\', tab, control); one that lenient mode kept may.
    const raw = (u.flags & WARNING_FLAGS) === 0;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      if (this.config.tsv) {
        if (i > 0) s += '\t';
        if (f === 'line') {
          pieces.push(s);
          s = '';
          continue;
        }
        const cell = this.tsv(f, u, r, kind);
        // Decoded variables can hold any character.
        s += raw && f !== 'variables' ? cell : tsvField(cell);
      } else {
        s += `${(i === 0 ? '{"' : ',"') + f}":`;
        if (f === 'line') {
          pieces.push(s);
          s = '';
          continue;
        }
        s += this.json(f, u, r, kind, raw);
      }
    }
    if (!this.config.tsv) s += fields.length === 0 ? '{}' : '}';
    pieces.push(`${s}\n`);
    return pieces;
  }

  private write(pieces: readonly string[], line: number): void {
    this.out.push(pieces.length === 1 ? pieces[0]! : pieces.join(String(line)));
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
    const cells = this.fields.map((f) =>
      f === 'line' ? String(line) : f === 'field' ? KIND_NAMES[kind] : f === 'error' ? code : f === 'href' ? tsvField(href) : '',
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

  private json(f: Field, u: Uri, r: ByteView, kind: Kind, raw: boolean): string {
    switch (f) {
      case 'field':
        return kind === Kind.LINE ? 'null' : `"${KIND_NAMES[kind]}"`;
      case 'portNumber':
        return String(u.portNumber ?? null);
      case 'warnings':
        // What the bytes held, which the text may no longer show (a byte that is not UTF-8 reads as %XX).
        return JSON.stringify(r.warnings);
      case 'template':
        return this.match === null ? 'null' : JSON.stringify(this.match.template.template);
      case 'variables':
        return this.match === null ? 'null' : JSON.stringify(this.match.variables);
      case 'error':
        return 'null';
      default:
        return raw ? quote(component(f, u)) : q(component(f, u));
    }
  }

  private tsv(f: Field, u: Uri, r: ByteView, kind: Kind): string {
    switch (f) {
      case 'field':
        return KIND_NAMES[kind];
      case 'portNumber':
        return String(u.portNumber ?? '');
      case 'warnings':
        return r.warnings.join(',');
      case 'template':
        return this.match === null ? '' : this.match.template.template;
      case 'variables':
        // An object in a cell: its JSON text.
        return this.match === null ? '' : JSON.stringify(this.match.variables);
      case 'error':
        return '';
      default:
        return component(f, u) ?? '';
    }
  }
}

function component(f: Field, u: Uri): string | undefined {
  switch (f) {
    case 'href':
      return u.href;
    case 'scheme':
      return u.scheme;
    case 'authority':
      return u.authority;
    case 'userinfo':
      return u.userinfo;
    case 'host':
      return u.host;
    case 'hostType':
      return u.hostType;
    case 'port':
      return u.port;
    case 'path':
      return u.path;
    case 'query':
      return u.query;
    default:
      return u.fragment;
  }
}

export const parseCommand: LineCommandSpec<ParseSettings> = {
  name: 'parse',
  summary: 'the components of each URI, as JSON lines or tab-separated values',
  usage: 'Usage: urikit parse [options] [FILE|-]',
  about: `The components of each URI, one JSON object per line:
  {"line":1,"href":"http://a.com/x?y","scheme":"http","userinfo":null,
   "host":"a.com","hostType":"reg-name","port":null,"path":"/x","query":"y",
   "fragment":null}
null means the component is absent, "" that it is present and empty. An
invalid URI gives {"line":N,"error":{"code":…,"index":…,"message":…}}.
With --log, each object also has "field": "target" or "referrer".
`,
  options: [{ title: 'Options:', rows: Object.values(OPTIONS) }],
  exit: 'Exit code 0 even when some lines are invalid (they are in the output).',
  common: true,
  rank: 6,
  settings(a, args) {
    const common = lines('parse', a, args);
    const tsv = a.get(OPTIONS.tsv);
    const templates = templatesOf(a.get(OPTIONS.templates), a.get(MATCH));
    const list = a.get(OPTIONS.fields);
    const fields =
      list === null
        ? defaultFields(common.log !== null, tsv, common.parse.lenient === true, templates !== null)
        : fieldList(list, templates !== null);
    return { ...common, fields, tsv, header: !a.get(OPTIONS.noHeader), templates };
  },
  input: () => 'uris',
  numbered: true,
  create: (config) => new ParseCommand(config),
};
