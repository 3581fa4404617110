// Progress display of `run`: a redrawn bar on a TTY, throttled plain lines off a TTY, nothing with --quiet.
import { describe, expect, it } from 'vitest';
import { createProgress, fmtDuration, progressText } from '../src/cli/progress.js';
import { setLang } from '../src/i18n/lang.js';
import type { Progress } from '../src/sim/run/run.js';

function sink(isTTY: boolean) {
  const out: string[] = [];
  return { out, write: (s: string) => void out.push(s), isTTY, columns: 200 };
}

const p = (gamesDone: number, elapsedSeconds: number, halfWidth = 0.0123): Progress => ({
  gamesDone,
  gamesPlanned: 10_000,
  gamesPerSecond: 2000,
  halfWidth,
  elapsedSeconds,
});

describe('run progress', () => {
  it('formats games, rate, ETA (per-variant games vs all-variant rate) and CI in pp', () => {
    const t = progressText(p(4000, 2), { variants: 2 });
    expect(t).toContain('4,000/10,000 games per variant (40%)');
    expect(t).toContain('2,000 games/s');
    expect(t).toContain('ETA 6s'); // 6000 games × 2 variants ÷ 2000/s
    expect(t).toContain('CI ±1.23 pp');
    expect(progressText(p(0, 0, NaN))).toContain('ETA ?');
    expect(progressText(p(0, 0, NaN))).toContain('± – pp');
    expect(progressText(p(4000, 2), { upperBound: true })).toContain('ETA ≤ 3s');
    expect(fmtDuration(125)).toBe('2m05s');
    expect(fmtDuration(3720)).toBe('1h02m');
    // With --lang ja the units are Japanese (issue 42 item 8: `32s` was left in English).
    setLang('ja');
    try {
      expect([fmtDuration(32), fmtDuration(125), fmtDuration(3720)]).toEqual(['32秒', '2分05秒', '1時間02分']);
    } finally {
      setLang('en');
    }
  });

  it('TTY: one line redrawn in place, cleared at the end', () => {
    const s = sink(true);
    const r = createProgress(s);
    r.update(p(1000, 0.5));
    r.update(p(2000, 1));
    r.done();
    expect(s.out.length).toBe(3);
    for (const w of s.out.slice(0, 2)) {
      expect(w.startsWith('\r[')).toBe(true);
      expect(w).not.toContain('\n');
    }
    expect(s.out[2]).toBe('\r\x1b[K');
  });

  it('off a TTY: a plain line at most every 5 s', () => {
    const s = sink(false);
    const r = createProgress(s);
    for (let t = 0; t <= 12; t += 0.5) r.update(p(Math.round(t * 500), t));
    r.done();
    expect(s.out.length).toBe(2); // at 5 s and 10 s
    for (const line of s.out) expect(line).toMatch(/^progress: .*\n$/);
  });

  it('--quiet prints nothing', () => {
    const s = sink(true);
    const r = createProgress(s, { quiet: true });
    r.update(p(1000, 6));
    r.done();
    expect(s.out).toEqual([]);
  });
});
