// Issue 26 leftover: the texts only a broken install or a bug can show (area internal.*) follow the chosen language
// like every other line, and read in English exactly as they did before the catalogue.
import { afterEach, describe, expect, it } from 'vitest';
import { checkBands } from '../src/check/bands.js';
import type { BandSpec } from '../src/sim/input/bands-spec.js';
import { setLang } from '../src/i18n/lang.js';
import { t } from '../src/i18n/t.js';
import { chartsScriptHtml, scriptConcat } from '../src/report/html/charts.js';
import { loadExperiment } from '../src/sim/experiment/load.js';
import { runExperiment } from '../src/sim/run/run.js';
import type { RunSummary } from '../src/sim/stats/summary.js';

afterEach(() => setLang('en'));

const band = (kind: 'rate' | 'mean', variant: string, metric: string): BandSpec => ({ variant, metric, kind, lo: 0, hi: 1, where: 'x.yaml:7' });
const summary = { variants: [{ name: 'base', rates: [], values: [], games: 10 }] } as unknown as RunSummary;

describe('internal checks in the chosen language', () => {
  it('the band check names a variant or metric missing from the run', () => {
    setLang('en');
    expect(() => checkBands([band('rate', 'gone', 'win')], summary, null, 0.05)).toThrow('band at x.yaml:7: variant "gone" is not in the run');
    expect(() => checkBands([band('rate', 'base', 'win')], summary, null, 0.05)).toThrow('band at x.yaml:7: rate "win" is not in the run');
    expect(() => checkBands([band('mean', 'base', 'turns')], summary, null, 0.05)).toThrow('band at x.yaml:7: value "turns" is not in the run');
    setLang('ja');
    expect(() => checkBands([band('rate', 'gone', 'win')], summary, null, 0.05)).toThrow('x.yaml:7 の帯: バリアント "gone" がこの実行にありません');
    expect(() => checkBands([band('rate', 'base', 'win')], summary, null, 0.05)).toThrow('x.yaml:7 の帯: 率 "win" がこの実行にありません');
    expect(() => checkBands([band('mean', 'base', 'turns')], summary, null, 0.05)).toThrow('x.yaml:7 の帯: 値 "turns" がこの実行にありません');
  });

  it('the run loop refuses a worker count that is not one', async () => {
    const exp = loadExperiment('experiments/formation-vs-multi-attack.yaml', { games: 10 });
    setLang('en');
    await expect(runExperiment(exp, { workers: -1 })).rejects.toThrow('workers must be a non-negative integer (got -1)');
    setLang('ja');
    await expect(runExperiment(exp, { workers: 1.5 })).rejects.toThrow('workers は 0 以上の整数でなければなりません（指定: 1.5）');
  });

  it('a broken install\'s texts keep their English word for word', () => {
    expect(t('internal.bundleMissing', { name: 'vega', rel: 'build/vega.min.js' }, 'en')).toBe('report: vega is installed without its browser bundle build/vega.min.js (reinstall with npm ci)');
    expect(t('internal.bundleMissing', { name: 'vega', rel: 'build/vega.min.js' }, 'ja')).toContain('npm ci で入れ直してください');
    expect(t('internal.workerScriptMissing', { file: 'dist/sim/run/worker.js' }, 'en')).toBe('worker script dist/sim/run/worker.js not found; run "npm run build" first');
    expect(t('internal.workerNoExperiment', { key: 'h:1' }, 'en')).toBe('worker: experiment h:1 was not sent');
  });
});

describe('the report page\'s console note for a chart that failed', () => {
  const EXPRS = { name: 'c.name', error: '(err && err.stack ? err.stack : err)' };

  it('is the same script as before in English', () => {
    setLang('en');
    const line = "console.error('balance-lab report: chart ' + c.name + ' failed: ' + (err && err.stack ? err.stack : err));";
    expect(chartsScriptHtml([])).toContain(line);
    expect(scriptConcat(t('internal.chartFailedConsole'), EXPRS)).toBe("'balance-lab report: chart ' + c.name + ' failed: ' + (err && err.stack ? err.stack : err)");
  });

  it('is written in Japanese in a Japanese report, filling in the chart and the error at run time', () => {
    setLang('ja');
    const page = chartsScriptHtml([]);
    expect(page).toContain("console.error('balance-lab レポート: グラフ ' + c.name + ' を描けませんでした: ' + (err && err.stack ? err.stack : err));");
    const expr = scriptConcat(t('internal.chartFailedConsole'), EXPRS);
    const say = new Function('c', 'err', `return ${expr};`) as (c: { name: string }, err: unknown) => string;
    expect(say({ name: 'win-rate' }, 'boom')).toBe('balance-lab レポート: グラフ win-rate を描けませんでした: boom');
  });

  it('quotes the message safely inside a script element', () => {
    const expr = scriptConcat("it's </script> {x}\\", { x: 'x' });
    expect(expr).not.toContain('</script');
    expect((new Function('x', `return ${expr};`) as (x: string) => string)('X')).toBe("it's </script> X\\");
  });
});
