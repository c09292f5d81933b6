/**
 * The public types of the CommonJS build, as a user's TypeScript sees them from a CommonJS
 * module: `require('urikit')` through the exports map's "require" condition, from
 * dist/cjs/*.d.ts. Every `@ts-expect-error` line must be an error and every other line must
 * compile (test/package-types.slow.test.ts runs tsc).
 */
import urikit = require('urikit');
import domain = require('urikit/domain');

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(_: Same<A, B>): void => {};

same<ReturnType<typeof urikit.parse>, urikit.Uri>(true);
same<ReturnType<typeof urikit.tryParse>, urikit.Uri | null>(true);
same<ReturnType<typeof urikit.resolve>, string>(true);
same<ReturnType<typeof urikit.normalize>, string>(true);
same<ReturnType<typeof domain.registrableDomain>, string | null>(true);

const u = urikit.parse('http://a.example/b?q#f');
same<typeof u.scheme, string | undefined>(true);
same<typeof u.portNumber, number | undefined>(true);
// @ts-expect-error href is read-only
u.href = 'http://other.example/';
// @ts-expect-error parse takes a string
urikit.parse(42);
// @ts-expect-error zoneId, not zoneID
urikit.parse('http://[fe80::1%25eth0]/', { zoneID: true });
// @ts-expect-error a reference is a string or a Uri
urikit.resolve('http://a/b', 1);

export = u;
