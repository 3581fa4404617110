/**
 * Which classes of an engine's remembered play are worth looking up (issue 27 speed; A&A phase-memo.ts): per class (a turn, a stretch or a decision) the lookups and hits so far. A class whose entries
 * are met again too rarely (fewer than one hit in {@link RARE} lookups once {@link WARM} were made) is looked up and
 * remembered only at every {@link SAMPLE}th chance, so its states, met once and never again, neither cost a lookup
 * each nor push out the entries of classes that come back (the states of a game's later turns seldom repeat). The
 * counts are halved now and then, so the gate follows what the games meet. Only a speed device: a lookup that is
 * skipped plays the stretch; every result stays the same. Fixed size, nothing allocated after construction.
 */
/** Lookups of a class before the gate may close it. */
const WARM = 2048;
/** A class is worth it while its hits are at least one in this many lookups. */
const RARE = 64;
/** A closed class is still looked up at one chance in this many (a power of two), to keep measuring it. */
const SAMPLE = 16;
/** The counts are halved when a class's lookups reach this many. */
const HALVE_AT = 1 << 16;

export class MemoGate {
  private readonly looks: Int32Array;
  private readonly hits: Int32Array;
  private readonly chances: Int32Array;

  /** `classes`: how many classes (their ids 0 … classes − 1). */
  constructor(classes: number) {
    this.looks = new Int32Array(classes);
    this.hits = new Int32Array(classes);
    this.chances = new Int32Array(classes);
  }

  /** Whether to look up (and then remember) at this chance of class `c`; count it with {@link count}. */
  open(c: number): boolean {
    const looks = this.looks[c];
    if (looks < WARM || this.hits[c] * RARE >= looks) return true;
    return (this.chances[c]++ & (SAMPLE - 1)) === 0;
  }

  /** A lookup of class `c` was made: `hit` when it found its entry. */
  count(c: number, hit: boolean): void {
    if (hit) this.hits[c]++;
    if (++this.looks[c] >= HALVE_AT) {
      this.looks[c] >>= 1;
      this.hits[c] >>= 1;
    }
  }
}
