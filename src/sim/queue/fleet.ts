/**
 * Who is playing (issue 29 item 5): the fleet seen in Redis's client list. A balance-lab worker process names its
 * BullMQ worker `balance-lab:<host>:<pid>:<threads>:<nonce>`; BullMQ sets the connection's client name to
 * `<prefix>:<base64 queue name>:w:<worker name>`. `Queue.getWorkers()` of BullMQ 6.7 returns each matching client with
 * `name` overwritten by the QUEUE's name and the real client name in `rawname`, so the worker's name is read from
 * `rawname` after `:w:` (and from `name` only when it has the same shape, as older versions returned it).
 */

/** What the coordinator knows of its fleet. */
export interface Fleet {
  /** Worker processes (one name each). */
  readonly workers: number;
  /** Distinct hosts. */
  readonly machines: number;
  /** Worker threads over all processes. */
  readonly threads: number;
}

/** Prefix of a balance-lab worker name. */
export const WORKER_NAME_PREFIX = 'balance-lab:';

/** A worker's name: host, pid, threads and a per-process nonce (two containers may share host name and pid). */
export function workerName(host: string, pid: number, threads: number, nonce: string): string {
  return `${WORKER_NAME_PREFIX}${host.replace(/[^A-Za-z0-9._-]/g, '_')}:${pid}:${threads}:${nonce}`;
}

/** The balance-lab worker name in a client entry, or null. */
export function workerNameOf(client: { readonly name?: unknown; readonly rawname?: unknown }): string | null {
  for (const v of [client.rawname, client.name]) {
    if (typeof v !== 'string') continue;
    const w = v.indexOf(`:w:${WORKER_NAME_PREFIX}`);
    if (w >= 0) return v.slice(w + 3);
    if (v.startsWith(WORKER_NAME_PREFIX)) return v;
  }
  return null;
}

/** Count processes, machines and threads in the clients returned by `Queue.getWorkers()`. */
export function fleetOf(clients: readonly { readonly name?: unknown; readonly rawname?: unknown }[]): Fleet {
  const procs = new Map<string, { host: string; threads: number }>();
  for (const c of clients) {
    const n = workerNameOf(c);
    if (n === null || procs.has(n)) continue;
    const parts = n.slice(WORKER_NAME_PREFIX.length).split(':');
    if (parts.length < 3) continue;
    const threads = Number(parts[2]);
    procs.set(n, { host: parts[0], threads: Number.isInteger(threads) && threads > 0 && threads <= 1024 ? threads : 1 });
  }
  const hosts = new Set([...procs.values()].map((p) => p.host));
  return { workers: procs.size, machines: hosts.size, threads: [...procs.values()].reduce((s, p) => s + p.threads, 0) };
}
