// A minimal W3C WebDriver client over fetch() (no npm dependency) and the processes behind it: Xvfb (a private display
// it picks itself) and Debian's WebKitWebDriver driving WebKitGTK's MiniBrowser. Used by the web app's WebKit test
// (tests/e2e/web-app-webkit.e2e.test.ts, through tests/e2e/webdriver.ts) and by scripts/web-speed.mjs. Never downloads
// a browser: the three programs come from Debian (apt-get install -y webkit2gtk-driver xvfb).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const XVFB = '/usr/bin/Xvfb';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function freePort() {
  const s = createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const port = s.address().port;
  await new Promise((r) => s.close(() => r()));
  return port;
}

/** Start Xvfb on a display it chooses (-displayfd) and resolve to `:N`. */
async function startXvfb() {
  const proc = spawn(XVFB, ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const display = await new Promise((resolve, reject) => {
    let out = '', err = '';
    proc.stdout.on('data', (d) => { out += d; if (/\d+\n/.test(out)) resolve(`:${out.trim()}`); });
    proc.stderr.on('data', (d) => { err += d; });
    proc.on('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${err.slice(-500)}`)));
    setTimeout(() => reject(new Error(`Xvfb gave no display in 20 s: ${err.slice(-500)}`)), 20_000);
  });
  return { display, proc };
}

/** One WebDriver session on MiniBrowser. */
export class WebKitSession {
  constructor(base, procs, capabilities) {
    this.base = base;
    this.procs = procs;
    this.capabilities = capabilities;
  }

  /** Start Xvfb, WebKitWebDriver and a MiniBrowser session. */
  static async start() {
    const x = await startXvfb();
    const port = await freePort();
    const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: x.display }, stdio: 'ignore' });
    const url = `http://127.0.0.1:${port}`;
    let last;
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
    const body = await res.json();
    if (!body.value.sessionId) throw new Error(`WebKitWebDriver refused a session: ${JSON.stringify(body.value)}`);
    return new WebKitSession(`${url}/session/${body.value.sessionId}`, [driver, x.proc], body.value.capabilities ?? {});
  }

  async call(method, path, body) {
    const r = await fetch(`${this.base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const j = await r.json();
    if (!r.ok) throw new Error(`WebDriver ${method} ${path}: ${j.value?.error} ${j.value?.message}`);
    return j.value;
  }

  /** Navigate and wait for the load. */
  go(url) {
    return this.call('POST', '/url', { url });
  }

  /** Run `script` (a function body; `arguments` are `args`) in the page and return its JSON result. */
  exec(script, ...args) {
    return this.call('POST', '/execute/sync', { script, args });
  }

  /** Poll `script` until it returns a truthy value (or throw after `ms`). */
  async until(script, ms) {
    const end = Date.now() + ms;
    for (;;) {
      const v = await this.exec(script);
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for: ${script}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Enter the page's `index`-th frame (null: back to the top page). */
  frame(index) {
    return this.call('POST', '/frame', { id: index });
  }

  /** Resize the window; returns the rect WebKit gave it. */
  resize(width, height) {
    return this.call('POST', '/window/rect', { width, height });
  }

  /** End the session and stop the driver and Xvfb. */
  async stop() {
    try {
      await fetch(this.base, { method: 'DELETE' });
    } finally {
      for (const p of this.procs) p.kill();
    }
  }
}
