/**
 * A balance target as written in an experiment or a scenario (`targets:`), checked for shape only: plain JSON, so a
 * scenario's targets travel with the compiled game. Its own module so that src/sim/core/types.ts can name it without
 * importing src/report/targets.ts (which reads run summaries, and so imports src/sim back: issue 28 item 18).
 */
export interface RawTarget {
  readonly framework?: 'd33' | 'd66';
  readonly metric?: string;
  readonly lo?: number;
  readonly hi?: number;
  readonly variant?: string;
  readonly file: string;
  readonly line?: number;
  readonly path: string;
}
