/**
 * The tokenizer against the html5lib tokenizer tests (test/fixtures/html5lib-tests/tokenizer):
 * for every case and every initial state it names, the start tags (name, attributes in order,
 * first of a name kept, self-closing), end tags, comments and DOCTYPEs must be the ones the case
 * expects, in order, whatever the chunks the input comes in. Character tokens and the text of
 * comments decide no link and are not compared (a comment that ends in the wrong place shows as
 * a missing comment or tag).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadPackages } from '../../src/links/packages.js';
import { CDATA_SECTION, DATA, PLAINTEXT, RAWTEXT, RCDATA, SCRIPT_DATA, Tokenizer, type TokenSink } from '../../src/links/tokenizer.js';
import { root } from '../support/paths.js';

const DIR = join(root, 'test/fixtures/html5lib-tests/tokenizer');

interface Case {
  description: string;
  input: string;
  output: unknown[][];
  initialStates?: string[];
  lastStartTag?: string;
  doubleEscaped?: boolean;
}

const STATES: Readonly<Record<string, number>> = {
  'Data state': DATA,
  'PLAINTEXT state': PLAINTEXT,
  'RCDATA state': RCDATA,
  'RAWTEXT state': RAWTEXT,
  'Script data state': SCRIPT_DATA,
  'CDATA section state': CDATA_SECTION,
};

/** The `\uHHHH` escapes of a doubleEscaped case, undone. */
function unescapeUnicode(s: string): string {
  return s.replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** Records tags as the html5lib format writes them. */
class Recorder implements TokenSink {
  readonly tokens: unknown[][] = [];
  private name = '';
  private attrs: Record<string, string> = {};
  private current = '';
  private seen = new Set<string>();

  startTag(name: string): boolean {
    this.name = name;
    this.attrs = {};
    this.seen = new Set();
    return true;
  }
  attribute(name: string): boolean {
    this.current = name;
    if (this.seen.has(name)) return false;
    this.seen.add(name);
    return true;
  }
  value(v: string | null): void {
    this.attrs[this.current] = v!;
  }
  startTagEnd(selfClosing: boolean): number {
    this.tokens.push(selfClosing ? ['StartTag', this.name, this.attrs, true] : ['StartTag', this.name, this.attrs]);
    return DATA;
  }
  endTag(name: string): void {
    this.tokens.push(['EndTag', name]);
  }
  comment(): void {
    this.tokens.push(['Comment']);
  }
  doctype(): void {
    this.tokens.push(['DOCTYPE']);
  }
  foreign(): boolean {
    return false;
  }
}

/** The tags of `input` read from `state` in chunks of `size` characters (0: one chunk). */
function tags(decode: (s: string) => string, input: string, state: number, last: string, size: number): unknown[][] {
  const r = new Recorder();
  const t = new Tokenizer(r, decode, 1 << 20, state, last);
  if (size === 0) t.write(input);
  else for (let i = 0; i < input.length; i += size) t.write(input.slice(i, i + size));
  t.end();
  return r.tokens;
}

test('html5lib tokenizer tests: every start tag, attribute value and end tag, in any chunks', async () => {
  const { decodeAttribute } = await loadPackages();
  let cases = 0;
  let runs = 0;
  let withStartTags = 0;
  const failures: string[] = [];
  const files = readdirSync(DIR).filter((f) => f.endsWith('.test'));
  for (const file of files) {
    const suite = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { tests?: Case[] };
    for (const c of suite.tests ?? []) {
      cases++;
      const input = c.doubleEscaped === true ? unescapeUnicode(c.input) : c.input;
      const expected = c.output
        .filter((t) => t[0] !== 'Character')
        .map((t) => (t[0] === 'Comment' || t[0] === 'DOCTYPE' ? [t[0]] : t))
        .map((t) => (c.doubleEscaped === true ? JSON.parse(unescapeUnicode(JSON.stringify(t))) : t));
      if (expected.some((t) => t[0] === 'StartTag')) withStartTags++;
      for (const s of c.initialStates ?? ['Data state']) {
        runs++;
        const state = STATES[s];
        if (state === undefined) throw new Error(`unknown state ${s}`);
        for (const size of [0, 1, 3]) {
          const got = tags(decodeAttribute, input, state, c.lastStartTag ?? '', size);
          if (JSON.stringify(got) !== JSON.stringify(expected)) {
            failures.push(
              `${file}: ${c.description} (${s}, chunks of ${size || 'all'}): ${JSON.stringify(got)} != ${JSON.stringify(expected)}`,
            );
            break;
          }
        }
      }
    }
  }
  assert.equal(failures.slice(0, 20), []);
  // The count the documentation quotes (docs/links.md).
  assert.equal([files.length, cases, runs, withStartTags], [14, 6806, 7032, 434]);
});

test.run();
