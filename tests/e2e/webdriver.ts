// A minimal W3C WebDriver client over fetch() (no npm dependency) and the processes behind it for the web app's
// WebKit test: Xvfb (a private display it picks itself) and Debian's WebKitWebDriver driving WebKitGTK's MiniBrowser.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const XVFB = '/usr/bin/Xvfb';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Start Xvfb on a display it chooses (-displayfd) and resolve to `:N`. */
async function startXvfb(): Promise<{ display: string; proc: ChildProcess }> {
  const proc = spawn(XVFB, ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const display = await new Promise<string>((resolve, reject) => {
    let out = '', err = '';
    proc.stdout!.on('data', (d: Buffer) => { out += d; if (/\d+\n/.test(out)) resolve(`:${out.trim()}`); });
    proc.stderr!.on('data', (d: Buffer) => { err += d; });
    proc.on('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${err.slice(-500)}`)));
    setTimeout(() => reject(new Error(`Xvfb gave no display in 20 s: ${err.slice(-500)}`)), 20_000);
  });
  return { display, proc };
}

/** One WebDriver session on MiniBrowser. */
export class WebKitSession {
  private constructor(private readonly base: string, private readonly procs: ChildProcess[], readonly capabilities: Record<string, unknown>) {}

  /** Start Xvfb, WebKitWebDriver and a MiniBrowser session. */
  static async start(): Promise<WebKitSession> {
    const x = await startXvfb();
    const port = await freePort();
    const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: x.display }, stdio: 'ignore' });
    const url = `http://127.0.0.1:${port}`;
    let last: unknown;
    for (let i = 0; i < 100; i++) {
      try {
        const r = await fetch(`${url}/status`);
        if (r.ok) break;
      } catch (e) {
        last = e;
      }
      await new Promise((r) => setTimeout(r, 100));
      if (i === 99) throw new Error(`WebKitWebDriver did not answer on ${url}: ${String(last)}`);
    }
    const res = await fetch(`${url}/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } } }),
    });
    const body = (await res.json()) as { value: { sessionId?: string; capabilities?: Record<string, unknown>; message?: string } };
    if (!body.value.sessionId) throw new Error(`WebKitWebDriver refused a session: ${JSON.stringify(body.value)}`);
    return new WebKitSession(`${url}/session/${body.value.sessionId}`, [driver, x.proc], body.value.capabilities ?? {});
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const r = await fetch(`${this.base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const j = (await r.json()) as { value: T & { error?: string; message?: string } };
    if (!r.ok) throw new Error(`WebDriver ${method} ${path}: ${j.value?.error} ${j.value?.message}`);
    return j.value;
  }

  /** Navigate and wait for the load. */
  go(url: string): Promise<unknown> {
    return this.call('POST', '/url', { url });
  }

  /** Run `script` (a function body; `arguments` are `args`) in the page and return its JSON result. */
  exec<T>(script: string, ...args: unknown[]): Promise<T> {
    return this.call<T>('POST', '/execute/sync', { script, args });
  }

  /** Poll `script` until it returns a truthy value (or throw after `ms`). */
  async until<T>(script: string, ms: number): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await this.exec<T>(script);
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for: ${script}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Enter the page's `index`-th frame (null: back to the top page). */
  frame(index: number | null): Promise<unknown> {
    return this.call('POST', '/frame', { id: index });
  }

  /** Resize the window; returns the rect WebKit gave it. */
  resize(width: number, height: number): Promise<{ width: number; height: number }> {
    return this.call('POST', '/window/rect', { width, height });
  }

  /** End the session and stop the driver and Xvfb. */
  async stop(): Promise<void> {
    try {
      await fetch(this.base, { method: 'DELETE' });
    } finally {
      for (const p of this.procs) p.kill();
    }
  }
}
