// The web app's share links (web/src/share.ts): the work survives the round trip exactly (Japanese text, edited
// scenario files, games, seed), compressed and plain, and a damaged link is refused with a clear error.
import { describe, expect, it } from 'vitest';
import { decodeShare, encodeShare, workFromHash, type SharedWork } from '../web/src/share.js';
import { readFileSync } from 'node:fs';

const flagship = readFileSync(new URL('../experiments/lmg-worth-8-magazines.yaml', import.meta.url), 'utf8');
const work: SharedWork = {
  file: 'experiments/lmg-worth-8-magazines.yaml',
  text: `${flagship}\n# 軍票と弾倉　全角スペース\n`,
  files: { 'scenarios/urban-assault/tutorial-01-port.yaml': 'name: 港湾制圧訓練\n' },
  command: 'solve',
  games: 2000,
  seed: 7,
};

describe('share links', () => {
  it('round-trips compressed (deflate-raw), under half the length of the plain link', async () => {
    const v = await encodeShare(work);
    expect(v[0]).toBe('z');
    expect(v).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(v.length).toBeLessThan((await encodeShare(work, { compress: false })).length / 2);
    expect(await decodeShare(v)).toEqual(work);
  });

  it('round-trips uncompressed (plain base64url)', async () => {
    const v = await encodeShare(work, { compress: false });
    expect(v[0]).toBe('b');
    expect(await decodeShare(v)).toEqual(work);
  });

  it('reads the work from a location hash and ignores a hash without it', async () => {
    const v = await encodeShare({ file: 'experiments/x.yaml', text: 'a: 1\n', command: 'run' });
    expect(await workFromHash(`#r=${v}`)).toEqual({ file: 'experiments/x.yaml', text: 'a: 1\n', command: 'run' });
    expect(await workFromHash(`#other=1&r=${v}`)).toEqual({ file: 'experiments/x.yaml', text: 'a: 1\n', command: 'run' });
    expect(await workFromHash('#summary')).toBeUndefined();
    expect(await workFromHash('')).toBeUndefined();
  });

  it('refuses a damaged or foreign link', async () => {
    const v = await encodeShare(work);
    await expect(decodeShare(`${v.slice(0, 40)}`)).rejects.toThrow();
    await expect(decodeShare('q123')).rejects.toThrow(/unknown format/);
    await expect(decodeShare('b!!')).rejects.toThrow(/base64url/);
    const foreign = Buffer.from(JSON.stringify({ v: 1, file: 'x' })).toString('base64url');
    await expect(decodeShare(`b${foreign}`)).rejects.toThrow(/missing fields/);
  });

  it('drops invalid games and seed values instead of passing them on', async () => {
    const raw = Buffer.from(JSON.stringify({ v: 1, file: 'experiments/f.yaml', text: 't', command: 'run', games: -3, seed: 1.5 })).toString('base64url');
    expect(await decodeShare(`b${raw}`)).toEqual({ file: 'experiments/f.yaml', text: 't', command: 'run' });
  });
});
