// Issue 39 item 4: every text scan of a Markdown scenario's prose is linear. The prose check on 2 MB of worst-case
// lines — a line of blanks, a list item of blanks, `形式：` repeated, header values padded with blanks — takes
// well under a second (a line of 240,000 blanks took 41 s: `\s*` beside `\s*` tried every split of the run).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseMarkdownScenario, proseWarnings } from '../src/rules/urban-assault/scenario/markdown.js';
import { MAX_INPUT_FILE_BYTES } from '../src/sim/input/limits.js';

const TRAINING = readFileSync(fileURLToPath(new URL('./fixtures/markdown/training.md', import.meta.url)), 'utf8');

/** The fixture with worst-case lines in its header and its prose, up to about `bytes` in all. */
function worstCase(bytes: number): string {
  const share = Math.floor((bytes - TRAINING.length) / 8);
  const blanks = (n: number) => ' '.repeat(n);
  const header = [`scenario_id: md-training-01${blanks(share)}x`, `recommended_level: 10${blanks(share)}x`];
  const prose = [
    `${blanks(share)}x`, `- ${blanks(share)}x`, `|${blanks(share)}x`, `**${blanks(share / 2)}**${blanks(share / 2)}x`,
    '形式：'.repeat(Math.floor(share / 9)), `推奨レベル：1${blanks(share)}x`,
  ];
  return TRAINING.replace('\n---\n\n## ■ シナリオ概要', `\n${header.join('\n')}\n---\n\n## ■ シナリオ概要`).replace('## ■ 参加条件\n', `## ■ 参加条件\n${prose.join('\n')}\n`);
}

describe('the Markdown prose check is linear (issue 39 item 4)', () => {
  it('2 MB of worst-case prose is checked in under 2 s (was ~45 minutes)', () => {
    const text = worstCase(MAX_INPUT_FILE_BYTES - 4096);
    expect(Buffer.byteLength(text)).toBeGreaterThan(2_000_000);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_INPUT_FILE_BYTES);
    const t0 = performance.now(); // timing only
    const md = parseMarkdownScenario('/tmp/worst.md', text);
    const warnings = proseWarnings(md);
    const ms = performance.now() - t0; // timing only
    console.log(`prose check of ${Buffer.byteLength(text)} bytes of worst-case lines: ${Math.round(ms)} ms, ${warnings.length} warning(s)`);
    expect(ms).toBeLessThan(2000);
    // The header's first values win, as before (the padded lines come after them).
    expect(md.header.id?.value).toBe('md-training-01');
    expect(md.header.level?.value).toEqual([10, 11]);
  }, 60_000);

  it('the warnings of the unpadded fixture are unchanged', () => {
    const md = parseMarkdownScenario('/tmp/training.md', TRAINING);
    expect(proseWarnings(md)).toEqual([]);
    expect(md.header.id?.value).toBe('md-training-01');
    expect(md.header.level?.value).toEqual([10, 11]);
  });
});
