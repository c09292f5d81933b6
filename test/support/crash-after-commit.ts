/**
 * The CLI as bin/urikit.js runs it, but a Redis worker kills itself (SIGKILL) right after its
 * N-th commit, before it acknowledges the entries, as a crash at that point would:
 * `node crash-after-commit.js N COMMAND ARGS…`. The fault tests start it as a worker process.
 */
import { main } from '../../src/cli/main.js';

const [n, ...argv] = process.argv.slice(2);
process.exitCode = await main(argv, {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  afterCommit: (commits) => {
    if (commits === Number(n)) process.kill(process.pid, 'SIGKILL');
  },
});
