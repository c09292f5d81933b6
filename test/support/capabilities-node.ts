/**
 * How urikit answers what Node's `node:url` is asked in test/fixtures/capabilities/node.json (made
 * by scripts/differential/caps-node.ts): `pathToFileUri` against `pathToFileURL` and
 * `fileUriToPath` against `fileURLToPath`, POSIX and Windows.
 */
import { equivalent, fileUriToPath, isValid, pathToFileUri } from '../../src/index.js';
import { attempt, type CapabilityOp, same } from './capabilities.js';

/** Node's answer: the text, or the error's code. */
export type NodeAnswer = { ok: string } | { error: string };

const ok = (v: unknown): unknown => (typeof v === 'string' ? { ok: v } : v);

/** Both refuse: the same refusal, whatever each calls it. */
const bothRefuse = (urikit: unknown, oracle: unknown): boolean => 'error' in (urikit as object) && 'error' in (oracle as object);

export const NODE_OPS: Readonly<Record<string, CapabilityOp>> = {
  pathToFileUri: {
    answer: (x) => {
      const [path, windows] = x as [string, boolean];
      return ok(attempt(() => pathToFileUri(path, { windows }).href));
    },
    // Equal, or equivalent URIs (Node encodes "~" as %7E, which RFC 3986 §2.3 leaves).
    agree: (urikit, oracle) => {
      if (same(urikit, oracle) || bothRefuse(urikit, oracle)) return true;
      const u = urikit as { ok?: string };
      const o = oracle as { ok?: string };
      return u.ok !== undefined && o.ok !== undefined && isValid(o.ok) && equivalent(u.ok, o.ok);
    },
  },
  fileUriToPath: {
    answer: (x) => {
      const [uri, windows] = x as [string, boolean];
      return ok(attempt(() => fileUriToPath(uri, { windows })));
    },
    agree: (urikit, oracle) => same(urikit, oracle) || bothRefuse(urikit, oracle),
  },
};
