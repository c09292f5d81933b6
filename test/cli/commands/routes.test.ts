/** routes' settings: --check reads a templates file and no input, --json goes with it. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { RoutesSettings } from '../../../src/cli/commands/routes.js';
import { Temp } from '../../support/cli.js';
import { refusal, settings } from '../../support/settings.js';

const tmp = new Temp();
test.after(() => tmp.remove());

const routes = (words: string[]) => settings<RoutesSettings>('routes', words);

test('--check reads the templates file, with the line of each template', () => {
  const f = tmp.file('routes.txt', '/a\r\n\n/b/{x}\n');
  const s = routes(['--check', f, '--json', '-q']);
  assert.equal(
    s.check!.set.templates.map((t) => t.template),
    ['/a', '/b/{x}'],
  );
  assert.equal(s.check!.lines, [1, 3]);
  assert.is(s.checkJson, true);
  assert.is(routes([]).check, null);
});

test('combinations refused, each with what to do; a file that cannot be read or holds a bad template', () => {
  const f = tmp.file('ok.txt', '/a\n');
  const bad = tmp.file('bad.txt', '/a\n/b/{x\n');
  const cases: Array<[string[], string]> = [
    [['--json'], '--json goes with --check (routes writes a templates file, one template a line)'],
    [['--check', f, 'access.log'], '--check reads the templates file it names, and no input: leave out "access.log"'],
    [['--check', f, '--threads', '2'], '--check reads a templates file, not the input: --threads does not go with it'],
    [['--check', f, '--lenient'], '--check reads a templates file, not the input: --lenient does not go with it'],
    [['--check', tmp.file('empty.txt', '\n')], `--check ${tmp.dir}/empty.txt: no template in it (one per line)`],
    [['--check', `${tmp.dir}/none.txt`], `--check ${tmp.dir}/none.txt: cannot read it: no such file`],
    [['--check', bad], `--check ${bad}:2:6: Unclosed expression: end of input at index 5 in "/b/{x": the "{" at index 3 has no "}"`],
  ];
  for (const [words, message] of cases) assert.is(refusal('routes', words), message, words.join(' '));
});

test.run();
