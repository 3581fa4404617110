// Issue 29, the queue's parts that need no server: every URL form is redacted and scrubbed (item 10), a URL is parsed
// into connection options (an unencoded @ in the password works), job data and run specs from Redis are untrusted and
// checked field by field with bounded sizes and HMACs (items 1, 4, 11), and the fleet is read from what BullMQ 6.7's
// getWorkers() really returns (item 5). The real Redis runs are in tests/e2e/queue-security.e2e.test.ts.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isAuthError, parseQueueUrl, redact, scrub, secretsOf } from '../src/sim/queue/url.js';
import { JobRefusal, jobMac, openResult, packRunSpec, readJob, readRunSpec, sealResult, MAX_SPEC_PACKED, type RunSpec } from '../src/sim/queue/job.js';
import { fleetOf, workerName, workerNameOf } from '../src/sim/queue/fleet.js';
import { queueKeyFromEnv } from '../src/sim/queue/key.js';
import { runId, checkQueueUrl } from '../src/sim/queue/queue.js';
import { journalIdentity } from '../src/sim/run/journal.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { fileURLToPath } from 'node:url';

const PW = 'Sup3r-S3cret';

describe('redaction of every URL form (item 10)', () => {
  const forms = [
    `redis://user:${PW}@host:6379/0`,
    `rediss://:${PW}@host:6380`,
    `redis//:${PW}@host:6379`, // a typo: no colon after the scheme
    `redis:/:${PW}@host`,
    `redis:${PW}@host`,
    `redis://host:6379?password=${PW}`,
    `redis://host:6379/0?db=1&password=${PW}&x=y`,
    `redis://:${PW.slice(0, 4)}@${PW.slice(4)}@host:6379`, // an unencoded @ in the password
    `redis://:pa?ss@${PW}@host`, // a ? in the password
    `redis://host?password=ab@${PW}`, // an @ in a query value
    `redis://${PW}@host`,
    `redis://user:${encodeURIComponent(PW + '@/#')}@host`,
    `redis://:${PW}/x@host`,
    `redis://:${PW}#frag@host`,
  ];
  it.each(forms)('%s shows no part of the password', (url) => {
    const shown = redact(url);
    expect(shown).not.toContain(PW.slice(0, 4));
    expect(shown).not.toContain(PW.slice(4));
    expect(shown).toContain('***');
  });
  it('keeps what helps: scheme, user, host, port, db', () => {
    expect(redact(`redis://user:${PW}@host:6379/0`)).toBe('redis://user:***@host:6379/0');
    expect(redact(`rediss://:${PW}@h.example:6380`)).toBe('rediss://:***@h.example:6380');
    expect(redact('redis://127.0.0.1:6379/2?db=2&family=6')).toBe('redis://127.0.0.1:6379/2?db=2&family=6');
    expect(redact(`redis//:${PW}@host:1`)).toBe('redis//:***@host:1');
    expect(redact(`redis://h:1?password=${PW}`)).toBe('redis://h:1?password=***');
  });
  it('scrubs the password, raw, decoded or encoded, from any text', () => {
    const url = `redis://u:${encodeURIComponent('p@ss/' + PW)}@h:1`;
    const secrets = secretsOf(url);
    const text = `ReplyError: x ${url} and p@ss/${PW} and ${encodeURIComponent('p@ss/' + PW)}`;
    const out = scrub(text, secrets);
    expect(out).not.toContain(PW);
    expect(out).toContain('ReplyError: x');
    expect(scrub(`query ${PW}`, secretsOf(`redis://h?password=${PW}`))).toBe('query ***');
  });
  it('parses URLs into connection options; refuses what is not one, naming it redacted', () => {
    expect(parseQueueUrl(`redis://user:${PW}@host:6380/3`)).toEqual({ host: 'host', port: 6380, db: 3, tls: false, username: 'user', password: PW });
    expect(parseQueueUrl(`rediss://:a@b${PW}@host`)).toEqual({ host: 'host', port: 6379, db: 0, tls: true, password: `a@b${PW}` });
    expect(parseQueueUrl(`redis://host?password=${PW}&db=2`)).toEqual({ host: 'host', port: 6379, db: 2, tls: false, password: PW });
    expect(parseQueueUrl('redis://[::1]:7000')).toEqual({ host: '::1', port: 7000, db: 0, tls: false });
    for (const bad of [`redis//:${PW}@host`, 'http://h', 'redis://h:99999', 'redis://h?evil=1', 'redis://h h']) expect(parseQueueUrl(bad)).toBeNull();
    let msg = '';
    try {
      checkQueueUrl(`redis//:${PW}@host:6379`);
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg).toMatch(/is not a Redis URL/);
    expect(msg).not.toContain(PW);
  });
  it('recognises refused credentials', () => {
    expect(isAuthError('WRONGPASS invalid username-password pair or user is disabled.')).toBe(true);
    expect(isAuthError('NOAUTH HELLO must be called with the client already authenticated')).toBe(true);
    expect(isAuthError('connect ECONNREFUSED 127.0.0.1:1')).toBe(false);
  });
});

describe('jobs and specs from Redis are untrusted (items 1, 11)', () => {
  const exp = loadExperiment(fileURLToPath(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url)), { games: 3000 });
  const identity = journalIdentity(exp, '9.9.9');
  const run = runId(identity);
  const spec: RunSpec = { identity, source: { file: '/x/e.yaml', text: 'game: robot\n', overrides: { games: 3000 } } };
  const key = Buffer.from('k'.repeat(32));
  const refusal = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(JobRefusal);
      return (e as Error).message;
    }
    throw new Error('not refused');
  };

  it('a job is { run, m, start, count } and nothing else, each bounded', () => {
    expect(readJob({ run, m: 2, start: 2000, count: 1000 }, null)).toEqual({ run, m: 2, start: 2000, count: 1000 });
    expect(refusal(() => readJob({ run, m: 2, start: 0, count: 1, source: { file: '/proc/self/environ' } }, null))).toMatch(/job field job\.source is not allowed/);
    expect(refusal(() => readJob(JSON.parse(`{"run":"${run}","m":1,"start":0,"count":1,"__proto__":{"x":1}}`), null))).toMatch(/job\.__proto__/);
    expect(refusal(() => readJob({ run: '../../etc', m: 1, start: 0, count: 1 }, null))).toMatch(/job\.run/);
    expect(refusal(() => readJob({ run, m: -1, start: 0, count: 1 }, null))).toMatch(/job\.m/);
    expect(refusal(() => readJob({ run, m: 1, start: 0, count: 1e9 }, null))).toMatch(/job\.count/);
    expect(refusal(() => readJob('x'.repeat(100), null))).toMatch(/job field job /);
    expect(({}) as Record<string, unknown>).not.toHaveProperty('x');
  });

  it('with a key, a job needs its HMAC; a worker without one refuses signed jobs (not final)', () => {
    const mac = jobMac(key, run, 1, 1000, 1000);
    expect(readJob({ run, m: 1, start: 1000, count: 1000, mac }, key).mac).toBe(mac);
    expect(refusal(() => readJob({ run, m: 1, start: 1000, count: 1000 }, key))).toMatch(/valid signature/);
    expect(refusal(() => readJob({ run, m: 2, start: 1000, count: 1000, mac }, key))).toMatch(/valid signature/);
    expect(refusal(() => readJob({ run, m: 1, start: 1000, count: 1000, mac: jobMac(Buffer.from('other-key-other-key'), run, 1, 1000, 1000) }, key))).toMatch(/valid signature/);
    try {
      readJob({ run, m: 1, start: 1000, count: 1000, mac }, null);
    } catch (e) {
      expect((e as JobRefusal).final).toBe(false);
    }
  });

  it('a spec is read once per run: bounded, shaped, bound to its run id and (with a key) signed', () => {
    const p = packRunSpec(run, spec, null);
    expect(readRunSpec(run, p.spec, '', null, runId)).toEqual(spec);
    const signed = packRunSpec(run, spec, key);
    expect(readRunSpec(run, signed.spec, signed.mac, key, runId).identity).toEqual(identity);
    expect(refusal(() => readRunSpec(run, signed.spec, '0'.repeat(64), key, runId))).toMatch(/valid signature/);
    expect(refusal(() => readRunSpec(run, null, null, null, runId))).toMatch(/no spec in Redis/);
    expect(refusal(() => readRunSpec('0'.repeat(20), p.spec, '', null, runId))).toMatch(/belongs to another run/);
    expect(refusal(() => readRunSpec(run, Buffer.alloc(MAX_SPEC_PACKED + 1), '', null, runId))).toMatch(/more than/);
    // A gzip bomb: 64 MB of zeros packed into ~64 kB.
    expect(refusal(() => readRunSpec(run, gzipSync(Buffer.alloc(64 * 1024 * 1024)), '', null, runId))).toMatch(/not gzip'd JSON of at most/);
    const evil = (s: unknown) => gzipSync(JSON.stringify(s));
    expect(refusal(() => readRunSpec(run, evil({ ...spec, env: 1 }), '', null, runId))).toMatch(/spec\.env/);
    expect(refusal(() => readRunSpec(run, evil({ ...spec, source: { ...spec.source, overrides: { games: 1, exec: 'x' } } }), '', null, runId))).toMatch(/overrides\.exec/);
    expect(refusal(() => readRunSpec(run, evil({ ...spec, source: { ...spec.source, file: 'a\nb' } }), '', null, runId))).toMatch(/spec\.source\.file/);
    expect(refusal(() => readRunSpec(run, evil({ ...spec, source: { ...spec.source, text: 7 } }), '', null, runId))).toMatch(/spec\.source\.text/);
  });

  it('results are sealed with the key and bound to run and chunk', () => {
    const packed = Buffer.from('result bytes');
    const sealed = sealResult(key, run, 3, packed);
    expect(openResult(key, run, 3, sealed)).toEqual(packed);
    expect(openResult(key, run, 4, sealed)).toBeNull();
    expect(openResult(key, run, 3, packed)).toBeNull();
    expect(openResult(null, run, 3, packed)).toEqual(packed);
  });

  it('the key comes from the environment or a file, is long enough, and is never in a message', () => {
    expect(queueKeyFromEnv({}, () => Buffer.alloc(0))).toBeNull();
    expect(queueKeyFromEnv({ BALANCE_LAB_QUEUE_KEY: 'x'.repeat(16) })!.toString()).toBe('x'.repeat(16));
    expect(queueKeyFromEnv({ BALANCE_LAB_QUEUE_KEY_FILE: '/k' }, () => Buffer.from(`${'y'.repeat(20)}\n`))!.toString()).toBe('y'.repeat(20));
    expect(() => queueKeyFromEnv({ BALANCE_LAB_QUEUE_KEY: 'short-secret' })).toThrow(/at least|16/);
    expect(() => queueKeyFromEnv({ BALANCE_LAB_QUEUE_KEY: 'short-secret' })).not.toThrow(/short-secret/);
    expect(() => queueKeyFromEnv({ BALANCE_LAB_QUEUE_KEY_FILE: '/dev/zero' })).toThrow(/cannot read the queue key file/);
  });
});

describe('fleet detection with BullMQ 6.7 (item 5)', () => {
  // What Queue.getWorkers() returns in BullMQ 6.7 (captured from a real Redis server in the e2e tier): `name` is the QUEUE's name,
  // the client's name is in `rawname`.
  const client = (raw: string) => ({ id: '4', addr: '127.0.0.1:47692', name: 'balance-lab-chunks', flags: 'b', cmd: 'bzpopmin', rawname: raw });
  const q = 'bull:YmFsYW5jZS1sYWItY2h1bmtz:w:';
  it('reads worker names from rawname, not from name', () => {
    expect(workerNameOf(client(`${q}balance-lab:h1:12:2:ab12`))).toBe('balance-lab:h1:12:2:ab12');
    expect(workerNameOf({ name: 'balance-lab-chunks' })).toBeNull();
    expect(workerNameOf({ name: 'balance-lab:h:1:3:x' })).toBe('balance-lab:h:1:3:x'); // older BullMQ versions
  });
  it('counts processes once, machines by host, threads summed', () => {
    const f = fleetOf([
      client(`${q}${workerName('node-a', 10, 2, 'aa')}`),
      client(`${q}${workerName('node-a', 10, 2, 'aa')}`), // a second connection of the same process
      client(`${q}${workerName('node-a', 11, 4, 'bb')}`),
      client(`${q}${workerName('node-b', 10, 8, 'cc')}`),
      client(`${q}someone-else`),
      { name: 'balance-lab-chunks' },
    ]);
    expect(f).toEqual({ workers: 3, machines: 2, threads: 14 });
    expect(fleetOf([])).toEqual({ workers: 0, machines: 0, threads: 0 });
  });
  it('a host name with odd characters cannot break the name', () => {
    expect(workerName('a:b c', 1, 2, 'n')).toBe('balance-lab:a_b_c:1:2:n');
  });
});
