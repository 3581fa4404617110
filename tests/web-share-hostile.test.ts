// Hostile share links (issue 39 items 7, 18, 20): decoding is bounded (link length, inflated size, lines, files,
// time), a deflate bomb is abandoned after a few MB without inflating the rest, `__proto__` / constructor /
// prototype and paths outside the app's folders are refused, and every damage gets one message from the catalogue in
// the user's language (never a browser's raw error such as "Failed to fetch").
import { deflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeShare, isSharePath, SHARE_LIMITS, ShareLinkError } from '../web/src/share.js';
import { setLang } from '../src/i18n/lang.js';

const b64 = (s: string | Buffer): string => Buffer.from(s).toString('base64url');
const plain = (o: unknown): string => `b${b64(JSON.stringify(o))}`;
const zipped = (s: string | Buffer): string => `z${b64(deflateRawSync(s))}`;
const work = { v: 1, file: 'experiments/x.yaml', text: 'game: urban-assault\n', command: 'run' };

async function refusal(link: string): Promise<ShareLinkError> {
  const err = await decodeShare(link).then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ShareLinkError);
  return err as ShareLinkError;
}

afterEach(() => setLang('en'));

describe('share links: bounded decoding (item 7)', () => {
  it('refuses a link longer than the limit before decoding it', async () => {
    const t0 = performance.now();
    const err = await refusal(`z${'A'.repeat(SHARE_LIMITS.linkChars)}`);
    expect(err.message).toBe(`the link is ${SHARE_LIMITS.linkChars + 1} characters long; a share link may have at most ${SHARE_LIMITS.linkChars}`);
    expect(performance.now() - t0).toBeLessThan(500);
  });

  it('abandons a deflate bomb (300 MB of text in a 300 KB link) after the 2 MB bound, quickly', async () => {
    const bomb = zipped(`{"v":1,"file":"experiments/x.yaml","command":"run","text":"${' '.repeat(300 * 1024 * 1024)}"}`);
    expect(bomb.length).toBeLessThan(SHARE_LIMITS.linkChars);
    const t0 = performance.now();
    const err = await refusal(bomb);
    expect(err.message).toBe('the link unpacks to more than 2 MB; a share link may carry at most 2 MB');
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('refuses too many lines and too many files', async () => {
    expect((await refusal(zipped(JSON.stringify({ ...work, text: 'a\n'.repeat(SHARE_LIMITS.lines) })))).message)
      .toBe(`the link carries more than ${SHARE_LIMITS.lines} lines; a share link may carry at most ${SHARE_LIMITS.lines}`);
    const files = Object.fromEntries(Array.from({ length: SHARE_LIMITS.files + 1 }, (_, i) => [`scenarios/urban-assault/s${i}.yaml`, 'a: 1\n']));
    expect((await refusal(zipped(JSON.stringify({ ...work, files })))).message).toMatch(/more than 64 files/);
  });

  it('keeps a large real work: every limit is far above it', async () => {
    const text = 'game: urban-assault\n'.repeat(20_000);
    expect((await decodeShare(zipped(JSON.stringify({ ...work, text })))).text).toBe(text);
  });
});

describe('share links: damage gets a catalogue message (item 20)', () => {
  it.each([
    ['not deflate data', `z${b64(Buffer.from([0xff, 0xfe, 0x00, 0x13, 0x37, 0x42, 0x99]))}`, 'the link is damaged (it cannot be unpacked)'],
    ['cut short', zipped(JSON.stringify(work)).slice(0, 12), 'the link is damaged (it cannot be unpacked)'],
    ['not JSON', `b${b64('hello, not json')}`, 'the link is damaged (its content is not readable text)'],
    ['not UTF-8', `b${b64(Buffer.from([0xc3, 0x28, 0x7b]))}`, 'the link is damaged (its content is not readable text)'],
    ['JSON null', plain(null), 'the link is damaged (missing fields)'],
    ['bad base64 padding', 'bA', 'the link is damaged (not base64url)'],
  ])('%s', async (_name, link, message) => {
    expect((await refusal(link)).message).toBe(message);
  });

  it('speaks Japanese when the app does', async () => {
    setLang('ja');
    expect((await refusal(`z${b64(Buffer.from([0xff, 0xfe, 0x00, 0x13]))}`)).message).toBe('リンクが壊れています（展開できません）');
    expect((await refusal(`z${'A'.repeat(SHARE_LIMITS.linkChars)}`)).message).toBe('リンクが 1000001 文字あります。共有リンクは 1000000 文字までです');
  });
});

describe('share links: reserved keys and foreign paths (item 18)', () => {
  it.each(['__proto__', 'constructor', 'prototype', 'hasOwnProperty', '../x.yaml', '/etc/passwd', 'experiments/../../x.yaml', 'experiments/.hidden.yaml',
    'experiments/__proto__/x.yaml', 'experiments/x.js', 'notes/x.yaml', 'experiments/constructor', 'experiments/a\u202ex.yaml', 'experiments/a\\..\\x.yaml', 'experiments/ x.yaml'])('refuses the file %j', async (path) => {
    expect(isSharePath(path)).toBe(false);
    expect((await refusal(plain({ ...work, file: path }))).message).toMatch(/^the link names the file ".*", which is not allowed/);
  });

  it('refuses `__proto__` among the carried files (a raw JSON key, as a hostile link writes it)', async () => {
    const raw = '{"v":1,"file":"experiments/x.yaml","text":"a","command":"run","files":{"__proto__":"[object Object]"}}';
    expect((await refusal(`b${b64(raw)}`)).message).toBe('the link names the file "__proto__", which is not allowed: use experiments/…, scenarios/… or rulesets/… ending in .yaml, .yml or .md');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts the app\'s own paths', () => {
    for (const p of ['experiments/lmg-worth-8-magazines.yaml', 'scenarios/urban-assault/training.md', 'rulesets/urban-assault/v1.01-2026-10.yaml', 'scenarios/robot/a.yml', 'scenarios/urban-assault/港湾 制圧.md']) expect(isSharePath(p), p).toBe(true);
  });
});
