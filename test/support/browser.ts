/**
 * Headless Chromium for the tests, driven over the Chrome DevTools Protocol on a pipe
 * (`--remote-debugging-pipe`: file descriptors 3 and 4, one JSON message per NUL-terminated
 * chunk), so no port is opened and no package is needed. `Browser.start()` runs Debian's
 * `chromium` with a fresh profile folder; a `Page` opens a URL, evaluates expressions, clicks,
 * sets its viewport and takes screenshots, and records console errors, exceptions and failed
 * loads. Every wait has a deadline; the browser is stopped by the PID this process started, and
 * its folder removed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** Debian's chromium package. */
export const CHROMIUM = '/usr/bin/chromium';

/** How long any one protocol call may take. */
const DEADLINE = 20_000;

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { message: string };
  sessionId?: string;
}

export class Browser {
  private next = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: Record<string, unknown>) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();
  private readonly listeners = new Set<(m: Message) => void>();
  private buffer = '';
  /** Why the browser went away, once it has. */
  private gone: Error | null = null;

  private constructor(
    private readonly child: ChildProcess,
    private readonly profile: string,
    private readonly stderr: string[],
  ) {
    const out = child.stdio[4] as Readable;
    out.setEncoding('utf8');
    out.on('data', (d: string) => this.receive(d));
    child.on('exit', (code, signal) => {
      this.gone = new Error(`chromium exited (${code ?? signal}): ${this.stderr.join('').slice(-2000)}`);
      for (const p of this.pending.values()) {
        clearTimeout(p.timer);
        p.reject(this.gone);
      }
      this.pending.clear();
    });
  }

  /** Starts Chromium headless, with a new profile folder, no network services of its own. */
  static async start(): Promise<Browser> {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (.ci/run does)`);
    const profile = mkdtempSync(join(tmpdir(), 'urikit-chromium-'));
    const child = spawn(
      CHROMIUM,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
        '--hide-scrollbars',
        `--user-data-dir=${profile}`,
        '--remote-debugging-pipe',
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
    );
    const stderr: string[] = [];
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (d: string) => {
      if (stderr.length < 200) stderr.push(d);
    });
    const b = new Browser(child, profile, stderr);
    await b.send('Browser.getVersion');
    return b;
  }

  private receive(data: string): void {
    this.buffer += data;
    for (let nul = this.buffer.indexOf('\0'); nul !== -1; nul = this.buffer.indexOf('\0')) {
      const m = JSON.parse(this.buffer.slice(0, nul)) as Message;
      this.buffer = this.buffer.slice(nul + 1);
      if (m.id !== undefined) {
        const p = this.pending.get(m.id);
        if (p === undefined) continue;
        this.pending.delete(m.id);
        clearTimeout(p.timer);
        if (m.error !== undefined) p.reject(new Error(m.error.message));
        else p.resolve(m.result ?? {});
      } else for (const l of this.listeners) l(m);
    }
  }

  /** Sends a command (to a page when `sessionId` is given) and waits for its answer. */
  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    if (this.gone !== null) return Promise.reject(this.gone);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer to ${method} within ${DEADLINE} ms`));
      }, DEADLINE);
      this.pending.set(id, { resolve, reject, timer });
      (this.child.stdio[3] as Writable).write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  }

  /** Calls `f` with every event until the returned function is called. */
  on(f: (m: Message) => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  /** A new page (a tab) with its events recorded. */
  async newPage(): Promise<Page> {
    const { targetId } = (await this.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { sessionId } = (await this.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    const page = new Page(this, sessionId);
    await page.init();
    return page;
  }

  /** Closes the browser (Browser.close, then SIGKILL by PID if it lingers) and removes its profile. */
  async close(): Promise<void> {
    const exited = new Promise<void>((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) resolve();
      else this.child.once('exit', () => resolve());
    });
    if (this.gone === null) await this.send('Browser.close').catch(() => {});
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    rmSync(this.profile, { recursive: true, force: true });
  }
}

/** One page of the browser. */
export class Page {
  /** Console errors, uncaught exceptions and failed loads, as text. */
  readonly errors: string[] = [];
  private loaded: (() => void) | null = null;

  constructor(
    private readonly browser: Browser,
    private readonly session: string,
  ) {
    browser.on((m) => {
      if (m.sessionId !== session) return;
      const p = m.params ?? {};
      if (m.method === 'Runtime.consoleAPICalled' && (p.type === 'error' || p.type === 'assert'))
        this.errors.push(`console.${p.type}: ${JSON.stringify(p.args)}`);
      else if (m.method === 'Runtime.exceptionThrown') this.errors.push(`exception: ${JSON.stringify(p.exceptionDetails)}`);
      else if (m.method === 'Log.entryAdded') {
        const e = p.entry as { level: string; text: string; url?: string };
        if (e.level === 'error') this.errors.push(`log: ${e.text} ${e.url ?? ''}`);
      } else if (m.method === 'Page.loadEventFired') this.loaded?.();
    });
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    return this.browser.send(method, params, this.session);
  }

  async init(): Promise<void> {
    await this.send('Page.enable');
    await this.send('Runtime.enable');
    await this.send('Log.enable');
  }

  /** Opens `url` and waits for its load event. */
  async goto(url: string): Promise<void> {
    const loaded = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${url} did not load within ${DEADLINE} ms`)), DEADLINE);
      this.loaded = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    const r = (await this.send('Page.navigate', { url })) as { errorText?: string };
    if (r.errorText !== undefined) throw new Error(`cannot open ${url}: ${r.errorText}`);
    await loaded;
  }

  /** The value of a JavaScript expression in the page (JSON-serializable). */
  async evaluate<T>(expression: string): Promise<T> {
    const r = (await this.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })) as {
      result: { value: T };
      exceptionDetails?: unknown;
    };
    if (r.exceptionDetails !== undefined) throw new Error(`${expression}: ${JSON.stringify(r.exceptionDetails)}`);
    return r.result.value;
  }

  /** A mouse click in the middle of the first element `selector` finds (scrolled into view first). */
  async click(selector: string): Promise<void> {
    const at = await this.evaluate<{ x: number; y: number } | null>(`(() => {
      const e = document.querySelector(${JSON.stringify(selector)});
      if (e === null) return null;
      e.scrollIntoView({ block: 'center' });
      const r = e.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    })()`);
    if (at === null) throw new Error(`nothing matches ${selector}`);
    for (const type of ['mousePressed', 'mouseReleased'])
      await this.send('Input.dispatchMouseEvent', { type, ...at, button: 'left', clickCount: 1 });
  }

  /** The viewport: `width` × `height` CSS pixels; `mobile` as a phone (its scale factor 2). */
  async viewport(width: number, height: number, mobile = false): Promise<void> {
    await this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: mobile ? 2 : 1, mobile });
  }

  /** A PNG of the whole page (not only the viewport), written to `file`. */
  async screenshot(file: string): Promise<void> {
    const { cssContentSize: size } = (await this.send('Page.getLayoutMetrics')) as { cssContentSize: { width: number; height: number } };
    const clip = { x: 0, y: 0, width: size.width, height: size.height, scale: 1 };
    const r = (await this.send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true, clip })) as { data: string };
    writeFileSync(file, Buffer.from(r.data, 'base64'));
  }
}
