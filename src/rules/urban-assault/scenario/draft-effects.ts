/**
 * `balance-lab draft` (issue 42 item 6): the designer's sentences for effects, checks and reactions read into the
 * block's vocabulary (docs/scenarios/urban-assault.md, "Effects", "Options", "Encounters"). Each reader knows a small
 * set of his phrasings (tutorial 01, Black Sun, the v1.01 template); a rule sentence none of them knows is left to a
 * TODO by the caller.
 */
import { EXPENDABLE_DEFS, EXPENDABLES, EQUIPMENT, ROLE_DEFS } from '../catalogue/catalogue.js';
import { countOf } from './draft-text.js';

/** An effect as the block writes it (`{ magazines: 1 }`, `nothing` …). */
export type Eff = Record<string, unknown> | 'nothing';

const COUNT = '(\\d+d\\d(?:\\+\\d+)?|\\d+)';

/** Expendables by the names he writes (フラッシュバン, スタングレネード, AT4 …). */
const EXPENDABLE_WORDS: readonly [RegExp, string][] = [
  ...EXPENDABLES.flatMap((id) => EXPENDABLE_DEFS[id].ja.split('／').map((w) => [new RegExp(w.replace(/爆薬$/, '')), id] as [RegExp, string])),
];
/** Equipment by its Japanese name (NVG, タイラップ …). */
const EQUIPMENT_WORDS: readonly [RegExp, string][] = Object.entries(EQUIPMENT).map(([id, e]) => [new RegExp(e.ja), id]);
/** Member roles by name; the tutorial's コンバットメカニック is the engineer too. */
const ROLE_WORDS: readonly [RegExp, string][] = [[/コンバットメカニック|工兵/, 'engineer'], ...ROLE_DEFS.map((r) => [new RegExp(r.ja.replace(/[（(].*$/, '')), r.id] as [RegExp, string])];

/** The expendable a phrase names, or null. */
export function expendableIn(s: string): string | null {
  return EXPENDABLE_WORDS.find(([re]) => re.test(s))?.[1] ?? null;
}

/** The equipment a phrase names, or null. */
export function equipmentIn(s: string): string | null {
  return EQUIPMENT_WORDS.find(([re]) => re.test(s))?.[1] ?? null;
}

/** The member role a phrase names, or null. */
export function roleIn(s: string): string | null {
  return ROLE_WORDS.find(([re]) => re.test(s))?.[1] ?? null;
}

const ROLLS: Record<string, string> = { 器用: 'dexterity', 指揮: 'command', 射撃: 'shooting', 格闘: 'melee', 技量: 'skill', 防御: 'defence', 生命: 'life' };

/** A check in a sentence: `器用ロール(目標値：4)`, with a role's modifier or automatic success and `全員`. */
export function checkIn(s: string): Record<string, unknown> | null {
  const m = /(器用|指揮|射撃|格闘|技量|防御|生命)ロール\s*[（(]?\s*目標値\s*[:：]?\s*(\d)/.exec(s);
  if (!m) return null;
  const check: Record<string, unknown> = { roll: ROLLS[m[1]], target: Number(m[2]) };
  const mod = /(\S+?)がいる場合[はに、]*.*?([+-]\d)\s*の?修正/.exec(s);
  const role = mod ? roleIn(mod[1]) : null;
  if (mod && role) check.mods = { [role]: Number(mod[2]) };
  const auto = /(\S+?)がいる場合.*?無条件で成功/.exec(s);
  const autoRole = auto ? roleIn(auto[1]) : null;
  if (autoRole) check.auto_success_with = autoRole;
  if (/全員/.test(s)) check.everyone = true;
  return check;
}

/** Does the sentence carry a rule (a number, a roll, a resource or a modifier), as opposed to narration? */
export function ruleLike(s: string): boolean {
  return /\d|ロール|修正|ダメージ|弾倉|獲得|得る|先制|被弾|回復|軍票|MRE|食料|医療キット|AT4|グレネード|フラッシュバン|脱落|攻撃回数|防御|増援|追加|倒す|撤退|戦利品|要求|購入/.test(s);
}

type NextCombat = Record<string, number | boolean>;

/** The `next_combat` modifiers a sentence about the next fight gives, or null. */
function nextCombatIn(s: string): NextCombat | null {
  if (!/次[のに]?(?:発生する)?(?:戦闘|戦闘時)|次戦闘|次の敵戦闘集団/.test(s)) return null;
  const out: NextCombat = {};
  if (/敵の先制攻撃|敵が(?:強制的に)?先制攻撃|敵側が先に行動/.test(s)) out.enemy_first_strike = true;
  if (/分隊[がは]先制攻撃/.test(s)) out.squad_first_strike = true;
  let m = /攻撃参加できるのは\s*(\d)\s*名まで/.exec(s);
  if (m) out.first_round_attackers_cap = Number(m[1]);
  m = /攻撃参加上限を\s*-(\d)/.exec(s);
  if (m) out.members_attacking_mod = -Number(m[1]);
  m = /防御ロールに\s*([+-]?\d)\s*の?修正/.exec(s);
  if (m) {
    const v = Number(m[1]);
    const leader = /分隊長の防御/.test(s);
    if (/最初の1回|最初の防御/.test(s)) out[leader ? 'leader_first_defence_roll_mod' : 'first_defence_roll_mod'] = v;
    else if (/最初のラウンド|第1ラウンド/.test(s)) out[leader ? 'leader_first_round_defence_mod' : 'first_round_defence_mod'] = v;
    else out.defence_mod = v;
  }
  m = /攻撃ロールに\s*([+-]?\d)\s*の?修正/.exec(s);
  if (m) out[/最初のラウンド|第1ラウンド/.test(s) ? 'first_round_attack_mod' : 'attack_mod'] = Number(m[1]);
  m = /攻撃回数が?\s*(?:([+-]\d)|(\d)\s*増)/.exec(s);
  if (m) out[/最初/.test(s) ? 'first_round_enemy_attacks' : 'enemy_attacks'] = m[1] ? Number(m[1]) : Number(m[2]);
  m = /敵の数が\s*\+(\d)/.exec(s);
  if (m) out.extra_enemies = Number(m[1]);
  return Object.keys(out).length > 0 ? out : null;
}

/** The next map roll's modifiers (`次のd66の一の位を -1 してよい` …), or null. */
function mapRollIn(s: string): Record<string, unknown> | null {
  let m = /d66\s*の\s*(十|一)の位は\s*(\d)\s*になる/.exec(s);
  if (m && m[1] === '十') return { tens_is: Number(m[2]) };
  m = /d66\s*の\s*(十|一)の位を?\s*(±|[+-])\s*(\d)\s*(してよい|する)?/.exec(s);
  if (!m) return /ダイスを2回振り、?好きな結果/.test(s) ? { twice: true } : null;
  const out: Record<string, unknown> = { [m[1] === '十' ? 'tens' : 'units']: m[2] === '-' ? -Number(m[3]) : Number(m[3]) };
  if (m[2] === '±') out.either = true;
  if (m[4] === 'する') out.mandatory = true;
  return out;
}

/**
 * The effects one sentence states, or null when it states none the drafter knows. `reaction`: the sentence belongs to a
 * reaction entry, where 「敵が先制攻撃を行う」 describes this fight (a hostile face), not the next one.
 */
export function effectsIn(sentence: string, reaction = false): Eff[] | null {
  const s = sentence;
  const out: Eff[] = [];
  if (/何も起こらない|何もせず|何も見つけられ|被害なし|何も起きない/.test(s)) return ['nothing'];
  const nc = nextCombatIn(s);
  if (nc) out.push({ next_combat: nc });
  const mr = /d66|好きな結果/.test(s) ? mapRollIn(s) : null;
  if (mr) out.push({ map_roll: mr });
  let m = new RegExp(`弾倉\\s*${COUNT}\\s*個?\\s*(?:(?:を\\s*)?(?:獲得|得|入手|回収|発見)|に加えて)`).exec(s);
  if (m) out.push({ magazines: countOf(m[1]) });
  const ex = expendableIn(s);
  if (ex && /(?:を|も)\s*(?:\d個)?\s*(?:得|獲得|入手)/.test(s) && !/所持している場合/.test(s)) out.push({ item: ex });
  m = /(?:食料|MRE)[^。]*?(\d)?\s*個?\s*を?(?:得|獲得)/.exec(s);
  if (m && !/渡/.test(s)) out.push({ mre: Number(m[1] ?? 1) });
  m = /被弾ロールを?\s*(\d)\s*回/.exec(s);
  if (m && !reaction) out.push({ hit_table: Number(m[1]) });
  m = /分隊長(?:に|は)\s*(?:直ちに)?\s*(\d)\s*(?:の)?ダメージ/.exec(s);
  if (m) out.push({ leader_damage: Number(m[1]) });
  m = new RegExp(`軍票\\s*${COUNT}\\s*枚?\\s*(?:を)?\\s*(?:得|獲得)`).exec(s);
  if (m) out.push({ [/終了時/.test(s) ? 'scrip_at_end' : 'scrip']: countOf(m[1]) });
  m = /負傷を\s*(\d)\s*回復/.exec(s);
  if (m) out.push({ cure_wound: Number(m[1]) });
  m = /脱落した分隊員.*?(\d)\s*名復帰/.exec(s);
  if (m) out.push({ recover_member: Number(m[1]) });
  m = /戦利品表を\s*(\d)?\s*度?振る/.exec(s);
  if (m && !reaction) out.push({ loot_table: Number(m[1] ?? 1) });
  if (reaction) return out.filter((e) => e === 'nothing' || !('next_combat' in e) || Object.keys(e.next_combat as object).some((k) => k !== 'enemy_first_strike'));
  return out.length > 0 ? out : null;
}

/** The sentences of a text (split at 。 and line ends), trimmed, without empty ones. */
export function sentencesOf(text: string): string[] {
  return text.split(/[。\n]/).map((x) => x.trim()).filter((x) => x !== '');
}

/** A reaction word of his tables → the block's reaction, or null. */
export function reactionWord(s: string): string | null {
  if (/劣勢なら撤退/.test(s)) return 'withdraw_if_outnumbered';
  if (/撤退/.test(s)) return 'withdraw';
  if (/賄賂|物資要求/.test(s)) return 'extortion';
  if (/死ぬまで戦う/.test(s)) return 'fight_to_the_end';
  if (/敵対的/.test(s)) return 'hostile';
  if (/友好的/.test(s)) return 'friendly';
  if (/協力的|支援的/.test(s)) return 'supportive';
  if (/中立|闇取引/.test(s)) return 'neutral';
  return null;
}

/** What an extortion asks (`弾倉2個`, `軍票5枚`, `食料（MRE）1個`), as the block's `extortion:` value, or null. */
export function extortionPrice(s: string): number | Record<string, number> | null {
  let m = /弾倉\s*を?\s*(\d+)\s*個/.exec(s);
  if (m) return Number(m[1]);
  m = /軍票\s*(\d+)\s*枚/.exec(s);
  if (m) return { scrip: Number(m[1]) };
  m = /(?:食料|MRE)[^0-9]*(\d+)\s*個/.exec(s);
  return m ? { mre: Number(m[1]) } : null;
}
