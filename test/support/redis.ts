/**
 * Real Redis servers for the tests, on loopback: `RedisServer.start()` runs `redis-server` on a
 * free port in a temporary folder, `RedisCluster.start(3)` three of them in cluster mode joined by
 * `redis-cli --cluster create`. Every wait has a deadline; every server is stopped by the PID this
 * process started, and its folder removed.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Waits until `ok()` is true; throws `what` after `ms`. */
export async function until(what: string, ms: number, ok: () => boolean | Promise<boolean>, every = 50): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await ok()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** A port that nothing listens on, and (for a cluster node) whose bus port + 10000 is free too. */
export async function freePort(bus = false): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = await listenOnce(0);
    if (port + 10000 > 65535) continue;
    if (
      !bus ||
      (await listenOnce(port + 10000).then(
        () => true,
        () => false,
      ))
    )
      return port;
  }
  throw new Error('no free port pair found');
}

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(port, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

/** Sends one command in RESP and returns the raw reply text (enough for PING, INFO and CLUSTER INFO). */
export function rawCommand(port: number, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = createConnection({ port, host: '127.0.0.1' });
    let reply = '';
    const timer = setTimeout(() => {
      c.destroy();
      reject(new Error(`no reply from port ${port}`));
    }, 2000);
    c.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    c.on('data', (d) => {
      reply += d.toString();
      // A simple string, an error, or a whole bulk string.
      const m = /^\$(\d+)\r\n/.exec(reply);
      if ((reply[0] !== '$' && reply.endsWith('\r\n')) || (m !== null && reply.length >= m[0].length + Number(m[1]) + 2)) {
        clearTimeout(timer);
        c.end();
        resolve(reply);
      }
    });
    c.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
  });
}

export interface ServerOptions {
  cluster?: boolean;
  /** Append-only file with this fsync policy; none when absent. */
  appendfsync?: 'always' | 'everysec';
  /** requirepass: clients must authenticate. */
  password?: string;
}

/** One redis-server on loopback. */
export class RedisServer {
  private proc: ChildProcess | null = null;

  private constructor(
    readonly port: number,
    readonly dir: string,
    private readonly options: ServerOptions,
  ) {}

  static async start(options: ServerOptions = {}): Promise<RedisServer> {
    const s = new RedisServer(await freePort(options.cluster === true), mkdtempSync(join(tmpdir(), 'urikit-redis-')), options);
    await s.launch();
    return s;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  private async launch(): Promise<void> {
    const o = this.options;
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', '--logfile', 'redis.log'];
    args.push('--appendonly', o.appendfsync === undefined ? 'no' : 'yes');
    if (o.appendfsync !== undefined) args.push('--appendfsync', o.appendfsync);
    if (o.password !== undefined) args.push('--requirepass', o.password);
    if (o.cluster === true) args.push('--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-node-timeout', '5000');
    const proc = spawn('redis-server', args, { stdio: 'ignore' });
    this.proc = proc;
    const failed = new Promise<never>((_, reject) => {
      proc.once('error', (e) => reject(new Error(`cannot start redis-server (apt-get install redis-server): ${e.message}`)));
      proc.once('exit', (code) => reject(new Error(`redis-server on port ${this.port} exited with ${code}; see ${this.dir}/redis.log`)));
    });
    failed.catch(() => {});
    try {
      await Promise.race([
        failed,
        // A server that wants a password answers NOAUTH: it is up.
        until(`redis-server on port ${this.port}`, 10_000, () =>
          rawCommand(this.port, 'PING').then(
            (r) => r === '+PONG\r\n' || r.startsWith('-NOAUTH'),
            () => false,
          ),
        ),
      ]);
    } catch (e) {
      await this.signal('SIGKILL');
      rmSync(this.dir, { recursive: true, force: true });
      throw e;
    }
    proc.removeAllListeners('exit');
  }

  /** Kills the server with SIGKILL (a crash) and waits for it to be gone. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** Starts the server again on the same port and folder (its AOF, if any, is read back). */
  async restart(): Promise<void> {
    await this.launch();
  }

  /** Stops the server (SIGTERM, then SIGKILL) and removes its folder. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async signal(sig: NodeJS.Signals): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (p === null || p.exitCode !== null || p.signalCode !== null) return;
    const gone = new Promise<void>((r) => p.once('exit', () => r()));
    p.kill(sig);
    const timer = setTimeout(() => p.kill('SIGKILL'), 5000);
    await gone;
    clearTimeout(timer);
  }
}

/** A Redis Cluster of `n` masters (no replicas) on loopback. */
export class RedisCluster {
  private constructor(readonly nodes: RedisServer[]) {}

  static async start(n = 3): Promise<RedisCluster> {
    const nodes: RedisServer[] = [];
    try {
      for (let i = 0; i < n; i++) nodes.push(await RedisServer.start({ cluster: true }));
      execFileSync(
        'redis-cli',
        ['--cluster', 'create', ...nodes.map((s) => `127.0.0.1:${s.port}`), '--cluster-replicas', '0', '--cluster-yes'],
        {
          stdio: 'ignore',
          timeout: 30_000,
        },
      );
      for (const s of nodes)
        await until(
          `cluster_state:ok on port ${s.port}`,
          30_000,
          async () => /cluster_state:ok/.test(await rawCommand(s.port, 'CLUSTER', 'INFO')),
          100,
        );
    } catch (e) {
      await Promise.all(nodes.map((s) => s.stop()));
      throw e;
    }
    return new RedisCluster(nodes);
  }

  /** Any node's URL serves the whole cluster. */
  get url(): string {
    return this.nodes[0]!.url;
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((s) => s.stop()));
  }
}

/**
 * Lines for a job: `distinct` URLs, each in two spellings (the normal form, and one that
 * normalizes to it: case, default port, dot-segments, %XX of unreserved characters, IPv6 in full),
 * shuffled by a fixed seed, with an invalid line every 499 and an empty one every 701. `expected`
 * holds the normal forms, written as such here (not computed by urikit), sorted.
 */
export function spellings(distinct: number, seed = 1): { text: string; expected: string[]; lines: number } {
  const lines: string[] = [];
  const expected: string[] = [];
  for (let i = 0; i < distinct; i++) {
    const k = i % 97;
    let a: string;
    let b: string;
    switch (i % 5) {
      case 0:
        a = `http://h${k}.example/p/${i}/a~b?q=${i}`;
        b = `HTTP://H${k}.Example:80/p/./${i}/%61%7Eb?q=${i}`;
        break;
      case 1:
        a = `https://h${k}.example/s/${i}`;
        b = `https://h${k}.EXAMPLE:443/s/x/../${i}`;
        break;
      case 2:
        a = `http://[::1]/v6/${i}`;
        b = `http://[0:0:0:0:0:0:0:1]:80/v6/${i}`;
        break;
      case 3:
        a = `mailto:u${i}@h${k}.example`;
        b = `MAILTO:u${i}@h${k}.example`;
        break;
      default:
        a = `http://10.0.${k}.${i % 251}/ip/${i}`;
        b = `http://10.0.${k}.${i % 251}:80/ip/./${i}`;
    }
    expected.push(a);
    lines.push(a, b);
  }
  let s = seed;
  const random = (n: number): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s % n;
  };
  for (let i = lines.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
  }
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (i % 499 === 7) out.push(`http://bad host/${i}`);
    if (i % 701 === 11) out.push('');
    out.push(l);
  });
  return { text: `${out.join('\n')}\n`, expected: expected.sort(), lines: out.length };
}
