/**
 * The legal movement actions of a unit and their destinations: straight moves by the move value
 * from the base point, contact, runs (×2), taking off and landing, combining with friends in
 * contact, picking up a weapon.
 *
 * Seed 000 2−2−2 移動フェイズ: ◆移動行動 (移動力分, 基点), ◆接触, ◆走行, ◆滞空, ◆合体/分離 (お互いに接触している
 * 2体以上), ◆投擲 (落ちている武器を拾う).
 * One layer of the engine's class chain (game-core → game-move-candidates → game-movement → game-attacks → game-formations → game-charges → game.ts):
 * each file adds one rule area.
 */

import { TF_ONE_WAY, TF_TWO_WAY, type RsGameDef, type RsVariant } from './config.js';
import type { RsPolicy } from './decisions.js';
import * as D from './decisions.js';
import { segPointDist2 } from './geometry.js';
import { C_CONTACT_ENEMY, C_CONTACT_FRIEND, C_COVER, C_DIR, C_HQ, C_STANDOFF, MAX_CAND, MAX_CARRY, MAX_UNITS } from './state.js';
import { EPS, LEGAL_MAX, RsCore } from './game-core.js';

const COS8 = Float64Array.from({ length: 8 }, (_, k) => Math.cos((k * Math.PI) / 4));
const SIN8 = Float64Array.from({ length: 8 }, (_, k) => Math.sin((k * Math.PI) / 4));
const COS60 = Math.cos(Math.PI / 3), SIN60 = Math.sin(Math.PI / 3);

/**
 * Margin (table units) around the reach of a move inside which terrain and bases are kept for its
 * candidates: wider than any rounding, so a piece or base outside it fails every quick reject of
 * the exact tests anyway.
 */
const NEAR_MARGIN = 2;

export abstract class RsMoveCandidates extends RsCore {
  // ───────────────────────── movement candidates ─────────────────────────

  // The surroundings of one genCandidates call (mover, budget): the blocking and hindering pieces and
  // the units within reach. Destinations within `nearReach` of the mover are tested against these
  // only; anything else against the whole table.
  private nearX = 0;
  private nearY = 0;
  private nearReach = -1;
  private readonly nearBlock = new Int32Array(64);
  private readonly nearHinder = new Int32Array(64);
  private readonly nearUnit = new Int32Array(MAX_UNITS);
  private nNearBlock = 0;
  private nNearHinder = 0;
  private nNearUnit = 0;
  // Destinations already offered in this genCandidates call, by unit cell of the table: a cell holds
  // `cellMark` when a destination lies in it. Two destinations less than 0.3 apart on both axes lie
  // in the same or neighbouring cells, so an unmarked 3 × 3 block means no duplicate.
  private readonly cellCols: number;
  private readonly cellRows: number;
  private readonly cells: Int32Array;
  private cellMark = 0;
  // A D_MOVE decision offered entry by entry (see D.MoveMenu): while `deferring`, tryCand records each
  // destination as it stands before the tests that only accept or reject it (the cost of a spot that is
  // not shrunk, no duplicate of an accepted one, destOk); candAccepted runs them when asked, with
  // what tryCand would have had: the destinations accepted before it in its call.
  private deferring = false;
  private deferOverflow = false;
  private lazyMover = -1;
  /** The reach of the surroundings (nearX …) left by the menu's last genCandidates call; −1: none. */
  private menuReach = -1;
  private readonly candStart = new Int32Array(MAX_CAND);
  private readonly candBudget = new Float64Array(MAX_CAND);
  /** Bit 0 flying, bit 1 ends on the ground, bit 2 its cost is still to check. */
  private readonly candMode = new Uint8Array(MAX_CAND);
  /** 0 not yet known, 1 accepted, 2 rejected. */
  private readonly candStatus = new Uint8Array(MAX_CAND);
  protected readonly moveMenu: LazyMoveMenu;
  /** The point tryCand is offered (x, y): coordinates go through here, not as arguments (no number boxed per call). */
  private readonly pt = new Float64Array(2);
  /** The families of destinations (D.MF_* bits) the mover's policy asked for (RsPolicy.moveFamilies). */
  protected candFamilies = D.MF_ALL;
  /** 0, 1, …, nUnits − 1: every unit, for the whole-table tests. */
  private readonly allUnits = Int32Array.from({ length: MAX_UNITS }, (_, i) => i);

  constructor(def: RsGameDef, variant: RsVariant, policies: readonly [RsPolicy, RsPolicy]) {
    super(def, variant, policies);
    const t = this.s.table;
    this.cellCols = Math.floor(t.width) + 3;
    this.cellRows = Math.floor(t.height) + 3;
    this.cells = new Int32Array(this.cellCols * this.cellRows);
    this.moveMenu = new LazyMoveMenu(this.legal, this);
  }

  /**
   * The movement actions of u as a menu (see D.MoveMenu) in `this.moveMenu`; false (nothing set up)
   * when the destinations would not all fit, and the caller builds the legal list instead. Without
   * `runs` the run entries are left out (a policy that will look at none of them: the same choice).
   */
  protected genMoveMenu(u: number, allowTransform: boolean, runs: boolean): boolean {
    this.deferring = true;
    this.deferOverflow = false;
    this.lazyMover = u;
    this.menuReach = -1;
    const n = this.genMoves(u, allowTransform, runs);
    this.deferring = false;
    if (this.deferOverflow) return false;
    this.candStatus.fill(0, 0, this.s.nCand);
    this.moveMenu.n = n;
    return true;
  }

  /** Is entry i of the move menu a legal action? */
  menuLegal(i: number): boolean {
    const a = this.legal[i], kind = D.mvKind(a);
    if (kind === D.MK_MOVE || kind === D.MK_RUN || kind === D.MK_HOVER || kind === D.MK_LAND) return this.candAccepted(D.mvCand(a));
    if (kind === D.MK_COMBINE) return this.connected(this.lazyMover, D.mvExtra(a), false);
    return true;
  }

  /** Would tryCand have accepted recorded destination j? The tests it left for later, as it runs them. */
  private candAccepted(j: number): boolean {
    const st = this.candStatus[j];
    if (st !== 0) return st === 1;
    const s = this.s, u = this.lazyMover;
    const x0 = s.x[u], y0 = s.y[u];
    const px = s.candX[j], py = s.candY[j], mode = this.candMode[j];
    const flying = (mode & 1) !== 0, groundEnd = (mode & 2) !== 0;
    // The surroundings of the menu's last genCandidates call answer for destinations within its reach (see isNear).
    const rc = this.menuReach;
    const near = px - this.nearX <= rc && this.nearX - px <= rc && py - this.nearY <= rc && this.nearY - py <= rc;
    let ok = true;
    if (mode & 4) {
      let cost: number;
      if (flying) cost = Math.sqrt((px - x0) * (px - x0) + (py - y0) * (py - y0));
      else {
        const T = s.table, seg = T.seg;
        seg[0] = x0;
        seg[1] = y0;
        seg[2] = px;
        seg[3] = py;
        if (near) T.pathCostSeg(this.nearHinder, this.nNearHinder);
        else T.pathCostSeg(T.hinderIdx, T.hinderIdx.length);
        cost = seg[4];
      }
      ok = cost <= this.candBudget[j] + EPS;
    }
    for (let i = this.candStart[j]; ok && i < j; i++) {
      if (Math.abs(s.candX[i] - px) < 0.3 && Math.abs(s.candY[i] - py) < 0.3 && this.candAccepted(i)) ok = false;
    }
    if (ok) {
      this.pt[0] = px;
      this.pt[1] = py;
      ok = this.destOkPt(u, flying, groundEnd, near);
    }
    this.candStatus[j] = ok ? 1 : 2;
    return ok;
  }

  /** Cell (offset by one, so every neighbour exists) of a destination on the table; −1 off the grid. */
  private cellOf(px: number, py: number): number {
    const cx = Math.floor(px) + 1, cy = Math.floor(py) + 1;
    if (!(cx >= 1 && cy >= 1 && cx < this.cellCols - 1 && cy < this.cellRows - 1)) return -1;
    return cy * this.cellCols + cx;
  }

  /** Is a destination of this call within 0.3 of (px, py) on both axes? */
  private duplicate(px: number, py: number, start: number): boolean {
    const s = this.s;
    const cell = this.cellOf(px, py), cells = this.cells, mark = this.cellMark, cols = this.cellCols;
    if (cell >= 0 && cells[cell - cols - 1] !== mark && cells[cell - cols] !== mark && cells[cell - cols + 1] !== mark
      && cells[cell - 1] !== mark && cells[cell] !== mark && cells[cell + 1] !== mark
      && cells[cell + cols - 1] !== mark && cells[cell + cols] !== mark && cells[cell + cols + 1] !== mark) return false;
    for (let c = start; c < s.nCand; c++) {
      if (Math.abs(s.candX[c] - px) < 0.3 && Math.abs(s.candY[c] - py) < 0.3) return true;
    }
    return false;
  }

  /** Collect the surroundings of mover u for destinations within `reach` of it (see nearX). */
  private prepareNear(u: number, reach: number): void {
    const s = this.s, T = s.table;
    const x0 = s.x[u], y0 = s.y[u];
    const m = reach + s.rad[u] + NEAR_MARGIN;
    const minX = x0 - m, maxX = x0 + m, minY = y0 - m, maxY = y0 + m;
    this.nearX = x0;
    this.nearY = y0;
    this.nearReach = reach;
    const seg = T.seg;
    seg[0] = minX;
    seg[1] = minY;
    seg[2] = maxX;
    seg[3] = maxY;
    this.nNearBlock = T.selectNearSeg(T.blockIdx, T.blockIdx.length, this.nearBlock);
    this.nNearHinder = T.selectNearSeg(T.hinderIdx, T.hinderIdx.length, this.nearHinder);
    let k = 0;
    for (let v = 0; v < s.nUnits; v++) {
      if (v === u || !s.onTable(v)) continue;
      const lim = s.rad[u] + s.rad[v];
      if (s.x[v] + lim < minX || s.x[v] - lim > maxX || s.y[v] + lim < minY || s.y[v] - lim > maxY) continue;
      this.nearUnit[k++] = v;
    }
    this.nNearUnit = k;
  }

  /** Is (px, py) within the prepared reach of the mover (per axis)? */
  private isNear(px: number, py: number): boolean {
    const rc = this.nearReach;
    return px - this.nearX <= rc && this.nearX - px <= rc && py - this.nearY <= rc && this.nearY - py <= rc;
  }

  /** Fill the legal movement actions of u (and the candidate destinations); returns the count. `runs` false: no run entries. */
  genMoves(u: number, allowTransform: boolean, runs = true): number {
    const s = this.s;
    s.nCand = 0;
    let n = 0;
    this.legal[n++] = D.mv(D.MK_STAY);
    const M = s.mv[u];
    const half = Math.ceil(M / 2);
    if (s.hover[u]) {
      n = this.addMoveKind(n, D.MK_MOVE, u, M, true, false);
      n = this.addMoveKind(n, D.MK_LAND, u, M - half, true, true);
    } else {
      n = this.addMoveKind(n, D.MK_MOVE, u, M, false, true);
      if (!s.canFly(u)) {
        if (runs) n = this.addMoveKind(n, D.MK_RUN, u, 2 * M, false, true, true);
      }
      else n = this.addMoveKind(n, D.MK_HOVER, u, M - half, true, false);
    }
    const d = s.units[u];
    if (allowTransform && s.nMembers[u] === 1 && d.forms.length > 1) {
      if (d.transform === TF_ONE_WAY && !s.transformed[u]) this.legal[n++] = D.mv(D.MK_TRANSFORM_ONE_WAY);
      if (d.transform === TF_TWO_WAY) this.legal[n++] = D.mv(D.MK_TRANSFORM_TWO_WAY);
    }
    if (s.nMembers[u] > 1) this.legal[n++] = D.mv(D.MK_SEPARATE);
    else {
      n = this.addCombines(n, u);
      n = this.addPickups(n, u);
    }
    return n;
  }

  protected addMoveKind(n: number, kind: number, u: number, budget: number, flying: boolean, groundEnd: boolean, few = false): number {
    const start = this.s.nCand;
    if (budget > 0.25) this.genCandidates(u, budget, flying, groundEnd, few);
    for (let c = start; c < this.s.nCand; c++) this.legal[n++] = D.mv(kind, c);
    return n;
  }

  /** Combinations with unmoved friends in contact, connected through contacts (合体). */
  protected addCombines(n: number, u: number): number {
    const s = this.s;
    const side = s.side[u];
    let k = 0;
    // Candidate partners: solo, unmoved friends at the same height, in contact with u or with another candidate.
    for (let v = s.sideStart[side]; v < s.sideStart[side] + s.sideCount[side]; v++) {
      if (v === u || !s.onTable(v) || s.moved[v] || s.nMembers[v] !== 1 || s.hover[v] !== s.hover[u]) continue;
      this.scratch[k++] = v;
    }
    if (k === 0) return n;
    for (let mask = 1; mask < 1 << k; mask++) {
      let units = 0;
      for (let i = 0; i < k; i++) if (mask & (1 << i)) units |= 1 << this.scratch[i];
      if (!this.deferring && !this.connected(u, units, false)) continue;
      if (n < LEGAL_MAX) this.legal[n++] = D.mv(D.MK_COMBINE, 0, units);
    }
    return n;
  }

  protected addPickups(n: number, u: number): number {
    const s = this.s;
    if (s.hover[u] || s.nItems === 0) return n;
    const f = s.units[u].forms[s.form[u]];
    const base = (u * 2 + s.form[u]) * MAX_CARRY;
    let used = 0, free = 0;
    for (let k = 0; k < MAX_CARRY; k++) {
      const wi = s.carry[base + k];
      if (wi >= 0) used += this.wHands[wi];
      else free++;
    }
    if (free === 0) return n;
    const lim = s.rad[u] + s.table.gap + EPS;
    for (let i = 0; i < s.nItems && i < 255; i++) {
      const dx = s.itemX[i] - s.x[u], dy = s.itemY[i] - s.y[u];
      if (dx * dx + dy * dy > lim * lim) continue;
      if (f.hands - used < this.wHands[s.itemW[i]]) continue;
      this.legal[n++] = D.mv(D.MK_PICKUP, i);
    }
    return n;
  }

  /** Are lead u and the units in `mask` one connected group of contacts (or all pairwise in contact)? */
  connected(u: number, mask: number, pairwise: boolean): boolean {
    const s = this.s;
    const all = mask | (1 << u);
    if (pairwise) {
      for (let a = 0; a < s.nUnits; a++) {
        if (!(all & (1 << a))) continue;
        for (let b = a + 1; b < s.nUnits; b++) if (all & (1 << b) && !s.inContact(a, b)) return false;
      }
      return true;
    }
    let reached = 1 << u, frontier = 1 << u;
    while (frontier) {
      let next = 0;
      for (let a = 0; a < s.nUnits; a++) {
        if (!(frontier & (1 << a))) continue;
        for (let b = 0; b < s.nUnits; b++) {
          if (all & (1 << b) && !(reached & (1 << b)) && s.inContact(a, b)) next |= 1 << b;
        }
      }
      reached |= next;
      frontier = next;
    }
    return reached === all;
  }

  /**
   * Destinations for one movement mode (ground / hovering path; ground / air
   * destination): 8 directions at the full and half budget, contact with each
   * enemy, each enemy at 85% of the longest range, contact beside each friend,
   * behind each terrain piece, contact with the enemy headquarters. `few` (a
   * run): the 8 full-budget directions and the enemy approach points only.
   */
  protected genCandidates(u: number, budget: number, flying: boolean, groundEnd: boolean, few: boolean): void {
    this.genCandidatesNear(u, budget, flying, groundEnd, few);
    if (this.deferring) this.menuReach = this.nearReach;
    this.nearReach = -1;
  }

  private genCandidatesNear(u: number, budget: number, flying: boolean, groundEnd: boolean, few: boolean): void {
    const s = this.s, T = s.table;
    const x0 = s.x[u], y0 = s.y[u], r = s.rad[u];
    const start = s.nCand;
    this.prepareNear(u, budget + 1);
    if (++this.cellMark > 0x3fffffff) {
      this.cells.fill(0);
      this.cellMark = 1;
    }
    const fam = this.candFamilies;
    for (let k = 0; k < 8; k++) {
      const c = COS8[k], sn = SIN8[k];
      if (fam & D.MF_DIR_FULL) {
        this.pt[0] = x0 + c * budget;
        this.pt[1] = y0 + sn * budget;
        this.tryCand(u, budget, flying, groundEnd, C_DIR, k, start);
      }
      if (!few && fam & D.MF_DIR_HALF) {
        this.pt[0] = x0 + c * budget * 0.5;
        this.pt[1] = y0 + sn * budget * 0.5;
        this.tryCand(u, budget, flying, groundEnd, C_DIR, k, start);
      }
    }
    const e = 1 - s.side[u];
    const range = this.bestRange(u);
    let ex = 0, ey = 0, ne = 0;
    for (let v = s.sideStart[e]; v < s.sideStart[e] + s.sideCount[e]; v++) {
      if (!s.onTable(v)) continue;
      ex += s.x[v];
      ey += s.y[v];
      ne++;
      const dx = s.x[v] - x0, dy = s.y[v] - y0;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d < EPS) continue;
      const ux = dx / d, uy = dy / d;
      const level = groundEnd ? !s.hover[v] : s.hover[v] === 1;
      if (level && fam & D.MF_CONTACT_ENEMY) {
        const want = r + s.rad[v] + T.gap * 0.5;
        if (d - want <= budget + EPS) {
          this.pt[0] = s.x[v] - ux * want;
          this.pt[1] = s.y[v] - uy * want;
          this.tryCand(u, budget, flying, groundEnd, C_CONTACT_ENEMY, v, start);
        }
      }
      if (range > 0 && fam & D.MF_STANDOFF) {
        const want = range * 0.85 + s.rad[v];
        if (d > want + 0.5) {
          this.pt[0] = s.x[v] - ux * want;
          this.pt[1] = s.y[v] - uy * want;
          this.tryCand(u, budget, flying, groundEnd, C_STANDOFF, v, start);
        }
      }
    }
    if (few) return;
    const side = s.side[u];
    for (let v = s.sideStart[side]; v < s.sideStart[side] + s.sideCount[side] && fam & D.MF_CONTACT_FRIEND; v++) {
      if (v === u || !s.onTable(v)) continue;
      const level = groundEnd ? !s.hover[v] : s.hover[v] === 1;
      if (!level) continue;
      const dx = x0 - s.x[v], dy = y0 - s.y[v];
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d < EPS) continue;
      const want = r + s.rad[v] + T.gap * 0.5;
      if (d - want > budget + EPS) continue;
      const ux = dx / d, uy = dy / d;
      for (let k = -1; k <= 1; k++) {
        const c = k === 0 ? 1 : COS60, sn = k * SIN60;
        const px = ux * c - uy * sn, py = ux * sn + uy * c;
        this.pt[0] = s.x[v] + px * want;
        this.pt[1] = s.y[v] + py * want;
        this.tryCand(u, budget, flying, groundEnd, C_CONTACT_FRIEND, v, start);
      }
    }
    if (groundEnd && !flying && ne > 0 && fam & D.MF_COVER) {
      ex /= ne;
      ey /= ne;
      for (let i = 0; i < T.n; i++) {
        const cx = T.x[i] + T.w[i] / 2, cy = T.y[i] + T.h[i] / 2;
        const dx = cx - ex, dy = cy - ey;
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d < EPS) continue;
        const hd = 0.5 * Math.sqrt(T.w[i] * T.w[i] + T.h[i] * T.h[i]) + r + 0.5;
        this.pt[0] = cx + (dx / d) * hd;
        this.pt[1] = cy + (dy / d) * hd;
        this.tryCand(u, budget, flying, groundEnd, C_COVER, i, start);
        if (T.kind[i] !== 0) {
          this.pt[0] = cx;
          this.pt[1] = cy;
          this.tryCand(u, budget, flying, groundEnd, C_COVER, i, start);
        }
      }
    }
    if (this.def.hq && groundEnd && fam & D.MF_HQ) {
      const hx = s.hqX[e], hy = s.hqY[e];
      const dx = hx - x0, dy = hy - y0;
      const d = Math.sqrt(dx * dx + dy * dy);
      const want = r + this.def.hq.radius + T.gap * 0.5;
      if (d > EPS && d - want <= budget + EPS) {
        this.pt[0] = hx - (dx / d) * want;
        this.pt[1] = hy - (dy / d) * want;
        this.tryCand(u, budget, flying, groundEnd, C_HQ, e, start);
      }
    }
  }

  /** Add the destination in `pt` if it is legal (a directional or standoff point beyond the budget is shrunk toward u). */
  protected tryCand(u: number, budget: number, flying: boolean, groundEnd: boolean, tag: number, ref: number, start: number): void {
    const s = this.s, T = s.table;
    let px = this.pt[0], py = this.pt[1];
    if (s.nCand >= MAX_CAND) {
      if (this.deferring) this.deferOverflow = true;
      return;
    }
    const x0 = s.x[u], y0 = s.y[u], r = s.rad[u];
    if (px < r) px = r;
    else if (px > T.width - r) px = T.width - r;
    if (py < r) py = r;
    else if (py > T.height - r) py = T.height - r;
    // Cover, contact and headquarters spots are only worth their tag where they are: never shrunk, skipped when out of reach.
    const shrink = tag === C_DIR || tag === C_STANDOFF;
    if (!shrink) {
      const dx = px - x0, dy = py - y0;
      if (dx * dx + dy * dy > (budget + EPS) * (budget + EPS)) return;
    }
    for (let attempt = 0; ; attempt++) {
      if (this.deferring && !shrink) break; // checked by candAccepted
      let cost: number;
      if (flying) cost = Math.sqrt((px - x0) * (px - x0) + (py - y0) * (py - y0));
      else {
        const seg = T.seg;
        seg[0] = x0;
        seg[1] = y0;
        seg[2] = px;
        seg[3] = py;
        if (this.isNear(px, py)) T.pathCostSeg(this.nearHinder, this.nNearHinder);
        else T.pathCostSeg(T.hinderIdx, T.hinderIdx.length);
        cost = seg[4];
      }
      if (cost <= budget + EPS) break;
      if (attempt >= 2 || !shrink) return;
      const f = (budget / cost) * 0.999;
      px = x0 + (px - x0) * f;
      py = y0 + (py - y0) * f;
    }
    const mdx = px - x0, mdy = py - y0;
    if (mdx * mdx + mdy * mdy < 0.0625 && !(flying !== !groundEnd)) return; // not a move (taking off or landing in place is)
    if (this.deferring) {
      const c = s.nCand++;
      s.candX[c] = px;
      s.candY[c] = py;
      s.candTag[c] = tag;
      s.candRef[c] = ref;
      this.candStart[c] = start;
      this.candBudget[c] = budget;
      this.candMode[c] = (flying ? 1 : 0) | (groundEnd ? 2 : 0) | (shrink ? 0 : 4);
      return;
    }
    if (this.duplicate(px, py, start)) return;
    this.pt[0] = px;
    this.pt[1] = py;
    if (!this.destOkPt(u, flying, groundEnd, this.isNear(px, py))) return;
    const c = s.nCand++;
    const cell = this.cellOf(px, py);
    if (cell >= 0) this.cells[cell] = this.cellMark;
    s.candX[c] = px;
    s.candY[c] = py;
    s.candTag[c] = tag;
    s.candRef[c] = ref;
  }

  /** Can u move (straight line) to (px, py)? `flying`: the path ignores terrain and ground bases; `groundEnd`: it ends on the ground. */
  destOk(u: number, px: number, py: number, flying: boolean, groundEnd: boolean): boolean {
    this.pt[0] = px;
    this.pt[1] = py;
    return this.destOkPt(u, flying, groundEnd, false);
  }

  /**
   * {@link destOk} of the point in `pt`; `near`: the point lies within the prepared surroundings (see
   * isNear), which then answer instead of the whole table. Boxes no number.
   */
  protected destOkPt(u: number, flying: boolean, groundEnd: boolean, near: boolean): boolean {
    const T = this.s.table;
    return near
      ? this.destOkIn(u, flying, groundEnd, this.nearUnit, this.nNearUnit, this.nearBlock, this.nNearBlock)
      : this.destOkIn(u, flying, groundEnd, this.allUnits, this.s.nUnits, T.blockIdx, T.blockIdx.length);
  }

  /** {@link destOkPt} against the units `units` (first `nu`) and the blocking pieces `blocks` (first `nb`) only. */
  private destOkIn(u: number, flying: boolean, groundEnd: boolean, units: Int32Array, nu: number, blocks: Int32Array, nb: number): boolean {
    const s = this.s, T = s.table, seg = T.seg;
    const px = this.pt[0], py = this.pt[1];
    const x0 = s.x[u], y0 = s.y[u], r = s.rad[u];
    if (!T.inBounds(px, py, r)) return false;
    if (groundEnd) {
      seg[0] = px;
      seg[1] = py;
      seg[2] = r;
      if (T.onBlockingSeg(blocks, nb)) return false;
    }
    const minX = x0 < px ? x0 : px, maxX = x0 < px ? px : x0, minY = y0 < py ? y0 : py, maxY = y0 < py ? py : y0;
    for (let k = 0; k < nu; k++) {
      const v = units[k];
      if (v === u || !s.onTable(v)) continue;
      const vx = s.x[v], vy = s.y[v];
      const lim = r + s.rad[v];
      // Far from the whole move: neither the destination nor the path can touch it.
      if (vx + lim < minX || vx - lim > maxX || vy + lim < minY || vy - lim > maxY) continue;
      const lim2 = lim * lim - EPS;
      if ((groundEnd ? !s.hover[v] : s.hover[v]) && (px - vx) * (px - vx) + (py - vy) * (py - vy) < lim2) return false;
      if ((flying ? s.hover[v] : !s.hover[v]) && segPointDist2(x0, y0, px, py, vx, vy) < lim2) return false;
    }
    const hq = this.def.hq;
    if (hq) {
      const lim = r + hq.radius, lim2 = lim * lim - EPS;
      for (let h = 0; h < 2; h++) {
        if (groundEnd && (px - s.hqX[h]) * (px - s.hqX[h]) + (py - s.hqY[h]) * (py - s.hqY[h]) < lim2) return false;
        if (!flying && segPointDist2(x0, y0, px, py, s.hqX[h], s.hqY[h]) < lim2) return false;
      }
    }
    if (!flying) {
      seg[0] = x0;
      seg[1] = y0;
      seg[2] = px;
      seg[3] = py;
      seg[4] = r;
      if (T.pathBlockedSeg(blocks, nb)) return false;
    }
    return true;
  }
}

/** The move menu of the current D_MOVE decision (entries in `action`, the legal list's buffer). */
class LazyMoveMenu implements D.MoveMenu {
  n = 0;
  constructor(readonly action: Int32Array, private readonly game: RsMoveCandidates) {}
  legal(i: number): boolean {
    return i >= 0 && i < this.n && this.game.menuLegal(i);
  }
}
