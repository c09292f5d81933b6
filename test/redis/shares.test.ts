/** Each worker's share of a job's shards (src/cli/redis/shares.ts). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memberOf, shareOf, workersOf } from '../../src/cli/redis/shares.js';

const shares = (workers: string[], shards: number): number[][] => workers.map((w) => shareOf(workers, w, shards));

test('shareOf: the live workers split the shards, each shard once, none more than its part', () => {
  for (const [workers, shards] of [
    [['a'], 16],
    [['a', 'b'], 16],
    [['a', 'b', 'c'], 16],
    [['w1', 'w2', 'w3', 'w4'], 16],
    [['x', 'y', 'z'], 2],
  ] as Array<[string[], number]>) {
    const all = shares(workers, shards);
    assert.equal(
      all.flat().sort((p, q) => p - q),
      Array.from({ length: shards }, (_, i) => i),
    );
    for (const s of all) assert.ok(s.length <= Math.ceil(shards / workers.length), `${workers}: ${JSON.stringify(all)}`);
  }
  // Two workers of 16 shards: 8 each, exactly.
  assert.equal(
    shares(['a', 'b'], 16).map((s) => s.length),
    [8, 8],
  );
  // Three of 2: one worker reads nothing.
  assert.equal(
    shares(['x', 'y', 'z'], 2)
      .map((s) => s.length)
      .sort(),
    [0, 1, 1],
  );
});

test('shareOf: the same list gives the same shares in any order; a worker not in it reads every shard', () => {
  assert.equal(shareOf(['b', 'a', 'c'], 'a', 16), shareOf(['a', 'c', 'b'], 'a', 16));
  assert.equal(shareOf(['a', 'b'], 'c', 4), [0, 1, 2, 3]);
  assert.equal(shareOf([], 'c', 3), [0, 1, 2]);
});

test('shareOf: a worker that leaves gives its shards to the others; one that joins takes some from each', () => {
  const before = shares(['a', 'b', 'c'], 16);
  const after = shares(['a', 'b'], 16);
  // a and b keep what they had, and take c's.
  for (const i of [0, 1]) for (const s of before[i]!) assert.ok(after[i]!.includes(s));
  const joined = shares(['a', 'b', 'c', 'd'], 16);
  assert.equal(
    joined.map((s) => s.length),
    [4, 4, 4, 4],
  );
});

test("workersOf: a group's consumers among the workers set's members, sorted", () => {
  const members = [memberOf('normalize', 'w2'), memberOf('stats', 'w1'), memberOf('normalize', 'w1 x'), memberOf('normalizer', 'q')];
  assert.equal(workersOf(members, 'normalize'), ['w1 x', 'w2']);
  assert.equal(workersOf(members, 'stats'), ['w1']);
});

test.run();
