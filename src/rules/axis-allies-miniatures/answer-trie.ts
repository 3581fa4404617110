/**
 * The policies' answers along the paths a turn's fire stretch has taken (issue 27 speed; seed 002 §航空攻撃フェイズ and
 * §突撃フェイズ; no rule of its own). A fire stretch draws (every attack rolls), so phase-memo.ts cannot put it back
 * whole; but its state at each question is a function of the units' state it began in (kept exactly by the phase
 * table), the answers given before and what each attack left on its target (the counters: nothing else a roll
 * changes is read). With policies that read only the units (AamPolicy.unitsOnly), the answer at each question is a
 * function of that path, so the engine (AamGame.recall) keeps the answers in a trie: a node per question (the
 * decision and unit asked, the answer, whether the policy was asked), its children by what happened before the next
 * question (no attack, or an attack that left 0–3 counters). The first games lay the common paths down; later games
 * follow them and skip the legal list and the policy until their dice take a new turn. Only a speed device: every
 * answer is the one the policy gives.
 *
 * Fixed size, built at its first node (which needs a phase table: phase-memo.ts bounds how many a process builds),
 * its nodes in one pool per turn ({@link POOL}): when a turn's pool runs out, that pool alone is emptied and its epoch
 * moves on (roots of an older epoch are void), so the later turns' many short-lived paths do not wipe the earlier
 * turns' common ones, and memory stays flat however many games are played; nothing is allocated per game.
 */

/**
 * Turns whose fire stretches follow the trie. Measured on aam-initiative-choice (2,000 games per variant), questions
 * answered from the trie per game: turn 1 51 of 52, turn 2 34 of 47, turn 3 13 of 39, turn 4 2 of 26 (its 24 new
 * nodes a game would fill the trie ~3x as fast for little).
 */
export const TRIE_TURNS = 3;
/** Children per node: 0 no attack before the next question, 1 + c an attack that left c counters (c ≤ 3). */
export const LABELS = 5;
/**
 * Nodes of each turn's pool (turn 1 … TRIE_TURNS). Measured on aam-initiative-choice (one variant, 20,000 games), nodes
 * added per game: turn 1 ~0.3, turn 2 ~6, turn 3 ~16 (when one pool of 2^17 served all three, it was emptied every
 * ~5,500 games and turn 2's answers from the trie fell from ~20 to ~17.5 a game after each).
 */
const POOL = [0, 1 << 12, 1 << 16, (1 << 16) - (1 << 12)];
/** Nodes of a runner's trie. */
const NODES = POOL.reduce((a, b) => a + b, 0);
/** Bytes of a runner's trie once built (its what, answer, asked and child arrays): taken from memo-budget.ts with its phase table. */
export const TRIE_BYTES = NODES * (4 + 4 + 1 + 4 * LABELS);

/** A runner's trie of answers along its fire stretches' paths (above); one per PhaseMemo, built at its first node. */
export class AnswerTrie {
  /** Per node: what was asked (decision | (actor + 1) << 3), the answer, 1 when the policy was asked (> 1 legal). */
  what = new Int32Array(0);
  answer = new Int32Array(0);
  asked = new Uint8Array(0);
  /** child[node × LABELS + label]: the next question's node, −1 none yet. */
  child = new Int32Array(0);
  /** Per turn: its pool's first node and end, its next free node, and its epoch; the turn whose pool is in use. */
  private readonly lo = new Int32Array(POOL.length);
  private readonly hi = new Int32Array(POOL.length);
  private readonly next = new Int32Array(POOL.length);
  private readonly epochs = new Int32Array(POOL.length);
  private turn = 1;
  /** The epoch of the pool in use: moves on each time that pool is emptied. */
  epoch = 0;

  constructor() {
    for (let t = 1, at = 0; t < POOL.length; at += POOL[t++]) {
      this.lo[t] = this.next[t] = at;
      this.hi[t] = at + POOL[t];
    }
  }

  /** The code of a question: decision `decision` for unit `actor` (−1 none). */
  static what(decision: number, actor: number): number {
    return decision | ((actor + 1) << 3);
  }

  /** A fire stretch of turn `turn` (1 … {@link TRIE_TURNS}) begins: its pool is in use. */
  use(turn: number): void {
    this.turn = turn;
    this.epoch = this.epochs[turn];
  }

  /** A new node (no children yet), or −1 when the pool in use was full: it is emptied and {@link epoch} moves on. */
  add(what: number, answer: number, asked: boolean): number {
    if (this.what.length === 0) {
      this.what = new Int32Array(NODES);
      this.answer = new Int32Array(NODES);
      this.asked = new Uint8Array(NODES);
      this.child = new Int32Array(NODES * LABELS);
    }
    const t = this.turn;
    if (this.next[t] === this.hi[t]) {
      this.next[t] = this.lo[t];
      this.epoch = ++this.epochs[t];
      return -1;
    }
    const k = this.next[t]++;
    this.what[k] = what;
    this.answer[k] = answer;
    this.asked[k] = asked ? 1 : 0;
    this.child.fill(-1, k * LABELS, (k + 1) * LABELS);
    return k;
  }
}
