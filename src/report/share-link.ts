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

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error(t('outLine.linkNotBase64'));
  const b = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = await new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream as unknown as ReadableWritablePair<Uint8Array, Uint8Array>)).arrayBuffer();
  return new Uint8Array(out);
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

/** Decode a value made by {@link encodeShare}; throws a plain Error on a damaged or foreign link. */
export async function decodeShare(value: string): Promise<SharedWork> {
  const kind = value[0];
  const bytes = fromBase64Url(value.slice(1));
  let json: Uint8Array;
  if (kind === 'z') json = await pipe(bytes, new DecompressionStream('deflate-raw' as CompressionFormat));
  else if (kind === 'b') json = bytes;
  else throw new Error(t('outLine.linkUnknownFormat'));
  const o = JSON.parse(new TextDecoder().decode(json)) as Partial<SharedWork> & { v?: unknown };
  if (o.v !== 1 || typeof o.file !== 'string' || typeof o.text !== 'string' || !['run', 'solve', 'search'].includes(o.command as string)) {
    throw new Error(t('outLine.linkMissingFields'));
  }
  const files: Record<string, string> = {};
  for (const [k, v] of Object.entries(o.files ?? {})) if (typeof v === 'string') files[k] = v;
  return {
    file: o.file,
    text: o.text,
    command: o.command!,
    ...(Object.keys(files).length > 0 ? { files } : {}),
    ...(Number.isSafeInteger(o.games) && o.games! > 0 ? { games: o.games } : {}),
    ...(Number.isSafeInteger(o.seed) && o.seed! >= 0 ? { seed: o.seed } : {}),
  };
}

/** The work a location hash carries (`#r=…`), or undefined when it carries none. */
export async function workFromHash(hash: string): Promise<SharedWork | undefined> {
  const m = new RegExp(`^#?(?:.*&)?${SHARE_PARAM}=([^&]*)`).exec(hash);
  return m ? decodeShare(m[1]) : undefined;
}
