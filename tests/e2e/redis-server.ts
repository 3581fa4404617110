// A real Debian redis-server for e2e tests: on 127.0.0.1, a free port, a temporary folder, no persistence (a restart
// is an empty Redis). Plus the small waits the queue tests share.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

/** Wait until `cond` holds (polled every 25 ms), or throw after `ms`. */
export async function until(what: string, cond: () => Promise<boolean> | boolean, ms = 120_000): Promise<void> {
  const t0 = performance.now(); // timing only (a test's poll)
  while (!(await cond())) {
    if (performance.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`); // timing only
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The exit code of a child (null when killed by a signal). */
export const exited = (c: ChildProcess): Promise<number | null> => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve(c.exitCode) : new Promise((r) => c.on('exit', (code) => r(code))));

/** A redis-server child that can be killed and started again (empty) on the same port. */
export class RedisServer {
  proc: ChildProcess | null = null;
  constructor(readonly port: number, readonly dir: string, readonly password?: string) {}

  /** Start it and wait until it answers. */
  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir];
    if (this.password) args.push('--requirepass', this.password);
    this.proc = spawn('redis-server', args, { stdio: 'ignore' });
    const r = this.client();
    try {
      await until('redis-server', async () => (await r.ping().catch(() => '')) === 'PONG', 10_000);
    } finally {
      r.disconnect();
    }
  }

  /** SIGKILL it (its data goes with it). */
  async kill(): Promise<void> {
    const p = this.proc;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    p.kill('SIGKILL');
    await exited(p);
  }

  /** A client (no retries while it is down). */
  client(): Redis {
    const r = new Redis({ port: this.port, host: '127.0.0.1', password: this.password, maxRetriesPerRequest: null });
    r.on('error', () => undefined);
    return r;
  }

  url(): string {
    return `redis://${this.password ? `:${encodeURIComponent(this.password)}@` : ''}127.0.0.1:${this.port}`;
  }
}

/** A child process whose stdout and stderr are collected as one text. */
export interface Proc extends ChildProcess { text: () => string }

const BIN = fileURLToPath(new URL('../../bin/balance-lab.js', import.meta.url));

/** Start `balance-lab ARGS` with `env` added, collecting its output; it is pushed onto `children` (killed at the end). */
export function spawnLogged(args: string[], env: Record<string, string>, children: ChildProcess[]): Proc {
  const c = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } }) as Proc;
  let text = '';
  c.stdout!.on('data', (d) => { text += String(d); });
  c.stderr!.on('data', (d) => { text += String(d); });
  c.text = () => text;
  children.push(c);
  return c;
}

/** A test file's own redis-server (started before its tests, killed after) in a temporary folder, and its children. */
export interface OwnRedis {
  /** The temporary folder (the server's dir; removed at the end). */
  readonly root: string;
  server(): RedisServer;
  /** A client of it (connected before the tests). */
  redis(): Redis;
  /** Start `balance-lab ARGS` with REDIS_URL pointing at it and `env` added (killed at the end). */
  spawnLogged(args: string[], env?: Record<string, string>): Proc;
  /** Children to kill at the end. */
  readonly children: ChildProcess[];
}

/** Register beforeAll/afterAll hooks giving the calling test file its own redis-server (see {@link OwnRedis}). */
export function ownRedis(tag: string): OwnRedis {
  const root = mkdtempSync(join(tmpdir(), `balance-lab-${tag}-`));
  let server: RedisServer | undefined;
  let redis: Redis | undefined;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    server = new RedisServer(await freePort(), root);
    await server.start();
    redis = server.client();
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    redis?.disconnect();
    await server?.kill();
    rmSync(root, { recursive: true, force: true });
  });
  return {
    root, children,
    server: () => server!,
    redis: () => redis!,
    spawnLogged: (args, env = {}) => spawnLogged(args, { REDIS_URL: server!.url(), ...env }, children),
  };
}
