// URBAN ASSAULT rules: building the leader and the squad (§13–§18, §20, §26–§28,
// §32–§33) as the experiment compiler enforces them.
import { describe, expect, it } from 'vitest';
import { SK_FORTIFY, SK_GRENADE, SK_NEGOTIATION, SK_POLITICAL, SK_RAPID, SK_SHOTGUN } from '../src/rules/urban-assault/catalogue/catalogue.js';
import { compileUa, type UaSpec } from './helpers/ua-harness.js';

const ENG = [{ name: 'e', enemies: [{ name: 'foes', count: 1, level: 4 }] }];
function squadSpec(squad: Record<string, unknown>, rulings?: Record<string, string>): UaSpec {
  return { engagements: ENG, squad, rulings };
}
const compileSquad = (squad: Record<string, unknown>, rulings?: Record<string, string>) => compileUa(squadSpec(squad, rulings)).variant.squad;
const leader = (sub: string, xp: Record<string, number> = {}, skills?: string[]) => ({ sub_ability: sub, xp, ...(skills ? { skills } : {}) });

describe('§13/§15 経験点と能力値', () => {
  it('§13/§15 with no XP spent the leader has the base values: 技量 0, 生命 4, 副能力値 2, 分隊規模 7', () => {
    const q = compileSquad({ leader: leader('dexterity'), armour: 'none' });
    expect([q.skill, q.lifeBase, q.lifeMax, q.subMax, q.squadSize]).toEqual([0, 4, 4, 2, 7]);
  });

  it('§15 growth costs: 技量 4 XP/point, 生命 1 XP/point, 副能力値 1 XP/point, 分隊規模 2 XP/point', () => {
    const a = compileSquad({ leader: leader('dexterity', { skill: 4, life: 4, sub: 2 }) });
    expect([a.skill, a.lifeBase, a.subMax, a.squadSize]).toEqual([1, 8, 4, 7]);
    const b = compileSquad({ leader: leader('dexterity', { skill: 8, squad_size: 2 }) });
    expect([b.skill, b.lifeBase, b.subMax, b.squadSize]).toEqual([2, 4, 2, 8]);
    const c = compileSquad({ leader: leader('dexterity', { sub: 4, squad_size: 4 }) });
    expect([c.subMax, c.squadSize]).toEqual([6, 9]);
  });

  it('§15 XP must buy whole points: 3 XP into 技量点 (4 per point) or 3 XP into 分隊規模 (2 per point) is an error', () => {
    expect(() => compileSquad({ leader: leader('dexterity', { skill: 3 }) })).toThrow(/3 XP does not buy whole points \(4 XP per point\)/);
    expect(() => compileSquad({ leader: leader('dexterity', { squad_size: 3 }) })).toThrow(/3 XP does not buy whole points \(2 XP per point\)/);
  });

  it('§15 each ability has a cap: 技量 +2, 生命 +4, 副能力値 +4, 分隊規模 +2 (one more is an error)', () => {
    expect(() => compileSquad({ leader: leader('dexterity', { skill: 12 }) })).toThrow(/leader\.xp\.skill: 12 is above the maximum/);
    expect(() => compileSquad({ leader: leader('dexterity', { life: 5 }) })).toThrow(/leader\.xp\.life: 5 is above the maximum/);
    expect(() => compileSquad({ leader: leader('dexterity', { sub: 5 }) })).toThrow(/leader\.xp\.sub: 5 is above the maximum/);
    expect(() => compileSquad({ leader: leader('dexterity', { squad_size: 6 }) })).toThrow(/leader\.xp\.squad_size: 6 is above the maximum/);
  });

  it('§15 the budget is 10 XP: 11 XP in total is an error, exactly 10 compiles', () => {
    expect(() => compileSquad({ leader: leader('dexterity', { skill: 4, life: 4, sub: 3 }) })).toThrow(/allocates 11 XP but the leader has 10/);
    expect(compileSquad({ leader: leader('dexterity', { skill: 4, life: 4, sub: 2 }) }).skill).toBe(1);
  });
});

describe('§18/§20 技能の数', () => {
  it('§18 a 射撃 leader knows ⌊射撃点 / 2⌋ shooting skills: 2 → 1, 3 → 1, 4 → 2, 6 → 3', () => {
    expect(compileSquad({ leader: leader('shooting', {}, ['shotgun']) }).skills).toBe(SK_SHOTGUN);
    expect(compileSquad({ leader: leader('shooting', { sub: 1 }, ['grenade']) }).skills).toBe(SK_GRENADE);
    expect(compileSquad({ leader: leader('shooting', { sub: 2 }, ['shotgun', 'rapid_fire']) }).skills).toBe(SK_SHOTGUN | SK_RAPID);
    expect(compileSquad({ leader: leader('shooting', { sub: 4 }, ['shotgun', 'grenade', 'rapid_fire']) }).skills).toBe(SK_SHOTGUN | SK_GRENADE | SK_RAPID);
  });

  it('§18 choosing more shooting skills than ⌊射撃点 / 2⌋ is a compile error', () => {
    expect(() => compileSquad({ leader: leader('shooting', {}, ['shotgun', 'grenade']) })).toThrow(/2 skills chosen but shooting 2 knows 1/);
    expect(() => compileSquad({ leader: leader('shooting', { sub: 1 }, ['shotgun', 'grenade']) })).toThrow(/2 skills chosen but shooting 3 knows 1/);
    expect(() => compileSquad({ leader: leader('shooting', { sub: 4 }, ['shotgun', 'grenade', 'rapid_fire', 'dodge']) })).toThrow(/4 skills chosen but shooting 6 knows 3/);
  });

  it('UA-R108 (declared): fewer skills than ⌊射撃点 / 2⌋ or ⌊指揮点 / 2⌋ are allowed (「習得することができます」 is a permission)', () => {
    expect(compileSquad({ leader: leader('shooting', { sub: 4 }, ['shotgun']) }).skills).toBe(SK_SHOTGUN);   // 射撃 6: 3 slots, 1 used
    expect(compileSquad({ leader: leader('command', { sub: 2 }, ['fortify']) }).skills).toBe(SK_FORTIFY);     // 指揮 4: 2 slots, 1 used
  });

  it('§20 a 指揮 leader knows ⌊指揮点 / 2⌋ command skills (too many is an error)', () => {
    expect(compileSquad({ leader: leader('command', { sub: 2 }, ['fortify', 'political']) }).skills).toBe(SK_FORTIFY | SK_POLITICAL);
    expect(compileSquad({ leader: leader('command', {}, ['negotiation']) }).skills).toBe(SK_NEGOTIATION);
    expect(() => compileSquad({ leader: leader('command', {}, ['fortify', 'political']) })).toThrow(/2 skills chosen but command 2 knows 1/);
  });

  it('§17 格闘 and 器用 leaders have fixed skills: a skill list is an error', () => {
    expect(() => compileSquad({ leader: leader('melee', {}, ['shotgun']) })).toThrow(/fixed skills/);
  });
});

describe('§26 初期装備', () => {
  it('§26 格闘点: SMG, plate carrier, 1 flashbang; 2 MRE', () => {
    const q = compileSquad({ leader: leader('melee') });
    expect([q.weapon, q.armour, q.attachment]).toEqual(['SMG', 'plate_carrier', null]);
    expect(q.expendables).toEqual([1, 0, 0, 0, 0]);
    expect(q.mre).toBe(2);
    expect(q.lifeMax).toBe(5);
  });

  it('§26 射撃点: AR, soft armour, laser sight; 2 MRE', () => {
    const q = compileSquad({ leader: leader('shooting') });
    expect([q.weapon, q.armour, q.attachment]).toEqual(['AR', 'soft_armor', 'laser_sight']);
    expect(q.expendables).toEqual([0, 0, 0, 0, 0]);
    expect(q.mre).toBe(2);
  });

  it('§26 器用点: DMR, soft armour, tie wraps (they take one carry slot); 2 MRE', () => {
    const q = compileSquad({ leader: leader('dexterity'), magazines: 99 });
    expect([q.weapon, q.armour, q.attachment]).toEqual(['DMR', 'soft_armor', null]);
    expect(q.expendables).toEqual([0, 0, 0, 0, 0]);
    expect(q.mre).toBe(2);
    // Carry limit 5 (生命 4 + soft armour 1): DMR + tie wraps + 3 items fit, a 4th does not.
    expect(() => compileSquad({ leader: leader('dexterity'), magazines: 99, buy: ['frag_grenade', 'frag_grenade', 'frag_grenade'] })).not.toThrow();
    expect(() => compileSquad({ leader: leader('dexterity'), magazines: 99, buy: ['frag_grenade', 'frag_grenade', 'frag_grenade', 'frag_grenade'] }))
      .toThrow(/carries 6 items but the carry limit is 5/);
  });

  it('§26 指揮点: AR, soft armour, 1 medical kit; 2 MRE', () => {
    const q = compileSquad({ leader: leader('command') });
    expect([q.weapon, q.armour, q.attachment]).toEqual(['AR', 'soft_armor', null]);
    expect(q.expendables).toEqual([0, 0, 0, 0, 1]);
    expect(q.mre).toBe(2);
  });

  it('§26/§27 UA-R03 before-cap: purchases are paid from the 10 starting magazines (11 is an error)', () => {
    expect(() => compileSquad({ leader: leader('command'), magazines: 17, buy: ['LMG', 'flashlight', 'tie_wraps', 'rope'] }, { purchase_timing: 'before-cap' }))
      .toThrow(/purchases cost 11 magazines but the leader starts with 10/);
  });

  it('§27 作戦投入上限: at the operation start the magazines are topped up or cut to the cap (UA-R03 before-cap)', () => {
    const before = { purchase_timing: 'before-cap' };
    // 10 − 8 (LMG) = 2 < cap 15: topped up to 15.
    expect(compileSquad({ leader: leader('command'), magazines: 15, buy: ['LMG'] }, before).magazines).toBe(15);
    // 10 − 0 = 10 > cap 5: the excess becomes 軍票; the squad starts with exactly 5.
    expect(compileSquad({ leader: leader('command'), magazines: 5 }, before).magazines).toBe(5);
  });

  it('§27 UA-R03 after-cap (default): purchases are paid from the capped magazines', () => {
    const q = compileSquad({ leader: leader('command'), magazines: 17, buy: ['LMG'] });
    expect(q.magazines).toBe(9);
    expect(q.purchaseCost).toBe(8);
  });
});

describe('§27 装備品と持ち物上限', () => {
  it('§27 one body armour: buying body armour replaces the kit armour, only the worn one counts toward life', () => {
    const q = compileSquad({ leader: leader('shooting'), buy: ['body_armor'] });
    expect(q.armour).toBe('body_armor');
    expect(q.lifeMax).toBe(6); // 4 + 2, the soft armour is not worn
    expect(compileSquad({ leader: leader('shooting'), armour: 'none' }).lifeMax).toBe(4);
  });

  it('§27 carry limit = max life: 射撃 leader (max life 5) carries AR + 4 items, a 5th is an error', () => {
    const base = { leader: leader('shooting'), magazines: 99 };
    expect(() => compileSquad({ ...base, buy: Array(4).fill('frag_grenade') })).not.toThrow();
    expect(() => compileSquad({ ...base, buy: Array(5).fill('frag_grenade') })).toThrow(/carries 6 items but the carry limit is 5/);
  });

  it('§27 body armour is not counted toward the carry limit but raises it through max life', () => {
    // Body armour: max life 6 → AR + 5 items fit.
    expect(() => compileSquad({ leader: leader('shooting'), magazines: 99, buy: ['body_armor', ...Array(5).fill('frag_grenade')] })).not.toThrow();
  });

  it('§27 a shield counts toward the carry limit (and adds its life)', () => {
    const q = compileSquad({ leader: leader('shooting'), magazines: 99, buy: ['riot_shield', ...Array(4).fill('frag_grenade')] });
    expect(q.lifeMax).toBe(6);
    expect(() => compileSquad({ leader: leader('shooting'), magazines: 99, buy: ['riot_shield', ...Array(5).fill('frag_grenade')] })).toThrow(/carries 7 items but the carry limit is 6/);
  });

  it('§28 a porter raises the carry limit by 2', () => {
    expect(() => compileSquad({ leader: leader('shooting'), magazines: 99, members: { porter: 1 }, buy: Array(6).fill('frag_grenade') })).not.toThrow();
    expect(() => compileSquad({ leader: leader('shooting'), magazines: 99, members: { porter: 1 }, buy: Array(7).fill('frag_grenade') })).toThrow(/carry limit is 7/);
  });

  it('§27 one attachment per gun: a second attachment on the 射撃 kit AR is an error, a second gun takes one', () => {
    expect(() => compileSquad({ leader: leader('shooting'), magazines: 30, buy: ['suppressor'] })).toThrow(/2 attachments for 1 gun\(s\): one attachment per gun/);
    const q = compileSquad({ leader: leader('shooting'), magazines: 30, buy: ['LMG', 'suppressor'], weapon: 'LMG', attachment: 'suppressor' });
    expect([q.weapon, q.attachment]).toEqual(['LMG', 'suppressor']);
  });

  it('§27 attachments do not count toward the carry limit', () => {
    // Command leader: AR + medkit = 2 items; laser sight + 3 frags = 5 = max life.
    expect(() => compileSquad({ leader: leader('command'), magazines: 99, buy: ['laser_sight', 'frag_grenade', 'frag_grenade', 'frag_grenade'] })).not.toThrow();
  });

  it('§28 AT4 最大携行数 1: a second AT4 is an error', () => {
    expect(() => compileSquad({ leader: leader('command'), magazines: 30, buy: ['at4', 'at4'] })).toThrow(/at most 1 at4/);
  });
});

describe('§28 装備品と隊員のコスト', () => {
  const cost = (squad: Record<string, unknown>) => compileSquad({ leader: leader('command'), magazines: 99, ...squad }).purchaseCost;

  it('§28 weapon costs: SMG 2, AR 5, LMG 8, DMR 7', () => {
    expect(['SMG', 'AR', 'LMG', 'DMR'].map((w) => cost({ buy: [w] }))).toEqual([2, 5, 8, 7]);
  });

  it('§28 armour costs: soft 2, plate carrier 4, body armour 6, EOD suit 8; shields: riot 3, ballistic 5', () => {
    expect(['soft_armor', 'plate_carrier', 'body_armor', 'eod_suit', 'riot_shield', 'ballistic_shield'].map((a) => cost({ buy: [a] }))).toEqual([2, 4, 6, 8, 3, 5]);
  });

  it('§28 expendable costs: stun/flashbang 2, frag 3, C4 4, AT4 5, medical kit 2', () => {
    expect(['stun_grenade', 'flashbang', 'frag_grenade', 'c4', 'at4', 'medkit'].map((e) => cost({ buy: [e] }))).toEqual([2, 2, 3, 4, 5, 2]);
  });

  it('§28 equipment costs: NVG 3, laser sight 3, flashlight 1, tie wraps 1, rope 1, suppressor 3', () => {
    expect(['nvg', 'laser_sight', 'flashlight', 'tie_wraps', 'rope', 'suppressor'].map((e) => cost({ buy: [e] }))).toEqual([3, 3, 1, 1, 1, 3]);
  });

  it('§28 member costs: assault/scout/engineer free, gunner 3, medic 4, marksman 3, sniper 5, spotter 2, K9/interpreter/porter 1', () => {
    const roles = ['assault', 'scout', 'engineer', 'gunner', 'medic', 'marksman', 'sniper', 'spotter', 'k9', 'interpreter', 'porter'];
    expect(roles.map((r) => cost({ members: { [r]: 1 } }))).toEqual([0, 0, 0, 3, 4, 3, 5, 2, 1, 1, 1]);
  });

  it('§28 a purchase over the available magazines is an error (members included)', () => {
    expect(() => compileSquad({ leader: leader('command'), magazines: 10, members: { gunner: 1, medic: 1, marksman: 1, spotter: 1 } }))
      .toThrow(/purchases cost 12 magazines but only 10 are available/);
    expect(compileSquad({ leader: leader('command'), magazines: 12, members: { gunner: 1, medic: 1, marksman: 1, spotter: 1 } }).magazines).toBe(0);
  });
});

describe('§13/§28/§32/§33 隊員の編成', () => {
  it('§13/§32 more members than 分隊規模 is an error; 2 XP buy one more place', () => {
    expect(() => compileSquad({ leader: leader('command'), members: { assault: 8 } })).toThrow(/8 members exceed the squad size 7/);
    expect(compileSquad({ leader: leader('command', { squad_size: 2 }), members: { assault: 8 } }).members[4]).toBe(8);
  });

  it('§33 non-combatants use 分隊規模 too', () => {
    expect(() => compileSquad({ leader: leader('command'), members: { assault: 6, k9: 1, porter: 1 } })).toThrow(/8 members exceed the squad size 7/);
  });

  it('§28 at most 2 members at the sniper point (sniper + spotter)', () => {
    expect(() => compileSquad({ leader: leader('command'), magazines: 30, members: { sniper: 2, spotter: 1 } })).toThrow(/3 members at the sniper point/);
    expect(compileSquad({ leader: leader('command'), magazines: 30, members: { sniper: 1, spotter: 1 } }).members.slice(6, 8)).toEqual([1, 1]);
  });
});
