/** The links held until a page's base is known: given back in order, exactly as they came, across batches. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Found } from '../../src/links/finder.js';
import { HeldLinks } from '../../src/links/held.js';

test('HeldLinks gives back every link held, in order, with its element, attribute, line and flags; then holds none', () => {
  const h = new HeldLinks();
  const want: Found[] = [];
  for (let i = 0; i < 10_000; i++) {
    const f: Found =
      i % 7 === 3
        ? { element: 'img', attribute: 'srcset', link: '', line: i + 1, decodeError: false, tooLong: true }
        : {
            element: i % 2 === 0 ? 'a' : 'link',
            attribute: 'href',
            link: i % 5 === 0 ? '' : `/p/${i}?é\ufffd`,
            line: i + 1,
            decodeError: i % 3 === 0,
          };
    want.push(f);
    h.push(f);
  }
  assert.is(h.size, 10_000);
  const got: Found[] = [];
  h.drain((f) => got.push(f));
  assert.equal(got, want);
  assert.is(h.size, 0);
  h.push({ element: 'a', attribute: 'href', link: 'again', line: 1, decodeError: false });
  const again: Found[] = [];
  h.drain((f) => again.push(f));
  assert.equal(again, [{ element: 'a', attribute: 'href', link: 'again', line: 1, decodeError: false }]);
});

test.run();
