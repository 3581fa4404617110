/**
 * What travels through Redis in a queue run (issue 29 items 1, 4, 11), and how a worker checks it.
 *
 * - The run's spec — its identity and the experiment as data (file name, YAML text, overrides, exact seed and stop) —
 *   is stored ONCE per run, gzip'd, under `balance-lab:run:<run>` ({@link specKey}); a job carries only the run id and
 *   its chunk (`{ run, m, start, count, mac? }`), so Redis holds one copy of a large experiment however many chunks are
 *   queued.
 * - Everything a worker reads from Redis is untrusted: {@link readJob} and {@link readRunSpec} accept only the exact
 *   shapes written here, with bounded sizes, and build fresh objects from the checked fields (no spread of foreign
 *   objects, no prototype keys). A refusal is a {@link JobRefusal}: a catalogue message naming the field, never a
 *   value read from a file or the environment.
 * - With a queue key (sim/queue/key.ts) the spec, each job and each result carry an HMAC-SHA256 that binds them to the
 *   run id and chunk; a worker with a key refuses a job without a valid one, a coordinator refuses such a result.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Experiment, Overrides } from '../experiment/load.js';
import type { JournalIdentity } from '../run/journal.js';
import { t, type Msg } from '../../i18n/t.js';

/** Largest gzip'd spec a worker reads from Redis (bytes). */
export const MAX_SPEC_PACKED = 4 * 1024 * 1024;
/** Largest spec once unzipped (bytes): bounds a gzip bomb. */
export const MAX_SPEC_JSON = 24 * 1024 * 1024;
/** Longest experiment text a job may name (characters). */
export const MAX_EXPERIMENT_TEXT = 16 * 1024 * 1024;
/** Largest chunk index, first game and chunk size a job may name. */
export const MAX_CHUNK_INDEX = 10_000_000;
export const MAX_GAME_INDEX = 100_000_000;
export const MAX_CHUNK_GAMES = 1_000_000;

/** The experiment as data, the way a worker compiles it. */
export interface SpecSource {
  readonly file: string;
  readonly text: string;
  readonly overrides: Overrides;
  /** The seed and stopping rule the run uses after compiling (e.g. `check`'s plan). */
  readonly exact?: { readonly seed: number; readonly stop: Experiment['stop'] };
}

/** A run's spec, stored once in Redis. */
export interface RunSpec {
  readonly identity: JournalIdentity;
  readonly source: SpecSource;
}

/** A chunk job as queued: the run id and the chunk, nothing else. */
export interface ChunkRef {
  readonly run: string;
  readonly m: number;
  readonly start: number;
  readonly count: number;
  readonly mac?: string;
}

/** A job or spec a worker will not play: a catalogue message. `final`: refused the same by every worker. */
export class JobRefusal extends Error {
  constructor(readonly msg: Msg, readonly final = true) {
    super(t(msg.id, msg.params));
    this.name = 'JobRefusal';
  }
}

/** How a worker marks a final refusal in the failed job's reason (language-neutral; stripped before it is shown). */
export const FINAL_REFUSAL = '[final] ';

/** Redis key of a run's spec. */
export function specKey(run: string): string {
  return `balance-lab:run:${run}`;
}

/** HMAC-SHA256 of the parts (joined by NUL), hex. */
export function mac(key: Buffer, ...parts: (string | Buffer)[]): string {
  const h = createHmac('sha256', key);
  parts.forEach((p, i) => {
    if (i > 0) h.update('\0');
    h.update(p);
  });
  return h.digest('hex');
}

/** Constant-time comparison of two hex MACs. */
export function macEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The MAC of a job. */
export function jobMac(key: Buffer, run: string, m: number, start: number, count: number): string {
  return mac(key, 'job', run, String(m), String(start), String(count));
}

/** The spec as stored: gzip'd JSON and, with a key, its MAC bound to the run id. */
export function packRunSpec(run: string, spec: RunSpec, key: Buffer | null): { spec: Buffer; mac: string } {
  const packed = gzipSync(JSON.stringify(spec), { level: 6 });
  return { spec: packed, mac: key ? mac(key, 'spec', run, packed) : '' };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const refuse = (field: string, allowed: string): never => { throw new JobRefusal({ id: 'queue.badField', params: { field, allowed } }); };

/** Exactly these own keys (a missing optional one is fine). */
function keysOnly(v: Record<string, unknown>, field: string, required: readonly string[], optional: readonly string[] = []): void {
  const allowed = [...required, ...optional];
  for (const k of Object.keys(v)) if (!allowed.includes(k)) refuse(`${field}.${k.slice(0, 40)}`, allowed.join(', '));
  for (const k of required) if (!Object.prototype.hasOwnProperty.call(v, k)) refuse(`${field}.${k}`, allowed.join(', '));
}

function int(v: unknown, field: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) refuse(field, `an integer ${min} … ${max}`);
  return v as number;
}

function num(v: unknown, field: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) refuse(field, `a number ${min} … ${max}`);
  return v as number;
}

function str(v: unknown, field: string, maxLength: number, pattern?: RegExp): string {
  if (typeof v !== 'string' || v.length > maxLength || (pattern && !pattern.test(v))) refuse(field, pattern ? `a string matching ${pattern.source}` : `a string of at most ${maxLength} characters`);
  return v as string;
}

const RUN_ID = /^[0-9a-f]{20}$/;
const HEX64 = /^[0-9a-f]{64}$/;

/** Check a job's data (untrusted) and return a fresh copy; with a key its MAC must match. */
export function readJob(data: unknown, key: Buffer | null): ChunkRef {
  if (!isObj(data)) return refuse('job', 'a mapping { run, m, start, count, mac }');
  keysOnly(data, 'job', ['run', 'm', 'start', 'count'], ['mac']);
  const run = str(data.run, 'job.run', 20, RUN_ID);
  const m = int(data.m, 'job.m', 0, MAX_CHUNK_INDEX);
  const start = int(data.start, 'job.start', 0, MAX_GAME_INDEX);
  const count = int(data.count, 'job.count', 1, MAX_CHUNK_GAMES);
  const jm = data.mac === undefined ? undefined : str(data.mac, 'job.mac', 64, HEX64);
  if (key) {
    if (jm === undefined || !macEqual(jm, jobMac(key, run, m, start, count))) throw new JobRefusal({ id: 'queue.badJobMac', params: {} }, false); // depends on this worker's key: another may hold the coordinator's
  } else if (jm !== undefined) throw new JobRefusal({ id: 'queue.noKeyHere', params: {} }, false);
  return { run, m, start, count, ...(jm !== undefined ? { mac: jm } : {}) };
}

function readStop(v: unknown, field: string): Experiment['stop'] {
  if (!isObj(v)) return refuse(field, 'a stopping rule');
  if (v.kind === 'games') {
    keysOnly(v, field, ['kind', 'games']);
    return { kind: 'games', games: int(v.games, `${field}.games`, 1, MAX_GAME_INDEX) };
  }
  if (v.kind === 'target_error') {
    keysOnly(v, field, ['kind', 'target', 'maxGames', 'minGames'], ['targetOf']);
    if (v.targetOf !== undefined && v.targetOf !== 'differences') refuse(`${field}.targetOf`, 'differences');
    return {
      kind: 'target_error', target: num(v.target, `${field}.target`, 0.0005, 0.5), maxGames: int(v.maxGames, `${field}.maxGames`, 1, MAX_GAME_INDEX), minGames: int(v.minGames, `${field}.minGames`, 1, MAX_GAME_INDEX),
      ...(v.targetOf === 'differences' ? { targetOf: 'differences' as const } : {}),
    };
  }
  return refuse(`${field}.kind`, 'games, target_error');
}

function readIdentity(v: unknown): JournalIdentity {
  const f = 'spec.identity';
  if (!isObj(v)) return refuse(f, 'a run identity');
  keysOnly(v, f, ['format', 'formatVersion', 'experimentHash', 'compiledHash', 'packageVersion', 'seed', 'stop', 'chunk', 'variants']);
  if (v.format !== 'balance-lab-journal' || v.formatVersion !== 1) refuse(`${f}.format`, 'balance-lab-journal version 1');
  if (!Array.isArray(v.variants) || v.variants.length > 100_000) refuse(`${f}.variants`, 'a list of variant names');
  return {
    format: 'balance-lab-journal',
    formatVersion: 1,
    experimentHash: str(v.experimentHash, `${f}.experimentHash`, 128, /^[0-9a-f]{8,128}$/),
    compiledHash: str(v.compiledHash, `${f}.compiledHash`, 64, HEX64),
    packageVersion: str(v.packageVersion, `${f}.packageVersion`, 64, /^[0-9A-Za-z.+-]{1,64}$/),
    seed: int(v.seed, `${f}.seed`, 0, Number.MAX_SAFE_INTEGER),
    stop: readStop(v.stop, `${f}.stop`),
    chunk: int(v.chunk, `${f}.chunk`, 1, MAX_CHUNK_GAMES),
    variants: (v.variants as unknown[]).map((x, i) => str(x, `${f}.variants[${i}]`, 256)),
  };
}

function readOverrides(v: unknown): Overrides {
  const f = 'spec.source.overrides';
  if (!isObj(v)) return refuse(f, 'a mapping { seed, games, targetError }');
  keysOnly(v, f, [], ['seed', 'games', 'targetError']);
  const o: Overrides = {};
  if (v.seed !== undefined) o.seed = int(v.seed, `${f}.seed`, 0, Number.MAX_SAFE_INTEGER);
  if (v.games !== undefined) o.games = int(v.games, `${f}.games`, 1, MAX_GAME_INDEX);
  if (v.targetError !== undefined) o.targetError = num(v.targetError, `${f}.targetError`, 0.0005, 0.5);
  return o;
}

/**
 * Read a run's spec from its stored fields (untrusted): bounded sizes, the MAC when there is a key, the exact
 * shape, and an identity whose hash is the run id (`runIdOf`).
 */
export function readRunSpec(run: string, packed: Buffer | null, storedMac: string | null, key: Buffer | null, runIdOf: (id: JournalIdentity) => string): RunSpec {
  if (packed === null || packed.length === 0) throw new JobRefusal({ id: 'queue.noSpec', params: { run } });
  if (packed.length > MAX_SPEC_PACKED) throw new JobRefusal({ id: 'queue.specTooLarge', params: { bytes: packed.length, max: MAX_SPEC_PACKED } });
  if (key) {
    if (!storedMac || !macEqual(storedMac, mac(key, 'spec', run, packed))) throw new JobRefusal({ id: 'queue.badSpecMac', params: { run } }, false);
  }
  let json: string;
  try {
    json = gunzipSync(packed, { maxOutputLength: MAX_SPEC_JSON }).toString('utf8');
  } catch {
    throw new JobRefusal({ id: 'queue.specUnreadable', params: { run, max: MAX_SPEC_JSON } });
  }
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    throw new JobRefusal({ id: 'queue.specUnreadable', params: { run, max: MAX_SPEC_JSON } });
  }
  if (!isObj(v)) return refuse('spec', 'a mapping { identity, source }');
  keysOnly(v, 'spec', ['identity', 'source']);
  const identity = readIdentity(v.identity);
  if (runIdOf(identity) !== run) throw new JobRefusal({ id: 'queue.specNotRun', params: { run } });
  const s = v.source;
  if (!isObj(s)) return refuse('spec.source', 'a mapping { file, text, overrides, exact }');
  keysOnly(s, 'spec.source', ['file', 'text', 'overrides'], ['exact']);
  // eslint-disable-next-line no-control-regex
  const file = str(s.file, 'spec.source.file', 4096, /^[^\u0000-\u001f]+$/);
  const text = str(s.text, 'spec.source.text', MAX_EXPERIMENT_TEXT);
  const overrides = readOverrides(s.overrides);
  let exact: SpecSource['exact'];
  if (s.exact !== undefined) {
    if (!isObj(s.exact)) return refuse('spec.source.exact', 'a mapping { seed, stop }');
    keysOnly(s.exact, 'spec.source.exact', ['seed', 'stop']);
    exact = { seed: int(s.exact.seed, 'spec.source.exact.seed', 0, Number.MAX_SAFE_INTEGER), stop: readStop(s.exact.stop, 'spec.source.exact.stop') };
  }
  return { identity, source: { file, text, overrides, ...(exact ? { exact } : {}) } };
}

/** A result as stored: with a key, the 64 hex MAC (bound to run and chunk) then the packed chunk; else the packed chunk. */
export function sealResult(key: Buffer | null, run: string, m: number, packed: Buffer): Buffer {
  return key ? Buffer.concat([Buffer.from(mac(key, 'result', run, String(m), packed), 'utf8'), packed]) : packed;
}

/** The packed chunk of a stored result, or null when its MAC (with a key) does not match. */
export function openResult(key: Buffer | null, run: string, m: number, stored: Buffer): Buffer | null {
  if (!key) return stored;
  if (stored.length < 64) return null;
  const packed = stored.subarray(64);
  return macEqual(stored.subarray(0, 64).toString('utf8'), mac(key, 'result', run, String(m), packed)) ? packed : null;
}

/** A string from a job (a file name) as it may appear in one log line: printable, at most 600 characters. */
export function printable(s: string): string {
  // eslint-disable-next-line no-control-regex
  const p = s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return p.length > 600 ? `${p.slice(0, 600)}…` : p;
}
