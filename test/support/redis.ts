/**
 * Real Redis servers for the tests, on loopback: `RedisServer.start()` runs `redis-server` on a
 * free port in a temporary folder (with the persistence, memory policy, password or TLS a test
 * asks for), `RedisCluster.start(3, 1)` three masters with a replica each, joined by
 * `redis-cli --cluster create`. A server can be killed, paused (SIGSTOP) and resumed, and started
 * again on its folder. Every wait has a deadline; every server is stopped by the PID this
 * process started, and its folder removed. `spellings` makes the lines the jobs publish.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';

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

/** The certificates of a TLS test: a CA, and a server's and a client's certificate and key signed by it (PEM files). */
export interface TlsFiles {
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
}

/** Makes a CA and certificates for 127.0.0.1 with openssl, in `dir`. */
export function makeCertificates(dir: string): TlsFiles {
  const f = (n: string): string => join(dir, n);
  const ssl = (...args: string[]): void => {
    execFileSync('openssl', args, { stdio: 'ignore', timeout: 30_000 });
  };
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=urikit test CA',
    '-keyout',
    f('ca.key'),
    '-out',
    f('ca.crt'),
  );
  for (const who of ['server', 'client']) {
    ssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${who}`, '-keyout', f(`${who}.key`), '-out', f(`${who}.csr`));
    const ext = f(`${who}.ext`);
    execFileSync('sh', ['-c', `printf 'subjectAltName=IP:127.0.0.1\\n' > "${ext}"`]);
    ssl(
      'x509',
      '-req',
      '-in',
      f(`${who}.csr`),
      '-CA',
      f('ca.crt'),
      '-CAkey',
      f('ca.key'),
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      ext,
      '-out',
      f(`${who}.crt`),
    );
  }
  return {
    ca: f('ca.crt'),
    serverCert: f('server.crt'),
    serverKey: f('server.key'),
    clientCert: f('client.crt'),
    clientKey: f('client.key'),
  };
}

/**
 * Sends one command in RESP (after AUTH `password`, if given) and returns the raw reply text
 * (enough for PING, INFO and CLUSTER INFO/NODES).
 */
export function rawCommand(port: number, args: string[], tls: TlsFiles | null = null, password?: string): Promise<string> {
  const resp = (a: string[]): string => `*${a.length}\r\n${a.map((x) => `$${Buffer.byteLength(x)}\r\n${x}\r\n`).join('')}`;
  return new Promise((resolve, reject) => {
    const c: Socket =
      tls === null
        ? createConnection({ port, host: '127.0.0.1' })
        : tlsConnect({
            port,
            host: '127.0.0.1',
            ca: readFileSync(tls.ca),
            cert: readFileSync(tls.clientCert),
            key: readFileSync(tls.clientKey),
          });
    let reply = '';
    const timer = setTimeout(() => {
      c.destroy();
      reject(new Error(`no reply from port ${port}`));
    }, 2000);
    c.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    let authed = password === undefined;
    c.on('data', (d) => {
      reply += d.toString();
      if (!authed && reply.startsWith('+OK\r\n')) {
        authed = true;
        reply = reply.slice(5);
      }
      if (!authed) return;
      // A simple string, an error, or a whole bulk string.
      const m = /^\$(\d+)\r\n/.exec(reply);
      if ((reply[0] !== '$' && reply.endsWith('\r\n')) || (m !== null && Buffer.byteLength(reply) >= m[0].length + Number(m[1]) + 2)) {
        clearTimeout(timer);
        c.end();
        resolve(reply);
      }
    });
    c.write((password === undefined ? '' : resp(['AUTH', password])) + resp(args));
  });
}

export interface ServerOptions {
  cluster?: boolean;
  /** cluster-node-timeout (ms; 1000 by default, so that a failover takes a few seconds). */
  nodeTimeout?: number;
  /** Append-only file with this fsync policy; none when absent. */
  appendfsync?: 'always' | 'everysec';
  /** RDB snapshots: the `save` setting ("1 1": a snapshot each second with a change); none when absent. */
  save?: string;
  /** maxmemory and maxmemory-policy. */
  maxmemory?: string;
  policy?: string;
  /** requirepass: clients must authenticate. */
  password?: string;
  /** TLS only (no plain port), clients with a certificate of the CA. */
  tls?: TlsFiles;
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
    return `${this.options.tls === undefined ? 'redis' : 'rediss'}://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.proc?.pid;
  }

  /** A command to this server (PING, INFO …), its raw reply. */
  command(...args: string[]): Promise<string> {
    return rawCommand(this.port, args, this.options.tls ?? null, this.options.password);
  }

  private async launch(): Promise<void> {
    const o = this.options;
    const args = ['--bind', '127.0.0.1', '--dir', this.dir, '--save', o.save ?? '', '--logfile', 'redis.log'];
    if (o.tls === undefined) args.push('--port', String(this.port));
    else
      args.push(
        '--port',
        '0',
        '--tls-port',
        String(this.port),
        '--tls-cert-file',
        o.tls.serverCert,
        '--tls-key-file',
        o.tls.serverKey,
        '--tls-ca-cert-file',
        o.tls.ca,
      );
    args.push('--appendonly', o.appendfsync === undefined ? 'no' : 'yes');
    if (o.appendfsync !== undefined) args.push('--appendfsync', o.appendfsync);
    if (o.password !== undefined) args.push('--requirepass', o.password);
    if (o.maxmemory !== undefined) args.push('--maxmemory', o.maxmemory);
    if (o.policy !== undefined) args.push('--maxmemory-policy', o.policy);
    if (o.cluster === true)
      args.push(
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        'nodes.conf',
        '--cluster-node-timeout',
        String(o.nodeTimeout ?? 1000),
        // A replica's first sync at once, not after 5 s.
        '--repl-diskless-sync-delay',
        '0',
      );
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
        // A server that wants a password answers NOAUTH: it is up. One loading its data answers LOADING.
        until(`redis-server on port ${this.port}`, 20_000, () =>
          rawCommand(this.port, ['PING'], o.tls ?? null).then(
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

  /** Stops the process where it is (SIGSTOP): a hung server, whose connections stay open. */
  pause(): void {
    this.proc?.kill('SIGSTOP');
  }

  /** Lets a paused server run on (SIGCONT). */
  resume(): void {
    this.proc?.kill('SIGCONT');
  }

  /** Starts the server again on the same port and folder (its AOF or snapshot, if any, is read back). */
  async restart(): Promise<void> {
    await this.launch();
  }

  /** Stops the server (SIGTERM, then SIGKILL) and removes its folder. */
  async stop(): Promise<void> {
    this.resume();
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

/** A Redis Cluster of `masters` masters, each with `replicas` replicas, on loopback. */
export class RedisCluster {
  private constructor(readonly nodes: RedisServer[]) {}

  static async start(masters = 3, replicas = 0, options: ServerOptions = {}): Promise<RedisCluster> {
    const nodes: RedisServer[] = [];
    try {
      for (let i = 0; i < masters * (1 + replicas); i++) nodes.push(await RedisServer.start({ ...options, cluster: true }));
      execFileSync(
        'redis-cli',
        ['--cluster', 'create', ...nodes.map((s) => `127.0.0.1:${s.port}`), '--cluster-replicas', String(replicas), '--cluster-yes'],
        { stdio: 'ignore', timeout: 30_000 },
      );
      const cluster = new RedisCluster(nodes);
      await cluster.ready(30_000);
      await until(
        `${masters} masters`,
        30_000,
        async () => (await cluster.masters().catch((): RedisServer[] => [])).length === masters,
        100,
      );
      return cluster;
    } catch (e) {
      await Promise.all(nodes.map((s) => s.stop()));
      throw e;
    }
  }

  /** Any node's URL serves the whole cluster. */
  get url(): string {
    return this.nodes[0]!.url;
  }

  /**
   * Waits until every node that runs says cluster_state:ok and every replica is in sync with its
   * master (a replica that never synced cannot take over).
   */
  async ready(ms: number, except: RedisServer[] = []): Promise<void> {
    for (const s of this.nodes)
      if (!except.includes(s)) {
        await until(
          `cluster_state:ok on port ${s.port}`,
          ms,
          async () => /cluster_state:ok/.test(await s.command('CLUSTER', 'INFO').catch(() => '')),
          100,
        );
        await until(
          `the replica on port ${s.port} in sync`,
          ms,
          async () => {
            const info = await s.command('INFO', 'replication').catch(() => '');
            return /^role:master/m.test(info) || /^master_link_status:up/m.test(info);
          },
          100,
        );
      }
  }

  /** The nodes that are masters now, by CLUSTER NODES as `from` sees it. */
  async masters(from: RedisServer = this.nodes[0]!): Promise<RedisServer[]> {
    const text = await from.command('CLUSTER', 'NODES');
    const ports = new Set<number>();
    for (const line of text.split('\n')) {
      const m = /^\S+ 127\.0\.0\.1:(\d+)@\d+ (\S+)/.exec(line.replace(/^\$\d+\r/, ''));
      if (m !== null && /\bmaster\b/.test(m[2]!) && !/\bfail\b/.test(m[2]!)) ports.add(Number(m[1]));
    }
    return this.nodes.filter((s) => ports.has(s.port));
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
