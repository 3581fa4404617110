/**
 * The slots of a fixed-size table of remembered stretches of play (an engine's phase table, as Axis & Allies
 * Miniatures' phase-memo.ts; robot skirmish's move-memo.ts keeps a two-way form of the scheme inline; issue 27 speed): per slot whether it holds an entry, the entry's hash and its hits less its misses. The
 * slots go in buckets of two (a hash selects a bucket; its entry may sit in either way): an entry that keeps missing
 * gives way to the next stretch that lands in its bucket, and of two entries the one with fewer hits is the one that
 * pays for a miss, so an entry that is met again and again is not pushed out by a run of states never met again. The
 * owner keeps the entries' states and outcomes by slot and compares a state exactly when the hashes agree. Fixed
 * size, nothing allocated after construction.
 */
export class MemoSlots {
  private readonly used: Uint8Array;
  private readonly hashes: Int32Array;
  private readonly hits: Int32Array;
  private readonly mask: number;
  /** The slot and hash of the last {@link select}. */
  slot = 0;
  hash = 0;
  /** The stretch last selected may be remembered in its slot ({@link miss} said so, {@link take} not yet called). */
  storing = false;

  /** `size`: a power of two ≥ 2; `patience`: misses beyond its hits after which an entry gives way. */
  constructor(size: number, private readonly patience: number) {
    this.used = new Uint8Array(size);
    this.hashes = new Int32Array(size);
    this.hits = new Int32Array(size);
    this.mask = (size - 1) & ~1;
  }

  /**
   * Select the bucket of hash `h`; true when one of its ways holds an entry of that hash ({@link slot}: compare it,
   * then {@link hit} or {@link miss}).
   */
  select(h: number): boolean {
    const b = h & this.mask;
    this.hash = h;
    this.storing = false;
    if (this.hashes[b] === h && this.used[b] === 1) {
      this.slot = b;
      return true;
    }
    this.slot = b + 1;
    return this.hashes[b + 1] === h && this.used[b + 1] === 1;
  }

  /** The selected entry matched exactly. */
  hit(): void {
    if (this.hits[this.slot] < 0x3fffffff) this.hits[this.slot]++;
  }

  /**
   * No entry matched: true (and {@link storing}, {@link slot} the way to fill) when a way of the bucket is free or
   * its weaker entry gives way; the weaker entry pays for the miss.
   */
  miss(): boolean {
    const b = this.slot & ~1, used = this.used, hits = this.hits;
    let v: number;
    if (used[b] === 0) v = b;
    else if (used[b + 1] === 0) v = b + 1;
    else {
      v = hits[b] <= hits[b + 1] ? b : b + 1;
      if (--hits[v] >= -this.patience) {
        this.slot = v;
        return false;
      }
    }
    this.slot = v;
    this.storing = true;
    return true;
  }

  /** The selected slot now holds the entry of the selected hash. */
  take(): void {
    const slot = this.slot;
    this.used[slot] = 1;
    this.hashes[slot] = this.hash;
    this.hits[slot] = 0;
    this.storing = false;
  }
}
