/**
 * Movement searches with enemies in the way, kept (seed 002 §移動フェイズ, §突撃フェイズ; rulings AAM-R11, AAM-R24;
 * the search is reach.ts). Such a search reads the enemies only at the hexes it could expand: those whose least
 * movement cost from the start is below the speed. So its result is a pure function of the start hex, the kind, the
 * speed and the set of enemy-held hexes among those (the "blockers"), and it is kept under that key.
 *
 * An open-addressing hash table over one pool of 16-bit entries: [key (two words), blocker count, blockers
 * (ascending)…, hexes reached, hexes…]. Each lookup compares the whole key, so a hash collision never returns another search. The table
 * is bounded ({@link MAX_ENTRIES}, {@link MAX_POOL}) and emptied when full: a search is then run again, with the same
 * result, so nothing here changes a game. Its pool grows only as far as the thread's memory budget for remembered
 * play allows (memo-budget.ts, shared with the phase tables); past it the table is emptied instead of grown.
 */
import { takeMemoBytes } from './memo-budget.js';


/** Hash slots (a power of 2) and the most entries kept (half of them, so probes stay short). */
const SLOTS = 1 << 16, MAX_ENTRIES = SLOTS >> 1;
/** The pool's first and largest size in 16-bit words (8 MiB). */
const FIRST_POOL = 1 << 17, MAX_POOL = 1 << 22;

export class BlockedSearches {
  /** slot → entry offset in {@link pool} + 1 (0: empty), and the entry's hash. */
  private readonly slotAt = new Int32Array(SLOTS);
  private readonly slotHash = new Int32Array(SLOTS);
  /** The entries; {@link find} and {@link add} return where an entry's hexes-reached count stands in it. */
  pool = new Int16Array(FIRST_POOL);
  private used = 0;
  private entries = 0;
  /** Times the table was emptied (tests). */
  cleared = 0;

  /** The hash of a key: `what` (start, kind, speed; below 2^30) and the `nb` blockers, ascending. */
  static hash(what: number, blockers: Int32Array, nb: number): number {
    let h = Math.imul(what ^ 0x5bd1e995, 0x9e3779b1);
    for (let i = 0; i < nb; i++) {
      h = Math.imul(h ^ blockers[i], 0x85ebca6b);
      h ^= h >>> 13;
    }
    return h ^ (h >>> 16);
  }

  /** Where the kept search of this key has its hexes-reached count in {@link pool}, or −1 (not kept). */
  find(what: number, blockers: Int32Array, nb: number, hash: number): number {
    const P = this.pool, mask = SLOTS - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      const at = this.slotAt[i] - 1;
      if (at < 0) return -1;
      if (this.slotHash[i] !== hash || P[at] !== (what & 0x7fff) || P[at + 1] !== what >> 15 || P[at + 2] !== nb) continue;
      let same = true;
      for (let j = 0; j < nb; j++) {
        if (P[at + 3 + j] !== blockers[j]) {
          same = false;
          break;
        }
      }
      if (same) return at + 3 + nb;
    }
  }

  /** Keep the search of this key (not kept yet): `n` hexes of `hexes`; returns where its count stands in {@link pool}. */
  add(what: number, blockers: Int32Array, nb: number, hash: number, hexes: Int16Array, n: number): number {
    const size = 4 + nb + n;
    if (this.entries >= MAX_ENTRIES || this.used + size > MAX_POOL) this.clear();
    if (this.used + size > this.pool.length) {
      const length = Math.min(MAX_POOL, Math.max(this.pool.length * 2, this.used + size));
      if (takeMemoBytes(2 * (length - this.pool.length))) {
        const grown = new Int16Array(length);
        grown.set(this.pool.subarray(0, this.used));
        this.pool = grown;
      } else {
        this.clear();
      }
    }
    const P = this.pool, at = this.used;
    P[at] = what & 0x7fff;
    P[at + 1] = what >> 15;
    P[at + 2] = nb;
    for (let j = 0; j < nb; j++) P[at + 3 + j] = blockers[j];
    P[at + 3 + nb] = n;
    P.set(hexes.subarray(0, n), at + 4 + nb);
    this.used = at + size;
    this.entries++;
    const mask = SLOTS - 1;
    let i = hash & mask;
    while (this.slotAt[i] !== 0) i = (i + 1) & mask;
    this.slotAt[i] = at + 1;
    this.slotHash[i] = hash;
    return at + 3 + nb;
  }

  private clear(): void {
    this.slotAt.fill(0);
    this.used = 0;
    this.entries = 0;
    this.cleared++;
  }
}
