/**
 * Share links (issue 26): the whole work — the experiment's text, any edited
 * scenario files, the game count and seed, and which command to run — packed
 * into the URL's hash, so opening the link replays the same run with no server.
 *
 * Format: `#r=<c><payload>` where `<c>` is `z` (UTF-8 JSON compressed with
 * CompressionStream('deflate-raw'), base64url) or `b` (the JSON uncompressed,
 * base64url — used where CompressionStream is missing). Pure: runs in the
 * browser and in Node ≥ 20 (tests/web-share.test.ts; the Action's answer to an issue builds one). Its errors are in the current language.
 */
import { t } from '../i18n/t.js';

/** What a link carries. */
export interface SharedWork {
  /** The experiment's path in the app's file tree, e.g. `experiments/lmg-worth-8-magazines.yaml`. */
  readonly file: string;
  /** The experiment's text. */
  readonly text: string;
  /** Other files the experiment refers to, edited by the user (path → text). */
  readonly files?: Readonly<Record<string, string>>;
  /** `run`, `solve` or `search`. */
  readonly command: 'run' | 'solve' | 'search';
  /** Games per variant (overrides the file's stop rule), when set. */
  readonly games?: number;
  /** Seed override, when set. */
  readonly seed?: number;
}

/** The hash parameter's name. */
export const SHARE_PARAM = 'r';

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Bounds of a link's decoding (issue 39 item 7): a link longer than `linkChars` is refused before it is decoded, the
 * inflated JSON is read chunk by chunk and abandoned as soon as it passes `bytes`, and it may hold at most `lines`
 * lines, `files` files and take `ms` milliseconds to read. Far above any real work: every shipped experiment,
 * scenario and ruleset together are 280 KB in 6,000 lines.
 */
export const SHARE_LIMITS = { linkChars: 1_000_000, bytes: 2 * 1024 * 1024, lines: 50_000, files: 64, ms: 3000 } as const;

/** A link's damage, with a message from the catalogue in the current language (never a browser's raw error). */
export class ShareLinkError extends Error {}

/** Names that would reach an object's prototype if used as a key (issue 39 item 18). */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A path a link may carry: experiments/…, scenarios/… or rulesets/… made of names that start with neither `.` nor a
 * blank and hold no control or format character nor `\` (Japanese names are fine: the Action links the designer's
 * own scenario file), ending in .yaml, .yml or .md, at most four levels deep. Anything else — `__proto__`,
 * `constructor`, `../x`, an absolute path — is refused.
 */
export function isSharePath(path: string): boolean {
  if (RESERVED_KEYS.has(path) || path.length > 200) return false;
  const parts = path.split('/');
  return parts.length >= 2 && parts.length <= 4 && ['experiments', 'scenarios', 'rulesets'].includes(parts[0])
    && parts.slice(1).every((p) => /^[^.\s\p{Cc}\p{Cf}\\][^\p{Cc}\p{Cf}\\]*$/u.test(p) && !RESERVED_KEYS.has(p))
    && /\.(ya?ml|md)$/.test(path);
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ShareLinkError(t('outLine.linkNotBase64'));
  let b: string;
  try {
    b = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  } catch {
    throw new ShareLinkError(t('outLine.linkNotBase64'));
  }
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = await new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream as unknown as ReadableWritablePair<Uint8Array, Uint8Array>)).arrayBuffer();
  return new Uint8Array(out);
}

/** Inflate `bytes` chunk by chunk, stopping (and cancelling the stream) past the size or time bound. */
async function inflateBounded(bytes: Uint8Array): Promise<Uint8Array> {
  const started = performance.now();
  const reader = new Blob([bytes as BlobPart]).stream()
    .pipeThrough(new DecompressionStream('deflate-raw' as CompressionFormat) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>)
    .getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let r: ReadableStreamReadResult<Uint8Array>;
    try {
      r = await reader.read();
    } catch {
      throw new ShareLinkError(t('outLine.linkNotDeflate'));
    }
    if (r.done) break;
    size += r.value.length;
    const problem = size > SHARE_LIMITS.bytes ? t('outLine.linkTooLarge', { max: SHARE_LIMITS.bytes / 1024 / 1024 })
      : performance.now() - started > SHARE_LIMITS.ms ? t('outLine.linkTooSlow', { seconds: SHARE_LIMITS.ms / 1000 }) : undefined;
    if (problem) {
      void reader.cancel().catch(() => undefined);
      throw new ShareLinkError(problem);
    }
    parts.push(r.value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

function canDeflate(): boolean {
  try {
    new CompressionStream('deflate-raw' as CompressionFormat);
    return true;
  } catch {
    return false;
  }
}

/** Encode work as the hash fragment's value (without `#r=`). */
export async function encodeShare(work: SharedWork, opts: { compress?: boolean } = {}): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify({ v: 1, ...work }));
  if ((opts.compress ?? true) && canDeflate()) return `z${toBase64Url(await pipe(json, new CompressionStream('deflate-raw' as CompressionFormat)))}`;
  return `b${toBase64Url(json)}`;
}

/**
 * Decode a value made by {@link encodeShare}. A damaged, foreign, oversized or hostile link throws a
 * {@link ShareLinkError} whose message comes from the catalogue; decoding is bounded by {@link SHARE_LIMITS}.
 */
export async function decodeShare(value: string): Promise<SharedWork> {
  if (value.length > SHARE_LIMITS.linkChars) throw new ShareLinkError(t('outLine.linkTooLong', { chars: value.length, max: SHARE_LIMITS.linkChars }));
  const kind = value[0];
  if (kind !== 'z' && kind !== 'b') throw new ShareLinkError(t('outLine.linkUnknownFormat'));
  const bytes = fromBase64Url(value.slice(1));
  let json: Uint8Array;
  if (kind === 'z') json = await inflateBounded(bytes);
  else if (bytes.length > SHARE_LIMITS.bytes) throw new ShareLinkError(t('outLine.linkTooLarge', { max: SHARE_LIMITS.bytes / 1024 / 1024 }));
  else json = bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(json);
  } catch {
    throw new ShareLinkError(t('outLine.linkNotJson'));
  }
  let lines = 0;
  let o: Partial<SharedWork> & { v?: unknown };
  try {
    o = JSON.parse(text) as Partial<SharedWork> & { v?: unknown };
  } catch {
    throw new ShareLinkError(t('outLine.linkNotJson'));
  }
  if (typeof o !== 'object' || o === null || o.v !== 1 || typeof o.file !== 'string' || typeof o.text !== 'string' || !['run', 'solve', 'search'].includes(o.command as string)) {
    throw new ShareLinkError(t('outLine.linkMissingFields'));
  }
  const raw = typeof o.files === 'object' && o.files !== null ? Object.entries(o.files) : [];
  if (raw.length > SHARE_LIMITS.files) throw new ShareLinkError(t('outLine.linkTooManyFiles', { max: SHARE_LIMITS.files }));
  const files: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of [[o.file, o.text] as const, ...raw]) {
    if (!isSharePath(k)) throw new ShareLinkError(t('outLine.linkBadPath', { path: k.slice(0, 80) }));
    if (typeof v === 'string') {
      lines++;
      for (let i = v.indexOf('\n'); i >= 0; i = v.indexOf('\n', i + 1)) lines++;
      if (k !== o.file) files[k] = v;
    }
  }
  if (lines > SHARE_LIMITS.lines) throw new ShareLinkError(t('outLine.linkTooManyLines', { max: SHARE_LIMITS.lines }));
  return {
    file: o.file,
    text: o.text,
    command: o.command!,
    ...(Object.keys(files).length > 0 ? { files: { ...files } } : {}),
    ...(Number.isSafeInteger(o.games) && o.games! > 0 ? { games: o.games } : {}),
    ...(Number.isSafeInteger(o.seed) && o.seed! >= 0 ? { seed: o.seed } : {}),
  };
}

/** The work a location hash carries (`#r=…`), or undefined when it carries none. */
export async function workFromHash(hash: string): Promise<SharedWork | undefined> {
  const m = new RegExp(`^#?(?:.*&)?${SHARE_PARAM}=([^&]*)`).exec(hash);
  return m ? decodeShare(m[1]) : undefined;
}
