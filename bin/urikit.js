#!/usr/bin/env node
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2), process);
// Everything is done once main returns, but a Redis cluster client can leave a timer behind:
// ioredis re-arms its slot refresh when one was under way as the client closed, every 2 s for
// ever. Once the output is written (pipes are asynchronous on some systems), the process ends
// a second later rather than never; with nothing left behind it ends at once, as before.
await Promise.all(
  [process.stdout, process.stderr].map((s) => new Promise((done) => (s.writable && !s.destroyed ? s.write('', done) : done()))),
);
setTimeout(() => process.exit(), 1000).unref();
