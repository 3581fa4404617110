/**
 * Which parts of the scenario format the operation engine plays today. The
 * format (scenario.ts) can express more than the engine implements; an
 * operation on a scenario that uses an unimplemented feature is refused with
 * a list of what is missing, never played with the feature silently ignored.
 * (docs/scenarios/urban-assault.md, "Engine semantics of the extensions", lists their semantics.)
 */
import type { EffectDef, OptionDef, ScenarioDef, TileDef } from './scenario.js';

/** Standing equipment the engine gives an effect when bought at a market or named by on_capture. */
const EQUIPMENT_PLAYED = ['nvg', 'tie_wraps'];

function effects(es: readonly EffectDef[] | null, out: Set<string>): void {
  if (!es) return;
  for (const e of es) {
    if (e.extra) extra(e.extra, 'encounter effect', out);
    effects(e.ifHeld, out);
    effects(e.elseEffects, out);
    if (e.table) for (const f of e.table) effects(f, out);
  }
}

function extra(x: NonNullable<TileDef['extra']>, where: string, out: Set<string>): void {
  for (const o of x.market) if (o.expendable < 0 && !EQUIPMENT_PLAYED.includes(o.id)) out.add(`market equipment ${o.id} (${where})`);
  if (x.onCapture && x.onCapture.withEquipment && !EQUIPMENT_PLAYED.includes(x.onCapture.withEquipment)) out.add(`on_capture with ${x.onCapture.withEquipment} (${where})`);
  if (x.reactions) for (const r of x.reactions) { effects(r.effects, out); effects(r.pass, out); }
  effects(x.ifWipedOut, out);
  effects(x.endsAfterEffects, out);
  if (x.onCapture) { effects(x.onCapture.effects, out); effects(x.onCapture.withEffects, out); }
}

function option(o: OptionDef, out: Set<string>): void {
  effects(o.effects, out);
  effects(o.success, out);
  effects(o.failure, out);
  effects(o.critical, out);
  effects(o.fumble, out);
  if (o.roll) for (const f of o.roll) effects(f, out);
}

function tile(t: TileDef | null, out: Set<string>): void {
  if (!t) return;
  if (t.extra) extra(t.extra, `tile ${t.code === 0 ? 'mid' : t.code === 99 ? 'final' : t.code}`, out);
  for (const o of t.options) option(o, out);
}

/**
 * Features of `sc` the operation engine does not implement yet (empty: it can be played). Every extension
 * of the list of extensions is played (rulings UA-R60 onward); what is left are equipment ids the engine
 * gives no effect when a scenario sells them or asks for them.
 */
export function unsupportedFeatures(sc: ScenarioDef): string[] {
  const out = new Set<string>();
  for (const t of sc.tiles) tile(t, out);
  for (const l of sc.laps) {
    tile(l.briefing, out);
    tile(l.mid, out);
    tile(l.final, out);
  }
  for (const it of sc.items) effects(it.effects, out);
  for (const t of sc.triggers) effects(t.effects, out);
  return [...out];
}
