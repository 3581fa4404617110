/**
 * Redis URLs of the queue (issue 29 item 10): parsing `--queue` into connection options, and keeping its secrets out
 * of every message and log line.
 *
 * - {@link redact} builds what is shown of a URL from a parse, never by echoing the input: `scheme://user:***@host:port/db`,
 *   query values as `***` (only `db` and `family` digits are kept). Where the input is ambiguous — an unencoded `@`
 *   or `?` in the password, a typo such as `redis//:PW@host` — more is hidden, never less.
 * - {@link secretsOf} lists the strings of a URL that are secret (the password raw and decoded, query values);
 *   {@link scrub} replaces each of them, and the whole URL, in any text (an error from the Redis client, a log line).
 * - {@link parseQueueUrl} turns the URL into ioredis options itself (an unencoded `@` in the password works), so
 *   the client never sees the raw string.
 */

/** Query keys whose digit values are shown; every other query value is hidden. */
const SHOWN_QUERY = new Set(['db', 'family']);

/** A host, optional port and optional db path: what is shown after the credentials. */
const HOST_PART = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]*)(:\d{1,5})?(\/\d{0,3})?\/?$/;

/** Show a query string with its values hidden (keys are kept when they are plain words). */
function redactQuery(q: string): string {
  if (q === '') return '';
  return q.split('&').map((kv) => {
    const eq = kv.indexOf('=');
    const key = eq < 0 ? kv : kv.slice(0, eq);
    const value = eq < 0 ? '' : kv.slice(eq + 1);
    if (!/^[A-Za-z_][A-Za-z0-9_-]{0,30}$/.test(key)) return '***';
    if (eq < 0) return key;
    return SHOWN_QUERY.has(key) && /^\d{1,3}$/.test(value) ? `${key}=${value}` : `${key}=***`;
  }).join('&');
}

/**
 * The URL as it may be shown: credentials and query values replaced by `***`. Works on any text given as a URL
 * (typos included) and never returns a character of a password.
 */
export function redact(url: string): string {
  const m = /^([A-Za-z][A-Za-z0-9+.-]{0,20})(:\/\/|:\/|\/\/|:)/.exec(url);
  const scheme = m ? m[0] : '';
  let rest = url.slice(scheme.length);
  const at = rest.lastIndexOf('@');
  const q0 = rest.indexOf('?');
  const hash = rest.indexOf('#');
  // A `?` or `#` before the last `@`: either the password holds one or a query value holds an `@` — hide it all.
  if (at >= 0 && ((q0 >= 0 && q0 < at) || (hash >= 0 && hash < at))) return `${scheme}***`;
  let cred = '';
  if (at >= 0) {
    const userinfo = rest.slice(0, at);
    const colon = userinfo.indexOf(':');
    const user = colon >= 0 ? userinfo.slice(0, colon) : '';
    cred = colon >= 0 && /^[A-Za-z0-9._-]{0,64}$/.test(user) ? `${user}:***@` : '***@';
    rest = rest.slice(at + 1);
  }
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) rest = rest.slice(0, hashAt);
  const q = rest.indexOf('?');
  const hostPart = q >= 0 ? rest.slice(0, q) : rest;
  const query = q >= 0 ? rest.slice(q + 1) : '';
  const shownHost = HOST_PART.test(hostPart) ? hostPart : '***';
  return `${scheme}${cred}${shownHost}${q >= 0 ? `?${redactQuery(query)}` : ''}`;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The secret strings of a URL: everything between the scheme and the last `@` (the whole userinfo, its password
 * part, raw and decoded) and every query value that {@link redact} hides. Strings shorter than 3 characters are
 * left out (replacing every "a" of a message would make it unreadable); the whole URL is always in the list.
 */
export function secretsOf(url: string): string[] {
  const out = new Set<string>([url]);
  const add = (s: string): void => {
    for (const v of [s, decode(s), encodeURIComponent(decode(s))]) if (v.length >= 3) out.add(v);
  };
  const m = /^([A-Za-z][A-Za-z0-9+.-]{0,20})(:\/\/|:\/|\/\/|:)/.exec(url);
  const rest = url.slice(m ? m[0].length : 0);
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const userinfo = rest.slice(0, at);
    add(userinfo);
    const colon = userinfo.indexOf(':');
    if (colon >= 0) add(userinfo.slice(colon + 1));
  }
  for (const part of url.split(/[?&#]/).slice(1)) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? '' : part.slice(0, eq);
    const value = eq < 0 ? part : part.slice(eq + 1);
    if (!(SHOWN_QUERY.has(key) && /^\d{1,3}$/.test(value))) add(value);
  }
  return [...out].sort((a, b) => b.length - a.length);
}

/** `text` with every secret replaced by `***` (longest first, so a password inside the URL goes with the URL). */
export function scrub(text: string, secrets: readonly string[]): string {
  let s = text;
  for (const secret of secrets) if (secret !== '' && s.includes(secret)) s = s.split(secret).join('***');
  return s;
}

/** Connection options for ioredis, parsed from a queue URL by {@link parseQueueUrl}. */
export interface RedisTarget {
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  readonly tls: boolean;
}

/**
 * Parse `redis://[user[:password]@]host[:port][/db][?password=…&db=…]` or `rediss://…` (TLS). The password may hold
 * an unencoded `@` (the last `@` ends the credentials). Null when the text is not such a URL.
 */
export function parseQueueUrl(url: string): RedisTarget | null {
  const m = /^(rediss?):\/\/(.*)$/is.exec(url);
  if (!m || /\s/.test(url)) return null;
  const tls = m[1].toLowerCase() === 'rediss';
  let rest = m[2];
  let username: string | undefined;
  let password: string | undefined;
  const at = rest.lastIndexOf('@');
  if (at >= 0) {
    const userinfo = rest.slice(0, at);
    rest = rest.slice(at + 1);
    const colon = userinfo.indexOf(':');
    if (colon >= 0) {
      username = decode(userinfo.slice(0, colon)) || undefined;
      password = decode(userinfo.slice(colon + 1));
    } else if (userinfo !== '') password = decode(userinfo); // redis://PASSWORD@host, as ioredis reads it
  }
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) rest = rest.slice(0, hashAt);
  const q = rest.indexOf('?');
  const hostPart = q >= 0 ? rest.slice(0, q) : rest;
  const hm = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?(?:\/(\d{1,3})?)?\/?$/.exec(hostPart);
  if (!hm) return null;
  const host = hm[1].startsWith('[') ? hm[1].slice(1, -1) : hm[1];
  const port = hm[2] !== undefined ? Number(hm[2]) : 6379;
  let db = hm[3] !== undefined ? Number(hm[3]) : 0;
  if (port < 1 || port > 65535) return null;
  if (q >= 0) {
    for (const kv of rest.slice(q + 1).split('&')) {
      if (kv === '') continue;
      const eq = kv.indexOf('=');
      const key = eq < 0 ? kv : kv.slice(0, eq);
      const value = decode(eq < 0 ? '' : kv.slice(eq + 1));
      if (key === 'password') password = value;
      else if (key === 'username' || key === 'user') username = value;
      else if (key === 'db' && /^\d{1,3}$/.test(value)) db = Number(value);
      else if (key === 'family' || key === 'tls') continue;
      else return null;
    }
  }
  return { host, port, db, tls, ...(username !== undefined ? { username } : {}), ...(password !== undefined ? { password } : {}) };
}

/** Whether an error from the Redis client means the credentials were refused. */
export function isAuthError(message: string): boolean {
  return /WRONGPASS|NOAUTH|invalid password|invalid username-password|AUTH[^\n]*without any password|NOPERM/i.test(message);
}
