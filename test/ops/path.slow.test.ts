/**
 * src/ops/path.ts: the path rules (§5.2.3 merge, §5.2.4 remove_dot_segments, relative paths), the
 * guards (§3.3, §4.2) and §5.3 recomposition, whose offsets record must be exactly the one scan
 * writes for the same text.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Flag, OFFSETS_LENGTH, type ParseOptions, parse, Slot, scan } from '../../src/index.js';
import {
  asRelativePath,
  climb,
  emptyParts,
  merge,
  type Parts,
  recompose,
  relativePath,
  removeDots,
  removeDotsRelative,
} from '../../src/ops/path.js';
import { checkOffsets } from '../../src/syntax/offsets.js';
import { grammar } from '../support/abnf.js';
import { benchData } from '../support/paths.js';
import { runs, sampled } from '../support/runs.js';

const rec = new Uint32Array(OFFSETS_LENGTH);
const scanned = new Uint32Array(OFFSETS_LENGTH);

function parts(p: Partial<Parts>): Parts {
  return Object.assign(emptyParts(), p);
}

test('merge (§5.2.3), climb, and the dot-segment rules for relative paths', () => {
  const b = 'http://a/b/c/d;p?q';
  assert.is(merge(b, 8, 16, true, 'g'), '/b/c/g');
  assert.is(merge('http://a', 8, 8, true, 'g'), '/g');
  assert.is(merge('x:', 2, 2, false, 'g'), 'g');
  assert.is(merge('x:a', 2, 3, false, 'g'), 'g');
  assert.is(climb('http://a/b/c/d', 8, 12, '../g?x', 0, 4), 'http://a/b/g?x');
  assert.is(climb('http://a/b/c/d', 8, 12, '../../../../g', 0, 13), 'http://a/g');
  assert.is(climb('http://a', 8, -1, './g', 0, 3), 'http://a/g');
  assert.is(climb('http://a/b/c/d', 8, 12, 'g/./h', 0, 5), null);
  assert.is(climb('http://a/b/c/d', 8, 12, 'x/g', 0, 3), 'http://a/b/c/x/g');
  assert.is(climb('http://a/b/c/d', 8, 12, 'x/..g', 0, 5), null); // any "/." goes the general way
  assert.is(climb('http://a/b/c/d', 8, 12, '.g', 0, 2), null);
  assert.is(climb('http://a/b/c/d', 8, 12, 'x?/.y', 0, 1), 'http://a/b/c/x?/.y'); // a "/." after the path is no segment
  assert.is(removeDots('/a/./b/../c', false), '/a/c');
  assert.is(removeDots('/a/../../b', true), '/../b');
  assert.is(removeDotsRelative('a/./b/../../../c'), '../c');
  assert.is(removeDotsRelative('a/..'), './');
  assert.is(removeDotsRelative('./a:b'), './a:b');
  assert.is(removeDotsRelative('a/..//b'), './/b');
});

test('asRelativePath and relativePath guard what a bare path would mean otherwise', () => {
  assert.is(asRelativePath(''), './');
  assert.is(asRelativePath('/x'), './/x');
  assert.is(asRelativePath('a:b/c'), './a:b/c');
  assert.is(asRelativePath('a/b:c'), 'a/b:c');
  assert.is(asRelativePath('a'), 'a');
  assert.is(relativePath('/a/b/c', '/a/d'), '../d');
  assert.is(relativePath('/a/b', '/a/x:y'), './x:y');
  assert.is(relativePath('/a/b', '/a/'), './');
  assert.is(relativePath('/a/b', '/a//x'), './/x');
  assert.is(relativePath('/a/b/c', '/a/b/c'), 'c');
  assert.is(relativePath('', '/x'), './/x');
});

test('recompose writes §5.3 and the record scan would write', () => {
  assert.is(recompose(parts({ scheme: 'http', host: 'a', port: '8080', path: '/b', query: 'q' }), rec), 'http://a:8080/b?q');
  assert.is(rec[Slot.PORT_START], 9);
  assert.is(recompose(parts({ path: 'a:b' }), null), './a:b');
  assert.is(recompose(parts({ scheme: 'x', path: 'a:b' }), null), 'x:a:b');
  assert.is(recompose(parts({ scheme: 'x', path: '//a' }), rec), 'x:/.//a');
  assert.is(rec[Slot.FLAGS], Flag.SCHEME | Flag.DOT);
  assert.is(recompose(parts({ path: '//a', fragment: '' }), rec), '/.//a#');
  assert.is(recompose(parts({ host: '', path: '//a' }), rec), '////a');
  assert.is(rec[Slot.FLAGS], Flag.AUTHORITY);
  assert.is(recompose(parts({ scheme: 'x', userinfo: '', host: '', port: '', query: '', fragment: '' }), rec), 'x://@:?#');
  assert.is(checkOffsets(rec, 'x://@:?#'), undefined);
  assert.is(recompose(parts({ host: '[v1.x]' }), rec), '//[v1.x]');
  assert.is(rec[Slot.FLAGS], Flag.AUTHORITY | Flag.HOST_IPVFUTURE);
  assert.is(recompose(parts({ host: '[::1]' }), rec), '//[::1]');
  assert.is(rec[Slot.FLAGS], Flag.AUTHORITY | Flag.HOST_IPV6);
  assert.is(recompose(parts({ host: '1.2.3.4', path: '/%41' }), rec), '//1.2.3.4/%41');
  assert.is(rec[Slot.FLAGS], Flag.AUTHORITY | Flag.HOST_IPV4 | Flag.PERCENT | Flag.PCT_UNRESERVED);
  assert.is(recompose(parts({ scheme: 'HTTP', host: 'A', path: '/%2f' }), rec), 'HTTP://A/%2f');
  assert.is(rec[Slot.FLAGS], Flag.SCHEME | Flag.AUTHORITY | Flag.UPPER | Flag.PERCENT | Flag.PCT_LOWER);
  assert.is(recompose(parts({ path: 'é' }), rec), 'é');
  assert.is(rec[Slot.FLAGS], Flag.NON_ASCII);
  // Hints said not to hold are not looked for.
  assert.is(recompose(parts({ path: './%41é' }), rec, 0), './%41é');
  assert.is(rec[Slot.FLAGS], 0);
  assert.throws(
    () => recompose(parts({ host: 'a', path: 'b' }), null),
    (e: unknown) => e instanceof RangeError && e.message === 'a path after an authority must be empty or begin with "/", got "b"',
  );
});

/** The parts of a parsed URI-reference. */
function partsOf(s: string, options?: ParseOptions): Parts {
  const u = parse(s, options);
  return parts({
    scheme: u.scheme,
    userinfo: u.userinfo,
    host: u.host,
    port: u.port,
    path: u.path,
    query: u.query,
    fragment: u.fragment,
  });
}

function sameAsScan(s: string, options: ParseOptions | undefined, where: string): void {
  const out = recompose(partsOf(s, options), rec);
  assert.is(out, s, where);
  assert.is(scan(s, scanned, options), 0, where);
  assert.equal(Array.from(rec), Array.from(scanned), where);
}

test('recompose of the components of every URI of the corpora gives the URI and its scan record', () => {
  let n = 0;
  for (const name of [
    'ada_kasztp.txt',
    'ada_node_files.txt',
    'ada_isaacs_files.txt',
    'elastic_apache_referrers.txt',
    'elastic_apache_request_targets.txt',
  ]) {
    for (const s of sampled(readFileSync(benchData(name), 'utf8').split('\n'))) {
      for (const options of [undefined, { iri: true }]) {
        if (scan(s, scanned, options) !== 0) continue;
        sameAsScan(s, options, `${name}: ${JSON.stringify(s)}`);
        n++;
      }
    }
  }
  assert.ok(n > runs(200_000), `${n} URIs`);
});

test('recompose of generated URI-references gives them back with their scan record', () => {
  const plain = grammar();
  const iri = grammar({ iri: true, zoneId: true });
  fc.assert(
    fc.property(plain.uriReference, (s) => {
      sameAsScan(s, undefined, JSON.stringify(s));
    }),
    { seed: 9001, numRuns: runs(3000) },
  );
  fc.assert(
    fc.property(iri.uriReference, (s) => {
      sameAsScan(s, { iri: true, zoneId: true }, JSON.stringify(s));
    }),
    { seed: 9002, numRuns: runs(3000) },
  );
});

test.run();
