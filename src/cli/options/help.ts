/**
 * The help, laid out from the commands' specs: `urikit --help` (`usage`) and `urikit COMMAND
 * --help` (`help`), each line at most 80 columns. An option's row shows how it is written (its
 * short form, its value), and its help line wrapped beside it.
 */
import { type CommandSpec, EVERY } from './arguments.js';
import { type Option, row as onRow } from './option.js';

const WIDTH = 80;
/** A row's options longer than this stand on a line of their own, above their text. */
const LONGEST_LABEL = 22;

/** `urikit --help`: the commands (`specs`, in their order), the input, the options of every command, the exit codes. */
export function usage(specs: readonly CommandSpec[]): string {
  const width = Math.max(...specs.map((c) => c.name.length));
  const commands = specs.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}\n`).join('');
  const rows: Row[] = [
    ...EVERY.map(row),
    ['-h, --help', 'this text; "urikit COMMAND --help" for a command\'s'],
    ['-V, --version', 'the version of urikit'],
  ];
  return `Usage: urikit <command> [options] [FILE|-]

Commands:
${commands}
Input: FILE, or standard input when FILE is "-" or absent. Gzip data (a name
ending in .gz, or data that starts with the gzip magic bytes, from a file, a
pipe or standard input) is decompressed; bzip2, xz and zstd data are refused
with the command that decompresses them. A file is read as it was when opened:
if it grows, its last line is completed; if it shrinks, the run stops with an
error after the lines before the cut. One URI per line ("\\n" or "\\r\\n"
endings, the last line may lack one); empty lines are skipped; an invalid line
never stops the run. A line longer than --max-line-length is reported
(LINE_TOO_LONG) and skipped without being held. The input is streamed: memory
does not grow with its size.

Options of every command:
${table(rows, column([rows]))}
A progress bar (bytes, rate, time left) is drawn on standard error when it is
a terminal that standard output is not (for stats and routes, also when it is:
their output comes at the end), and the input is a file or standard input
redirected from one; it fits the terminal's width and is cleared at the end
and on Ctrl-C. When standard input is the terminal, a line says so (end the
input with Ctrl-D).

Exit codes:
  0    done (validate, normalize, resolve, surt: and every URI was valid)
  1    validate, normalize, resolve, surt: some URI was invalid
  2    usage error, unreadable input, or an internal error
  130  interrupted (Ctrl-C); stats and routes first write what they counted
`;
}

/** `urikit COMMAND --help`: its usage, what it does, its options, its exit codes. */
export function help(spec: CommandSpec): string {
  const sections = spec.options.map((s) => s.rows.map(row));
  const at = column(sections);
  let text = `${spec.usage}\n\n${spec.about}`;
  spec.options.forEach((s, i) => {
    text += `\n${s.title}\n${table(sections[i]!, at)}`;
  });
  if (spec.exit !== undefined) text += `\n${wrap(words(spec.exit), 0).join('\n')}\n`;
  if (spec.common) {
    const common = EVERY.map((r) => label(r).replace(', ', '/'));
    const trailer = [
      ...words('Options of every command (see "urikit --help"):'),
      ...[...common, '-h/--help'].map((l, i, all) => `${l}${i === all.length - 1 ? '.' : ','}`),
      // A code and its meaning stay on one line: NBSP joins them until the text is wrapped.
      ...words(
        'Exit codes: 0\u00a0done, 1\u00a0some URI invalid (validate, normalize, resolve, surt), 2\u00a0usage error or unreadable input.',
      ),
    ];
    text += `\n${wrap(trailer, 0).join('\n').replaceAll('\u00a0', ' ')}\n`;
  }
  return text;
}

/** A row as the help shows it: how its options are written, and their text. */
type Row = readonly [label: string, text: string];

function row(o: Option): Row {
  return [label(o), o.help];
}

/** How a row's options are written: `-q, --quiet`, `--top N`; several, with the first one's value. */
function label(o: Option): string {
  return onRow(o)
    .map((x, i) => {
      const value = i === 0 ? x.value : undefined;
      return `${x.short === undefined ? '' : `${x.short}, `}${x.name}${value === undefined ? '' : ` ${value}`}`;
    })
    .join(', ');
}

/** The column where the rows' texts start: after the longest label that shares its line. */
function column(sections: readonly (readonly Row[])[]): number {
  const labels = sections.flat().map((r) => r[0].length);
  return 2 + Math.max(0, ...labels.filter((n) => n <= LONGEST_LABEL)) + 2;
}

/** The rows, two columns: labels from column 2, texts from `at`, wrapped. */
function table(rows: readonly Row[], at: number): string {
  let out = '';
  for (const [options, text] of rows) {
    const lines = wrap(words(text), at);
    const first = `  ${options}`;
    if (first.length + 2 > at) out += `${first}\n${lines.join('\n')}\n`;
    else out += `${first.padEnd(at)}${lines.join('\n').slice(at)}\n`;
  }
  return out;
}

function words(text: string): string[] {
  return text.split(' ').filter((w) => w !== '');
}

/** `ws` in lines of at most WIDTH columns, each indented by `indent` spaces. */
function wrap(ws: readonly string[], indent: number): string[] {
  const lines: string[] = [];
  let line = ' '.repeat(indent);
  let empty = true;
  for (const w of ws) {
    if (!empty && line.length + 1 + w.length > WIDTH) {
      lines.push(line);
      line = ' '.repeat(indent);
      empty = true;
    }
    line += empty ? w : ` ${w}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}
