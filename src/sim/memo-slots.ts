/**
 * The slots of a fixed-size table of remembered stretches of play (an engine's phase table, as Axis & Allies
 * Miniatures' phase-memo.ts; robot skirmish's move-memo.ts keeps the same scheme inline; issue 27 speed): per slot
 * whether it holds an entry, the entry's hash and its hits less its misses. An entry that keeps missing gives way to
 * the next stretch that lands in its slot. The owner keeps the entries' states and outcomes by slot and compares a state exactly when the hashes
 * agree. Fixed size, nothing allocated after construction.
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

  /** `size`: a power of two; `patience`: misses beyond its hits after which an entry gives way. */
  constructor(size: number, private readonly patience: number) {
    this.used = new Uint8Array(size);
    this.hashes = new Int32Array(size);
    this.hits = new Int32Array(size);
    this.mask = size - 1;
  }

  /** Select the slot of hash `h`; true when it holds an entry of that hash (compare it, then {@link hit} or {@link miss}). */
  select(h: number): boolean {
    const slot = (this.slot = h & this.mask);
    this.hash = h;
    this.storing = false;
    return this.used[slot] === 1 && this.hashes[slot] === h;
  }

  /** The selected entry matched exactly. */
  hit(): void {
    this.hits[this.slot]++;
  }

  /** No entry matched: true (and {@link storing}) when the slot is free or its entry gives way. */
  miss(): boolean {
    const slot = this.slot;
    if (this.used[slot] === 1 && --this.hits[slot] >= -this.patience) return false;
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
