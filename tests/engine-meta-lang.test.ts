// Issue 26: `balance-lab list` (and the API's engine list) shows engine titles, policy summaries and parameter
// meanings in the chosen language, from the catalogue (areas meta-*.ts); the English stays the engines' own text.
import { afterEach, describe, expect, it } from 'vitest';
import { engines } from '../src/registry.js';
import { listText } from '../src/cli/cmd-list.js';
import { catalogue } from '../src/i18n/t.js';
import { setLang } from '../src/i18n/lang.js';
import { engines as apiEngines } from '../src/api/index.js';
import { paramId, policyId, titleId } from '../src/sim/core/engine-text.js';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const en = catalogue('en') as Readonly<Record<string, string>>;
const ja = catalogue('ja') as Readonly<Record<string, string>>;

/** Every catalogue id `list` needs, with the text the engine writes. */
function written(): [string, string][] {
  const out: [string, string][] = [];
  for (const e of engines) {
    out.push([titleId(e.id), e.title]);
    for (const p of e.policies) {
      out.push([policyId(e.id, p.id), p.summary]);
      for (const [k, v] of Object.entries(p.params)) out.push([paramId(e.id, k), v.replace(/^\S+ \(\S+\.\.\S+\) /, '')]);
    }
  }
  return out;
}

afterEach(() => setLang('en'));

describe('engine metadata in the reader\'s language (issue 26)', () => {
  it('has every title, policy summary and parameter meaning in both languages, the English equal to the engine\'s', () => {
    const pairs = written();
    expect(pairs.length).toBeGreaterThan(100);
    for (const [id, text] of pairs) {
      expect(en[id], `${id}: src/i18n/areas/meta-*.ts must hold the engine's English text (and its Japanese)`).toBe(text);
      expect(ja[id], `${id} missing in ja`).toBeDefined();
      expect(ja[id], id).toMatch(JAPANESE);
      expect(ja[id], `${id} is not translated`).not.toBe(en[id]);
    }
    // No catalogue entry outlives what it describes.
    const used = new Set(pairs.map(([id]) => id));
    expect(Object.keys(en).filter((id) => id.startsWith('meta.') && !used.has(id))).toEqual([]);
  });

  it('prints list in Japanese under ja, keeping rule terms, defaults and ranges', () => {
    setLang('ja');
    const text = listText();
    expect(text).toContain('urban-assault: URBAN ASSAULT × ローグライクハーフ — 交戦とガントレット');
    expect(text).toContain('    default: 分別のあるリーダー');
    expect(text).toContain('      retreat_life: 1 (0..20) リーダーの生命点がこの値以下になったら退却する（0 = 退却しない）');
    expect(text).toContain('      seize: 1 (0..1) 先制射撃で先手を取る（1 = 取る）');
    expect(text).toContain('chojin-locke: 超人ロック カードゲーム');
    for (const [id, english] of written()) expect(text, id).not.toContain(english);
  });

  it('prints URBAN ASSAULT\'s catalogue lines in the chosen language, item names as the seed writes them', () => {
    const ua = engines.find((e) => e.id === 'urban-assault')!;
    const ja = ua.catalogue('ja'), en = ua.catalogue('en');
    expect(ja.length).toBe(en.length);
    expect(ja).toContain('武器 SMG（サブマシンガン）: 弾倉 2、射撃回数 1、攻撃 +0');
    expect(ja).toContain('隊員 spotter（スポッター）: 弾倉 2、技量 0、射撃回数 0、非戦闘員、狙撃ポイント');
    expect(en).toContain('weapon SMG (サブマシンガン): 2 magazines, 1 shot(s), attack +0');
    expect(en).toContain('member spotter (スポッター): 2 magazines, skill 0, shots 0, non-combatant, sniper point');
    for (const line of ja) {
      // "<kind> <id>（<name>）: <numbers and words>": the kind and the words are Japanese; only the id stays ASCII.
      expect(line.split(' ')[0], line).toMatch(JAPANESE);
      expect(line.slice(line.indexOf('）') + 1), line).not.toMatch(/[A-Za-z]{3,}/);
    }
    setLang('ja');
    expect(listText()).toContain('    装備 laser_sight（レーザーサイト）: 弾倉 3、アタッチメント');
  });

  it('prints 超人ロック\'s and IF\'s catalogue lines in the chosen language', () => {
    const lk = engines.find((e) => e.id === 'chojin-locke')!, ifb = engines.find((e) => e.id === 'if-battle')!;
    expect(lk.catalogue('ja')).toContain('キャラクター cornelia（コーネリア）: Lv 4、パワー 20、耐久力 4、精神力 4、手下 1');
    expect(lk.catalogue('en')).toContain('character cornelia (コーネリア): Lv 4, power 20, durability 4, willpower 4, 1 minion(s)');
    expect(lk.catalogue('ja')).toContain('特殊攻撃 geoid: Lv7、パワー 100、使用 1 回、2D6 が 2/3 なら効果なし');
    expect(lk.catalogue('en')).toContain('special geoid: Lv7, power 100, 1 use(s), nothing on 2D6 2/3');
    expect(ifb.catalogue('ja')).toContain('メモリー 瘴気波（miasma_wave）: メイン、コスト 2、波動判定、射程 0-3、ダメージ 1 + フォース、バグ 瘴気 3');
    expect(ifb.catalogue('en')).toContain('memory miasma_wave (瘴気波): main, cost 2, wave check, range 0-3, damage 1 + force, bug miasma 3');
    for (const line of [...lk.catalogue('ja'), ...ifb.catalogue('ja')]) expect(line.split(' ')[0].replace(/:$/, ''), line).toMatch(JAPANESE);
  });

  it('prints the robot skirmish catalogue lines in the chosen language', () => {
    const rs = engines.find((e) => e.id === 'robot-skirmish')!;
    expect(rs.catalogue('ja')).toContain('サイズ medium（中型）: ボーナス +1 点、ベース半径 2.5、HP 6、スロット 4');
    expect(rs.catalogue('en')).toContain('size medium (中型): +1 bonus point(s), base radius 2.5, hp 6, 4 slots');
    expect(rs.catalogue('ja')).toContain('武器 missile_pod（ミサイルポッド）: 射撃 射程 30、ダメージ 1、手 0、スロット 1、2 連装');
    expect(rs.catalogue('en')).toContain('weapon missile_pod (ミサイルポッド): ranged 30, damage 1, 0 hand(s), 1 slot(s), 2 barrels');
    for (const line of rs.catalogue('ja')) expect(line.split(' ')[0].replace(/:$/, ''), line).toMatch(JAPANESE);
  });

  it('words the robot skirmish damage floor in the chosen language', () => {
    const rs = engines.find((e) => e.id === 'robot-skirmish')!;
    expect(rs.catalogue('ja')).toContain('武器 beam_saber（ビームサーベル）: 格闘、ダメージ 1d6−1（最低 1）、手 1、スロット 1、EN');
    expect(rs.catalogue('en')).toContain('weapon beam_saber (ビームサーベル): melee, damage 1d6−1 (min 1), 1 hand(s), 1 slot(s), EN');
    for (const line of rs.catalogue('ja')) expect(line).not.toMatch(/\(min /);
  });

  it('prints the A&A Miniatures stat lines in the chosen language, card names as printed', () => {
    const aam = engines.find((e) => e.id === 'axis-allies-miniatures')!;
    expect(aam.catalogue('ja')).toContain('Ju 87 Stuka（Germany、航空機）: 20 点、防御 4/4、速度 A、対兵士 8/–/–、対車両 10/–/–［仮の数値］');
    expect(aam.catalogue('en')).toContain('Ju 87 Stuka (Germany, aircraft): 20 pts, defence 4/4, speed A, vs soldier 8/–/–, vs vehicle 10/–/– [placeholder numbers]');
    for (const line of aam.catalogue('ja')) expect(line).not.toMatch(/ pts|defence|speed|vs soldier|vs vehicle|placeholder/);
  });

  it('prints list in English under en, as the engines write it', () => {
    setLang('en');
    const text = listText();
    for (const e of engines) expect(text).toContain(`${e.id}: ${e.title}`);
    expect(text).toContain('      retreat_life: 1 (0..20) retreat when the leader\'s life is at or below this (0 = never)');
  });

  it('gives the API\'s engine titles in the language asked for', () => {
    expect(apiEngines().map((e) => e.title)).toEqual(engines.map((e) => e.title));
    for (const e of apiEngines('ja')) expect(e.title, e.id).toMatch(JAPANESE);
  });
});
