/**
 * The rulings an engine's rules document (docs/rules/<game>.md) lists, read for the ruling-impact report (issue 43):
 * each `### ID — title` (or `####`) row with its **Clause** and **Alternatives** bullets. A ruling whose alternatives
 * are not "none" but which no switch covers is reported as "not measured", so the designer still sees it.
 */
import { readFileSync } from 'node:fs';

/** One documented ruling. */
export interface DocumentedRuling {
  readonly id: string;
  readonly title: string;
  /** The Clause bullet as written (quoted clauses with their §). */
  readonly clause: string;
  /** The Alternatives bullet as written; '' when the row has none. */
  readonly alternatives: string;
}

const HEAD = /^#{2,4} ([A-Z]+-[A-Z]*\d+[a-z]?) — (.+)$/;

/** Every ruling row of a rules document's text. */
export function documentedRulings(text: string): DocumentedRuling[] {
  const out: DocumentedRuling[] = [];
  let cur: { id: string; title: string; clause: string; alternatives: string } | null = null;
  for (const line of text.split('\n')) {
    const h = HEAD.exec(line);
    if (h) {
      if (cur) out.push(cur);
      cur = { id: h[1], title: h[2].trim(), clause: '', alternatives: '' };
      continue;
    }
    if (/^#{1,4} /.test(line)) {
      if (cur) out.push(cur);
      cur = null;
      continue;
    }
    if (!cur) continue;
    const b = /^- \*\*(Clause|Alternatives?)\*\*:\s*(.*)$/.exec(line);
    if (b) {
      if (b[1] === 'Clause') cur.clause = b[2].trim();
      else cur.alternatives = b[2].trim();
    }
  }
  if (cur) out.push(cur);
  return out;
}

/** Whether a row's alternatives name another plausible reading ("none — fixed" and an empty bullet do not). */
export function hasAlternative(r: DocumentedRuling): boolean {
  const a = r.alternatives.trim().toLowerCase();
  return a !== '' && !/^none\b/.test(a) && !/^\(?none\)?[.;,]?$/.test(a);
}

/** The documented rulings of `file` with another plausible reading that no switch id in `switched` covers. */
export function notMeasured(file: string, switched: ReadonlySet<string>): DocumentedRuling[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return documentedRulings(text).filter((r) => hasAlternative(r) && !switched.has(r.id));
}

/** The first § a clause names (e.g. "§36"), or '' when it names none. */
export function sectionOf(clause: string): string {
  const m = /§\s?\d+(?:\.\d+)*/.exec(clause);
  return m ? m[0].replace(/\s/g, '') : '';
}
