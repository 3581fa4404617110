// Japanese help text wraps without a line that starts with closing punctuation (行頭禁則, issue 42's frictions): the
// character before it goes down with it. Checked on the wrap itself and on every command's real --help under --lang ja.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { wrapWide } from '../src/cli/commander-text.js';
import { displayWidth } from '../src/report/display-width.js';

const BIN = fileURLToPath(new URL('../bin/balance-lab.js', import.meta.url));

describe('help wrapping in Japanese', () => {
  it('never starts a line with 」 or ）; the line stays within the width', () => {
    const text = '結果フォルダーの report.html を summary.json から作り直す（再実行はしない）';
    for (let w = 14; w <= 40; w++) { // from the widest ASCII word up
      const lines = wrapWide(text, w, displayWidth).split('\n');
      for (const l of lines) {
        expect(l, `width ${w}`).not.toMatch(/^[）」、。]/);
        expect(displayWidth(l), `width ${w}: ${l}`).toBeLessThanOrEqual(w);
      }
      expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
    }
  });

  it('no line of any command\'s --help starts with closing punctuation', () => {
    for (const c of [[], ['run'], ['check'], ['report'], ['init'], ['action'], ['solve'], ['bench']]) {
      const r = spawnSync(process.execPath, [BIN, '--lang', 'ja', ...c, '--help'], { encoding: 'utf8', env: { ...process.env, COLUMNS: '80' } });
      expect(r.status, r.stderr).toBe(0);
      for (const l of r.stdout.split('\n')) expect(l.trim(), `${c.join(' ')}: ${l}`).not.toMatch(/^[）」、。]/);
    }
  });
});
