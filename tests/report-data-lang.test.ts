/** Rebuilding report.html from summary.json (`balance-lab report`) speaks the chosen language (issue 26). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseReportData } from '../src/report/html/data-read.js';
import { rebuildReport } from '../src/report/html/rebuild.js';
import { setLang } from '../src/i18n/lang.js';

afterEach(() => setLang('en'));

describe('summary.json read-back messages', () => {
  it('are Japanese with ja, naming the file and the JSON path as in English', () => {
    setLang('ja');
    expect(() => parseReportData('{', 's.json')).toThrow(/^s\.json: JSON として正しくありません（/);
    expect(() => parseReportData('{"experiment": {}}', 's.json')).toThrow('s.json: format: balance-lab の集計ではありません（format "balance-lab-summary" が必要）');
    setLang('en');
    expect(() => parseReportData('{', 's.json')).toThrow(/^s\.json: not valid JSON \(/);
  });

  it('a missing results folder is named in the chosen language', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bl-rebuild-'));
    try {
      setLang('ja');
      await expect(rebuildReport(join(dir, 'nope'))).rejects.toThrow('その結果フォルダはありません');
      await expect(rebuildReport(dir)).rejects.toThrow('summary.json がありません');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
