/**
 * Bots (src/cli/stats/bots.ts): every example agent of the crawler-user-agents list names a bot,
 * the list's first pattern wins, the generic rule names the word around it, and browsers are none.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BOT_NAMES } from '../../../src/cli/stats/bot-table.js';
import { Bots, botOf } from '../../../src/cli/stats/bots.js';
import { TopK } from '../../../src/cli/stats/topk.js';
import { root } from '../../support/paths.js';

interface Entry {
  pattern: string;
  instances: string[];
}
const LIST = JSON.parse(readFileSync(`${root}scripts/gen/data/crawler-user-agents.json`, 'utf8')) as Entry[];

test('every example agent of the list is a bot: the first pattern of the list that it matches', () => {
  assert.is(BOT_NAMES.length, LIST.length);
  let n = 0;
  for (const e of LIST)
    for (const agent of e.instances) {
      const first = LIST.findIndex((f) => new RegExp(f.pattern).test(agent));
      assert.is(botOf(agent), BOT_NAMES[first]!, agent);
      n++;
    }
  assert.ok(n > 2000, String(n));
});

test('names; the generic rule; browsers', () => {
  assert.is(botOf('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'), 'Googlebot');
  assert.is(botOf('Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'), 'bingbot');
  assert.is(botOf('curl/8.4.0'), 'curl');
  assert.is(botOf('Wget/1.21'), 'wget');
  assert.is(botOf('Acme-WebSpider/3 (+https://acme.example/)'), 'Acme-WebSpider');
  assert.is(botOf('my_crawler.v2/1.0'), 'my_crawler.v2');
  assert.is(botOf('xBOTx'), 'xBOTx');
  assert.is(botOf('Mozilla/5.0 (X11; Linux x86_64; rv:38.0) Gecko/20100101 Firefox/38.0'), null);
  assert.is(botOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1'), null);
  assert.is(botOf(''), null);
});

test('Bots: requests by agent and by bot, each agent looked at once per epoch; merged', () => {
  const b = new Bots(2);
  const add = (agent: string): void => {
    const bytes = Buffer.from(`x ${agent} y`);
    b.add(bytes, 2, bytes.length - 2);
  };
  for (const a of ['curl/8', 'Firefox/1', 'curl/8', 'Googlebot/2.1', 'A', 'B', 'C', 'curl/8', 'café-bot']) add(a);
  assert.is(b.requests, 5);
  assert.equal(
    b.bots.top(3).map((c) => [c.value, c.count]),
    [
      ['curl', 3],
      ['Googlebot', 1],
      ['café-bot', 1],
    ],
  );
  assert.ok(!b.agents.exact, 'past 2 × 2 agents, the agents are approximate');
  const c = new Bots(10);
  c.merge(b.toData());
  c.merge(b.toData());
  assert.is(c.requests, 10);
  assert.is(c.bots.top(1)[0]!.count, 6);
});

test("Bots: agents that share the memo's guess, and agents and bots past --track, count as one lookup each would", () => {
  // Of one length, with the same bytes where the memo looks (a quarter in, half way, the last):
  // they take the same memo slot in turn.
  const alike = ['A', 'B', 'C', 'D', 'E'].map((c) => `${c}bot-0123456789z`);
  const agents = [...alike, 'curl/8', 'Wget/1', 'Firefox/1', 'Mozilla/5.0 (X11) Gecko/1 Firefox/38.0', ''];
  for (const track of [2, 100]) {
    const b = new Bots(track);
    const agentsRef = new TopK(track);
    const botsRef = new TopK(track);
    let requests = 0;
    for (let i = 0; i < 500; i++) {
      const agent = agents[(7 * i + (i >> 2)) % agents.length]!;
      const bytes = Buffer.from(`"${agent}"`);
      b.add(bytes, 1, bytes.length - 1);
      agentsRef.addBytes(bytes, 1, bytes.length - 1);
      const name = botOf(agent);
      if (name !== null) {
        requests++;
        botsRef.add(name);
      }
    }
    assert.is(b.requests, requests);
    assert.equal(b.agents.toData(), agentsRef.toData());
    assert.equal(b.bots.toData(), botsRef.toData());
    assert.is(b.agents.exact, track === 100);
    assert.is(b.bots.exact, track === 100);
  }
});

test.run();
