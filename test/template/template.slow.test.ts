/**
 * UriTemplate: the API, literal and value encoding, errors with exact indices, extraction's
 * documented choices, partial expansion, and the runners (lazy DFA, Pike VM, two passes) agreeing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UriError, UriTemplate, UriTemplateError } from '../../src/index.js';
import { Dfa, OVERFLOW } from '../../src/template/dfa.js';
import { Lookahead } from '../../src/template/lookahead.js';
import { templateNfa } from '../../src/template/nfa.js';
import { Pike } from '../../src/template/pike.js';
import { Spans } from '../../src/template/spans.js';
import { compile } from '../../src/template/syntax.js';

function rejects(template: string, code: string, index: number, message?: string): void {
  try {
    new UriTemplate(template);
  } catch (e) {
    assert.instance(e, UriTemplateError);
    assert.instance(e, UriError);
    assert.instance(e, TypeError);
    const err = e as UriTemplateError;
    assert.equal([err.code, err.index, err.input], [code, index, template], JSON.stringify(template));
    assert.is(err.name, 'UriTemplateError');
    if (message !== undefined) assert.is(err.message, message);
    return;
  }
  assert.unreachable(`${JSON.stringify(template)} was accepted`);
}

// ---------------------------------------------------------------------------------------------
// The API.

test('template, variables (in order of first use), toString', () => {
  const t = new UriTemplate('/repos/{owner}/{repo}{?page,owner,per_page}{#frag}');
  assert.is(t.template, '/repos/{owner}/{repo}{?page,owner,per_page}{#frag}');
  assert.equal(t.variables, ['owner', 'repo', 'page', 'per_page', 'frag']);
  assert.is(String(t), t.template);
  assert.equal(new UriTemplate('no-expressions').variables, []);
  assert.is(new UriTemplate('').expand({}), '');
  assert.equal(new UriTemplate('').extract(''), {});
  assert.is(new UriTemplate('').extract('x'), null);
});

test('arguments of the wrong type are a TypeError that names them', () => {
  const typeError = (f: () => unknown, message: string): void => {
    try {
      f();
    } catch (e) {
      assert.instance(e, TypeError);
      assert.not.instance(e, UriError);
      assert.is((e as Error).message, message);
      return;
    }
    assert.unreachable(message);
  };
  typeError(() => new UriTemplate(42 as unknown as string), 'UriTemplate: template must be a string, got a number (42)');
  const t = new UriTemplate('{a}');
  typeError(() => t.expand(null as never), 'UriTemplate.expand: variables must be an object or a Map, got null');
  typeError(() => t.expand('a' as never), 'UriTemplate.expand: variables must be an object or a Map, got a string ("a")');
  typeError(() => t.partialExpand(1 as never), 'UriTemplate.partialExpand: variables must be an object or a Map, got a number (1)');
  typeError(() => t.extract(undefined as unknown as string), 'UriTemplate.extract: uri must be a string, got undefined');
});

// ---------------------------------------------------------------------------------------------
// Literals (§2.1, §3.1).

test('literals: URI characters as they are, the rest as UTF-8 triplets, the apostrophe allowed (erratum 6937)', () => {
  assert.is(new UriTemplate("it's/{x}").expand({ x: 'y' }), "it's/y");
  assert.is(new UriTemplate('caf\u00e9/\u20ac/\u{1d11e}/\ue000').expand({}), 'caf%C3%A9/%E2%82%AC/%F0%9D%84%9E/%EE%80%80');
  assert.is(new UriTemplate('!#$&()*+,-./:;=?@[]_~%20%2f').expand({}), '!#$&()*+,-./:;=?@[]_~%20%2f');
  assert.equal(new UriTemplate('caf\u00e9/{x}').extract('caf%C3%A9/1'), { x: '1' });
  assert.is(new UriTemplate('caf\u00e9/{x}').extract('caf\u00e9/1'), null);
});

test('literals: every character a literal cannot hold, at its index', () => {
  for (const c of [' ', '"', '<', '>', '\\', '^', '`', '|', '}', '\u0000', '\u001f', '\u007f']) rejects(`ab${c}`, 'INVALID_LITERAL', 2);
  rejects(
    'a b',
    'INVALID_LITERAL',
    1,
    'Invalid character in a literal: \' \' at index 1 in "a b": a literal cannot hold a space, a control character, \'"\', "<", ">", "\\", "^", "`" or "|" (percent-encode it)',
  );
  rejects('/id*}', 'INVALID_LITERAL', 4, 'Invalid character in a literal: \'}\' at index 4 in "/id*}": it closes no expression');
  // Non-ASCII outside ucschar and iprivate.
  rejects('a\u0085', 'INVALID_LITERAL', 1); // a C1 control
  rejects('a\ufdd0b', 'INVALID_LITERAL', 1);
  rejects('a\ufffe', 'INVALID_LITERAL', 1);
  rejects('a\ufff0', 'INVALID_LITERAL', 1);
  rejects('a\udc00', 'INVALID_LITERAL', 1); // a low surrogate alone
  rejects('\udb40\udc01', 'INVALID_LITERAL', 0); // U+E0001: no low surrogate makes DB40 valid
  assert.is(new UriTemplate('\udb44\udc00').expand({}), '%F3%A1%80%80'); // U+E1000 is a ucschar
  assert.is(new UriTemplate('\udbff\udffd').expand({}), '%F4%8F%BF%BD'); // U+10FFFD, iprivate
});

test('literals: a code point outside the BMP or a lone surrogate is reported where it starts, by its code point', () => {
  rejects(
    '\u{1FFFE}',
    'INVALID_LITERAL',
    0,
    'Invalid character in a literal: \'\u{1FFFE}\' (U+1FFFE) at index 0 in "\u{1FFFE}": U+1FFFE is a non-character; a literal holds only ucschar and iprivate characters (RFC 3987 §2.2)',
  );
  rejects('ab\u{10FFFF}{x}', 'INVALID_LITERAL', 2);
  rejects('ab\u{10FFFE}', 'INVALID_LITERAL', 2);
  rejects('{x}\u{E0001}', 'INVALID_LITERAL', 3);
  rejects(
    'a\ud800b{x}',
    'INVALID_LITERAL',
    1,
    'Invalid character in a literal: \'\\ud800\' (U+D800) at index 1 in "a\\ud800b{x}": a high surrogate without a low surrogate after it; a literal holds only ucschar and iprivate characters (RFC 3987 §2.2)',
  );
  rejects(
    'a\ud800',
    'INVALID_LITERAL',
    1,
    'Invalid character in a literal: \'\\ud800\' (U+D800) at index 1 in "a\\ud800": a high surrogate without a low surrogate after it; a literal holds only ucschar and iprivate characters (RFC 3987 §2.2)',
  );
  rejects('a\ud800\ud800\udc00', 'INVALID_LITERAL', 1);
  rejects('\ud83d\ude00\udfff', 'INVALID_LITERAL', 2); // U+1F600 is fine; the low surrogate after it is alone
});

test('percent-encoding in literals and names: the index is the first character that is not a hex digit', () => {
  rejects('a%', 'INVALID_PERCENT_ENCODING', 2);
  rejects('a%g0', 'INVALID_PERCENT_ENCODING', 2);
  rejects(
    'a%0g',
    'INVALID_PERCENT_ENCODING',
    3,
    'Invalid percent-encoding in a literal: \'g\' at index 3 in "a%0g": the "%" at index 1 must be followed by two hex digits',
  );
  rejects('{a%4', 'INVALID_PERCENT_ENCODING', 4);
  rejects(
    '{%2x}',
    'INVALID_PERCENT_ENCODING',
    3,
    'Invalid percent-encoding in a variable name: \'x\' at index 3 in "{%2x}": the "%" at index 1 must be followed by two hex digits',
  );
  assert.equal(new UriTemplate('{a%41.b}').variables, ['a%41.b']);
});

// ---------------------------------------------------------------------------------------------
// Expressions (§2.2 - §2.4).

test('expression errors: code, index and message', () => {
  rejects('x{', 'UNCLOSED_EXPRESSION', 2, 'Unclosed expression: end of input at index 2 in "x{": the "{" at index 1 has no "}"');
  rejects('{a', 'UNCLOSED_EXPRESSION', 2);
  rejects('{a:', 'UNCLOSED_EXPRESSION', 3);
  rejects('{a:12', 'UNCLOSED_EXPRESSION', 5);
  rejects('{a*', 'UNCLOSED_EXPRESSION', 3);
  rejects('{a.', 'UNCLOSED_EXPRESSION', 3);
  rejects('{+', 'UNCLOSED_EXPRESSION', 2);
  rejects('{}', 'INVALID_VARNAME', 1);
  rejects('{a,}', 'INVALID_VARNAME', 3);
  rejects('{.}', 'INVALID_VARNAME', 2);
  rejects('{a{b}', 'INVALID_EXPRESSION', 2);
  rejects(
    '{a*b}',
    'INVALID_EXPRESSION',
    3,
    'Invalid character in an expression: \'b\' at index 3 in "{a*b}": an explode "*" must be followed by "," or "}"',
  );
  rejects(
    '{a:3*}',
    'INVALID_EXPRESSION',
    4,
    'Invalid character in an expression: \'*\' at index 4 in "{a:3*}": a prefix and an explode cannot be combined (RFC 6570 §2.4)',
  );
  rejects('{a:3b}', 'INVALID_EXPRESSION', 4);
  rejects(
    '{@a}',
    'RESERVED_OPERATOR',
    1,
    'Reserved operator: \'@\' at index 1 in "{@a}": "=", ",", "!", "@" and "|" are reserved for future extensions (RFC 6570 §2.2); the operators are + # . / ; ? &',
  );
  rejects('{,a}', 'RESERVED_OPERATOR', 1);
  rejects(
    '{a:0}',
    'INVALID_PREFIX',
    3,
    'Invalid prefix modifier: \'0\' at index 3 in "{a:0}": the ":" at index 2 must be followed by 1 to 4 digits, the first not 0',
  );
  rejects(
    '{a:99999}',
    'INVALID_PREFIX',
    7,
    'Invalid prefix modifier: \'9\' at index 7 in "{a:99999}": a prefix has at most 4 digits (below 10000)',
  );
  assert.is(new UriTemplate('{a:9999}').expand({ a: 'x' }), 'x');
});

test('a long template: the message shows a window around the index', () => {
  const long = `${'a'.repeat(300)} ${'b'.repeat(300)}`;
  rejects(long, 'INVALID_LITERAL', 300);
  try {
    new UriTemplate(long);
  } catch (e) {
    assert.match((e as Error).message, /at index 300 in …"a{60} b{59}"… \(601 characters\)/);
  }
});

// ---------------------------------------------------------------------------------------------
// Values (§2.3, §3.2.1).

test('values: numbers, booleans and bigints as String() writes them; undefined forms', () => {
  const t = new UriTemplate('{a,b,c,d,e}');
  assert.is(t.expand({ a: 1.5, b: true, c: 10n, d: -0, e: 0 }), '1.5,true,10,0,0');
  const u = new UriTemplate('{?a,b,c,d,e,f}');
  assert.is(u.expand({ a: null, b: undefined, c: [], d: {}, e: [null, undefined], f: { x: null } }), '');
  assert.is(u.expand({ a: '', b: [null, 'x'], c: { k: undefined, j: 'y' } }), '?a=&b=x&c=j,y');
});

test('values: a Map, own properties only, associative arrays in their order', () => {
  const t = new UriTemplate('{?toString,constructor,__proto__}');
  assert.is(t.expand({}), '');
  assert.is(t.expand(new Map([['toString', 'x']])), '?toString=x');
  const vars = JSON.parse('{"__proto__": "p"}') as Record<string, string>;
  assert.is(t.expand(vars), '?__proto__=p');
  const m = new Map<string, string | null>([
    ['z', '1'],
    ['a', '2'],
    ['n', null],
  ]);
  assert.is(new UriTemplate('{?m*}').expand({ m }), '?z=1&a=2');
  assert.is(new UriTemplate('{m}').expand({ m }), 'z,1,a,2');
});

test('values: prefixes count code points and never split one', () => {
  const t = new UriTemplate('{a:2}|{+a:2}'.replace('|', '/'));
  assert.is(t.expand({ a: '\u{1d11e}\u{1d11e}x' }), '%F0%9D%84%9E%F0%9D%84%9E/%F0%9D%84%9E%F0%9D%84%9E');
  assert.is(new UriTemplate('{+a:2}').expand({ a: '%41bc' }), '%254');
  assert.is(new UriTemplate('{+a:3}').expand({ a: '%41bc' }), '%41');
  assert.is(new UriTemplate('{a:3}').expand({ a: 12345 }), '123');
});

test('values: U+R keeps a value\'s triplets, U encodes its "%"', () => {
  assert.is(new UriTemplate('{+a}|{a}'.replace('|', '/')).expand({ a: '%2F%zz%' }), '%2F%25zz%25/%252F%25zz%25');
  assert.is(new UriTemplate('{#a}').expand({ a: 'a b#c[d]' }), '#a%20b#c[d]');
});

test('values: exploded associative arrays with an empty value (§3.2.1)', () => {
  const keys = { a: '', b: 'x' };
  assert.is(new UriTemplate('{?keys*}').expand({ keys }), '?a=&b=x');
  assert.is(new UriTemplate('{&keys*}').expand({ keys }), '&a=&b=x');
  assert.is(new UriTemplate('{;keys*}').expand({ keys }), ';a;b=x');
  assert.is(new UriTemplate('{/keys*}').expand({ keys }), '/a/b=x');
  assert.is(new UriTemplate('{keys*}').expand({ keys }), 'a,b=x');
  assert.is(new UriTemplate('{;list*}').expand({ list: ['', 'x'] }), ';list;list=x');
  assert.is(new UriTemplate('{;list}').expand({ list: [''] }), ';list');
  assert.is(new UriTemplate('{?list}').expand({ list: [''] }), '?list=');
});

test('expansion errors: a prefix on a composite value, a value of no kind, a lone surrogate', () => {
  const err = (t: string, vars: object): UriTemplateError => {
    try {
      new UriTemplate(t).expand(vars as never);
    } catch (e) {
      assert.instance(e, UriTemplateError);
      return e as UriTemplateError;
    }
    throw new Error('expanded');
  };
  let e = err('x{/list:2}', { list: ['a'] });
  assert.equal([e.code, e.index], ['PREFIX_ON_COMPOSITE', 7]);
  assert.is(
    e.message,
    'Prefix modifier on a composite value: \':\' at index 7 in "x{/list:2}": list is a list, and a prefix applies to strings only (RFC 6570 §2.4.1)',
  );
  e = err('{a}', { a: () => 1 });
  assert.equal(
    [e.code, e.index, e.message],
    [
      'INVALID_VALUE',
      1,
      'Invalid value: \'a\' at index 1 in "{a}": the value of a cannot be expanded: a function is no string, number, boolean, list or associative array',
    ],
  );
  e = err('{x,a}', { a: [1, { y: 2 }] });
  assert.equal([e.code, e.index], ['INVALID_VALUE', 3]);
  assert.match(e.message, /a member that is a object is no string or number/);
  e = err('{+a}', { a: 'x\ud800' });
  assert.match(e.message, /lone surrogate/);
  e = err('{a}', { a: 'x\udc00' });
  assert.is(e.code, 'INVALID_VALUE');
  e = err('{a*}', { a: ['\ud800'] });
  assert.is(e.code, 'INVALID_VALUE');
  e = err('{a}', { a: Symbol('s') });
  assert.match(e.message, /a symbol is no string/);
});

// ---------------------------------------------------------------------------------------------
// Extraction: the README's rule, exactness, and safety.

test('extract: the first answer by the README rule', () => {
  const ex = (t: string, u: string): unknown => new UriTemplate(t).extract(u);
  // Defined before undefined; a value as short as the rest allows.
  assert.equal(ex('{a,b}', 'x,y'), { a: 'x', b: 'y' });
  assert.equal(ex('{+path,x}/here', '/foo/bar,1024/here'), { path: '/foo/bar', x: '1024' });
  assert.equal(ex('/{name}.{ext}', '/file.tar.gz'), { name: 'file', ext: 'tar.gz' });
  assert.equal(ex('{.a,b}', '.x.y'), { a: 'x', b: 'y' });
  // A string before a list: a list only where a string cannot hold the text.
  assert.equal(ex('{+a}', 'x,y'), { a: 'x,y' });
  assert.equal(ex('{a}', 'x,y'), { a: ['x', 'y'] });
  // Fewer list members first: each exploded list takes its share.
  assert.equal(ex('{/a*}{/b*}', '/x/y'), { a: ['x'], b: ['y'] });
  assert.equal(ex('{/path*}', '/a/b%20c'), { path: ['a', 'b c'] });
  assert.equal(ex('{?list*}', '?list=a'), { list: ['a'] });
  // A list before an associative array, which holds what a list cannot.
  assert.equal(ex('{#keys*}', '#semi=;,dot=.'), { keys: ['semi=;', 'dot=.'] });
  assert.equal(ex('X{.keys*}', 'X.semi=%3B.dot=.'), { keys: { semi: ';', dot: '.' } });
  assert.equal(ex('{?filter*}', '?state=open&sort=new'), { filter: { state: 'open', sort: 'new' } });
  // {…} and {+…} that match nothing leave their variables undefined; "=" and ";" show an empty value.
  assert.equal(ex('{a}{b}', 'xyz'), { b: 'xyz' });
  assert.equal(ex('/users/{id}', '/users/'), {});
  assert.equal(ex('{a,b}', ',y'), { a: '', b: 'y' });
  assert.equal(ex('{?x,y}', '?x=&y=1'), { x: '', y: '1' });
  assert.equal(ex('{;x,y}', ';x;y=1'), { x: '', y: '1' });
  assert.equal(ex('{#f}', '#'), { f: '' });
  // Prefixes bound a value's length.
  assert.equal(ex('{a:3}{b}', 'xyzw'), { b: 'xyzw' });
  assert.equal(ex('{a:3}-{b}', 'xyz-w'), { a: 'xyz', b: 'w' });
  assert.is(ex('{a:3}-{b}', 'wxyz-w'), null);
  assert.equal(ex('{a:1}{+b}', '%C3%BC%C3%BC'), { b: 'üü' });
  assert.equal(ex('{a:1}x', '%C3%BCx'), { a: 'ü' });
});

test('extract: exact, or null', () => {
  const t = new UriTemplate('/users/{id}');
  assert.is(t.extract('/users/a%7Eb'), null); // "~" is never encoded
  assert.is(t.extract('/users/a%2fb'), null); // expansion writes upper case
  assert.is(t.extract('/users/a+b'), null); // "+" is encoded in a {…} value
  assert.is(t.extract('/users/%C3'), null); // not UTF-8
  assert.is(t.extract('/users/%E0%80%80'), null); // an overlong form
  assert.is(t.extract('/users/caf\u00e9'), null); // expansion never writes non-ASCII
  assert.equal(t.extract('/users/a%2Fb'), { id: 'a/b' });
  assert.equal(t.extract('/users/%F0%9F%98%80'), { id: '😀' });
  assert.is(t.extract('/users/1/'), null);
  assert.is(t.extract('/user/1'), null);
  assert.is(new UriTemplate('{?a,b}').extract('?b=1&a=2'), null); // the order is the template's
});

test('extract: U+R values decode only what expansion would encode back the same way', () => {
  const t = new UriTemplate('{+p}');
  assert.equal(t.extract('/a%2Fb%20c%c3%bc%C3%BC%41'), { p: '/a%2Fb c%c3%bcü%41' });
  assert.equal(t.extract('%25'), { p: '%' });
  assert.equal(t.extract('%2541'), { p: '%2541' });
  assert.equal(t.extract('%25%41'), { p: '%%41' });
  assert.equal(t.extract('%C3%41'), { p: '%C3%41' });
  assert.equal(t.extract('%E2%82%AC%E2%82'), { p: '€%E2%82' });
  assert.is(t.extract('%4'), null);
  assert.is(t.extract('a b'), null);
  for (const u of ['/a%2Fb%20c%c3%bc%C3%BC%41', '%25', '%2541', '%25%41', '%C3%41', '%E2%82%AC%E2%82'])
    assert.is(t.expand(t.extract(u)!), u);
});

test('extract: repeated variables must agree; a repeated key in an associative array has no answer', () => {
  assert.equal(new UriTemplate('{x:3}/{x}').extract('abc/abcdef'), { x: 'abcdef' });
  assert.is(new UriTemplate('{x:3}/{x}').extract('abd/abcdef'), null);
  assert.equal(new UriTemplate('{/var:1,var}').extract('/v/value'), { var: 'value' });
  assert.equal(new UriTemplate('{a:2}{/a*}').extract('ab/abc'), { a: 'abc' });
  assert.is(new UriTemplate('{x}/{x}').extract('a/b'), null);
  assert.is(new UriTemplate('{a:2}{/a*}').extract('ab/abc/d'), null);
  assert.is(new UriTemplate('{?m*}').extract('?a=1&a=2'), null);
});

test('extract: a repeated variable is found where the URI splits one way; where it splits several, only the first answer is checked (templates.md)', () => {
  // Each expression followed by a literal its expansion cannot hold: one split, the answer found.
  assert.equal(new UriTemplate('{x:3}/{x}').extract('abc/abcd'), { x: 'abcd' });
  assert.equal(new UriTemplate('{x:1}/{x}').extract('a/ab'), { x: 'ab' });
  assert.equal(new UriTemplate('{x}/{y}/{x}').extract('a/b/a'), { x: 'a', y: 'b' });
  assert.equal(new UriTemplate('{x}/{x}').extract('a%2Fb/a%2Fb'), { x: 'a/b' });
  // Side by side, or apart by a character a value may hold: the first answer's occurrences
  // disagree, and no other is tried, though these values expand to the URI.
  const missed: Array<[string, Record<string, string>]> = [
    ['{x:1}{x}', { x: 'ab' }],
    ['{x}{x}', { x: 'ab' }],
    ['{x}{y}{x}', { x: 'a', y: 'b' }],
    ['/{x}.{x}', { x: 'a.b' }],
  ];
  for (const [text, vars] of missed) {
    const t = new UriTemplate(text);
    const uri = t.expand(vars);
    assert.is(t.extract(uri), null, `${text} on ${uri}`);
  }
  assert.is(new UriTemplate('{x:1}{x}').expand({ x: 'ab' }), 'aab');
});

test('extract: "__proto__" as a name or a key stays an own property', () => {
  const vars = new UriTemplate('{?__proto__,m*}').extract('?__proto__=x&__proto__=y&constructor=z');
  assert.ok(vars !== null);
  assert.is(Object.getPrototypeOf(vars), Object.prototype);
  assert.equal(Object.keys(vars!), ['__proto__', 'm']);
  assert.is(Object.getOwnPropertyDescriptor(vars, '__proto__')!.value, 'x');
  const m = vars!.m as Record<string, string>;
  assert.equal(Object.keys(m), ['__proto__', 'constructor']);
  assert.is(Object.getPrototypeOf(m), Object.prototype);
  assert.is(({} as Record<string, unknown>).x, undefined);
});

// ---------------------------------------------------------------------------------------------
// Partial expansion.

test('partialExpand: what is known, in place; the rest as expressions', () => {
  const t = new UriTemplate('/repos/{owner}/{repo}{?page,per_page}{#f}');
  assert.is(t.partialExpand({ owner: 'nodejs' }).template, '/repos/nodejs/{repo}{?page,per_page}{#f}');
  assert.is(t.partialExpand({ page: 2 }).template, '/repos/{owner}/{repo}?page=2{&per_page}{#f}');
  assert.is(t.partialExpand({ per_page: 2, f: null }).template, '/repos/{owner}/{repo}{?page,per_page}');
  assert.equal(t.partialExpand({ per_page: 2 }).variables, ['owner', 'repo', 'page', 'f']);
  assert.is(t.partialExpand({ per_page: 2 }).expand({ owner: 'a', repo: 'b' }), '/repos/a/b?per_page=2');
  assert.is(t.partialExpand({ per_page: 2 }).expand({ owner: 'a', repo: 'b', page: 1 }), '/repos/a/b?page=1&per_page=2');
  assert.is(new UriTemplate('{/a,b,c}').partialExpand({ b: 'x' }).template, '{/a}/x{/c}');
  assert.is(new UriTemplate('{;a,b}').partialExpand({ a: '' }).template, ';a{;b}');
  assert.is(new UriTemplate('{a,b}').partialExpand({ a: 1, b: 2 }).template, '1,2');
  assert.is(new UriTemplate("x{a}caf\u00e9'").partialExpand({}).template, "x{a}caf\u00e9'");
});

test('partialExpand: a value the syntax cannot place is kept for later', () => {
  const t = new UriTemplate('/x{?a,b}').partialExpand({ b: 2 });
  assert.is(t.template, '/x{?a,b}');
  assert.equal(t.variables, ['a']);
  assert.is(t.expand({}), '/x?b=2');
  assert.is(t.expand({ a: 1, b: 'ignored' }), '/x?a=1&b=2');
  assert.equal(t.extract('/x?a=1&b=2'), { a: '1' });
  assert.is(t.extract('/x?a=1&b=3'), null);
  assert.is(t.partialExpand({ a: 1 }).template, '/x?a=1&b=2');
  assert.is(new UriTemplate('{a,b}').partialExpand({ a: 1 }).expand({}), '1');
  assert.throws(
    () => new UriTemplate('{a:2}').partialExpand({ a: ['x'] }),
    (e: unknown) => (e as UriTemplateError).code === 'PREFIX_ON_COMPOSITE',
  );
});

// ---------------------------------------------------------------------------------------------
// The two runners give the same spans.

function spansOf(run: (u: string, out: Spans) => number, u: string): string {
  const out = new Spans();
  const r = run(u, out);
  if (r < 0) return String(r);
  const parts: string[] = [];
  for (let i = 0; i < out.n; i++) parts.push(`${out.code[i]}:${out.begin[i]}-${out.end[i]}`);
  return `${r} ${parts.join(' ')}`;
}

test('the lazy DFA, the Pike VM and the two passes agree', () => {
  const cases: Array<[string, string[]]> = [
    [
      '/repos/{owner}/{repo}/issues{?state,page,per_page}',
      ['/repos/a/b/issues', '/repos/a/b/issues?page=2', '/repos/a%20/b/issues?state=x&per_page=1', '/repos/a/b/pulls'],
    ],
    ['{/a*}{/b*}{?c*}', ['/x/y?q=1&r', '/x', '?a=1&a=2', '']],
    ['{a:2}{+b:3}x{.c*}', ['%C3%BC%41x.a=b.c', 'abcx', 'ab%2Fcdx.', 'x']],
    ['{+p}/{q}', ['a/b/c', '/', '%25%41/%C3%BC']],
    ['{a}x{;b}', ['x', 'yx;b', 'x;b=1']],
    ['{#a}x', ['#x', 'x']],
  ];
  for (const [t, uris] of cases) {
    for (const longest of [false, true]) {
      const nfa = templateNfa(compile(t), longest);
      const dfa = new Dfa(nfa);
      const pike = new Pike(nfa);
      const twoPass = new Lookahead(nfa);
      for (const u of uris) {
        const expected = spansOf((x, o) => pike.run(x, o), u);
        assert.is(
          spansOf((x, o) => dfa.run(x, o), u),
          expected,
          `${t} ${u}`,
        );
        assert.is(
          spansOf((x, o) => twoPass.run(x, o), u),
          expected,
          `${t} ${u}`,
        );
      }
    }
  }
});

test('a long prefix right after a value of the same characters: the first split that fits, in linear time', () => {
  const t = new UriTemplate('{x}{y:9999}');
  assert.equal(t.extract('a'.repeat(4000)), { y: 'a'.repeat(4000) });
  assert.equal(t.extract('a'.repeat(12_000)), { x: 'a'.repeat(2001), y: 'a'.repeat(9999) });
  assert.is(t.extract(`${'a'.repeat(12_000)} `), null);
  const two = new UriTemplate('{x:9999}{y:9999}');
  assert.equal(two.extract('a'.repeat(6400)), { y: 'a'.repeat(6400) });
  assert.equal(two.extract('a'.repeat(15_000)), { x: 'a'.repeat(5001), y: 'a'.repeat(9999) });
  assert.is(two.extract('a'.repeat(20_000)), null);
  // Characters counted as expansion counts them: "%C3%BC" is one.
  assert.equal(new UriTemplate('{x}{y:100}').extract('%C3%BC'.repeat(150)), { x: 'ü'.repeat(50), y: 'ü'.repeat(100) });
  // The fallback that prefers the longest values, past a key given twice ("a" and "a" first).
  assert.equal(new UriTemplate('{.k*}/{y:100}').extract('.a=1.a/x'), { k: { a: '1.a' }, y: 'x' });
  // A template without the literal the URI begins with is not read at all.
  assert.is(new UriTemplate('/x{y:100}').extract('/y'), null);
  // Characters no value holds.
  assert.is(new UriTemplate('{x}{y:100}').extract('a\u00e9b'), null);
  assert.equal(new UriTemplate('{x}{y:100}\u00e9').extract('ab%C3%A9'), { y: 'ab' });
});

test('the lazy DFA gives way to the two passes when it would grow too large', () => {
  const t = new UriTemplate(`{a:9999}${'x'.repeat(10)}`);
  const u = `${'b'.repeat(5000)}xxxxxxxxxx`;
  assert.equal(t.extract(u), { a: 'b'.repeat(5000) });
  const dfa = new Dfa(templateNfa(compile(`{a:9999}x`)));
  assert.is(dfa.run(`${'b'.repeat(5000)}x`, new Spans()), OVERFLOW);
  assert.is(dfa.run('bx', new Spans()), OVERFLOW);
  assert.equal(t.extract(`bb${'x'.repeat(10)}`), { a: 'bb' });
  // Prefixes of 64 or less go to the DFA first; past its limit the two passes take over.
  const long = Array.from({ length: 1500 }, (_, i) => `{a${i}:2}x`).join('');
  assert.is(new Dfa(templateNfa(compile(long))).run('abx'.repeat(1500), new Spans()), OVERFLOW);
  const vars = new UriTemplate(long).extract('abx'.repeat(1500))!;
  assert.equal([Object.keys(vars).length, vars.a0, vars.a1499], [1500, 'ab', 'ab']);
});

test("match: extract's values and where each lies in the URI", () => {
  const m = new UriTemplate('/users/{id}{/path*}{?q}').match('/users/42/a/b?q=x%20y');
  assert.equal(m, { values: { id: '42', path: ['a', 'b'], q: 'x y' }, spans: { id: [7, 9], path: [10, 13], q: [16, 21] } });
  assert.equal(new UriTemplate('{;k*}').match(';a=1;b=2'), { values: { k: { a: '1', b: '2' } }, spans: { k: [1, 8] } });
  assert.equal(new UriTemplate('{x}/{x}').match('a/a'), { values: { x: 'a' }, spans: { x: [0, 1] } });
  assert.is(new UriTemplate('{x}/{x}').match('a/b'), null);
  assert.equal(new UriTemplate('{?a,b}').match('?b=2'), { values: { b: '2' }, spans: { b: [3, 4] } });
  assert.equal(new UriTemplate('{x,y}').match(''), { values: {}, spans: {} });
  assert.equal(new UriTemplate('{?q}').match('?q='), { values: { q: '' }, spans: { q: [3, 3] } });
  assert.is(new UriTemplate('/users/{id}').match('/repos/1'), null);
  // A partial expansion's bound variables are not the URI's.
  assert.equal(new UriTemplate('/{a}/{b}').partialExpand({ a: 'x' }).match('/x/y'), { values: { b: 'y' }, spans: { b: [3, 4] } });
  assert.throws(() => new UriTemplate('{x}').match(1 as unknown as string), /UriTemplate\.match: uri must be a string, got a number \(1\)/);
});

test('match: the same values as extract, and each span holds what expands to its value', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['/{a}/{b}{?q,r}', { a: 'x y', b: 'ü', q: '1', r: '' }],
    ['{+base}{/p*}{#f}', { base: 'http://h/a', p: ['b', 'c d'], f: 'x/y' }],
    ['{.dom*}{;m}', { dom: ['a', 'b'], m: 'v' }],
    ['/{x:2}/{x}', { x: 'abcdef' }],
    ['{?list*}', { list: { k: 'v', l: 'w' } }],
  ];
  for (const [text, vars] of cases) {
    const t = new UriTemplate(text);
    const uri = t.expand(vars as never);
    const m = t.match(uri)!;
    assert.equal(m.values, t.extract(uri), text);
    for (const [name, [start, end]] of Object.entries(m.spans)) {
      assert.ok(0 <= start && start <= end && end <= uri.length, `${text} ${name}`);
    }
  }
  const long = new UriTemplate('{/p*}');
  const uri = `/${'a/'.repeat(5000)}b`;
  assert.equal(long.match(uri)!.spans, { p: [1, uri.length] });
});

test.run();
