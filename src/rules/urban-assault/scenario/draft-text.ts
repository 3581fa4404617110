/**
 * Reading the designer's scenario Markdown for `balance-lab draft` (issue 42 item 6): his template's layout
 * (scenario_template.md and scenario_template-v1.01.md) cut into the header, the sections and the map table's
 * entries, each as numbered lines. Nothing here decides what a line means for play; draft-event.ts does.
 */

/** One line of the .md with its 1-based number; `text` has full-width digits and signs made ASCII. */
export interface MdLine {
  readonly n: number;
  readonly raw: string;
  readonly text: string;
  readonly indent: number;
}

/** A heading and the lines under it up to the next heading of the same or a higher level. */
export interface MdSection {
  readonly line: MdLine;
  readonly level: number;
  readonly title: string;
  readonly body: readonly MdLine[];
}

/** Full-width digits, letters and signs as ASCII (ー, the long vowel mark, stays). */
export function normalise(s: string): string {
  return s
    .replace(/[０-９Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[－−]/g, '-').replace(/＋/g, '+').replace(/［/g, '[').replace(/］/g, ']').replace(/＝/g, '=');
}

/** The lines of a .md; fenced code blocks (a balance-lab block among them) are left out. */
export function mdLines(text: string): MdLine[] {
  const out: MdLine[] = [];
  let fence = '';
  text.split(/\r?\n/).forEach((raw, i) => {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (f) {
      if (!fence) fence = f[1];
      else if (raw.trim().startsWith(fence)) fence = '';
      return;
    }
    if (fence) return;
    const indent = /^[ \t\u3000]*/.exec(raw)![0].replace(/\t/g, '  ').length;
    out.push({ n: i + 1, raw, text: normalise(raw.trim()), indent });
  });
  return out;
}

/** A heading's level and title (`**` marks and a leading ■/● dropped), or null. */
export function heading(l: MdLine): { level: number; title: string } | null {
  const m = /^(#{1,6})\s+(.*)$/.exec(l.text);
  if (!m) return null;
  return { level: m[1].length, title: m[2].replace(/\*\*/g, '').replace(/^[■●◆◇]\s*/, '').trim() };
}

/** Every heading with its body. */
export function sections(lines: readonly MdLine[]): MdSection[] {
  const out: MdSection[] = [];
  lines.forEach((l, i) => {
    const h = heading(l);
    if (!h) return;
    const body: MdLine[] = [];
    for (let j = i + 1; j < lines.length; j++) {
      const h2 = heading(lines[j]);
      if (h2 && h2.level <= h.level) break;
      body.push(lines[j]);
    }
    out.push({ line: l, level: h.level, title: h.title, body });
  });
  return out;
}

/** A line that carries no rule: blank, a rule `---`, HTML, italic flavour text (`_…_`, `*…*`), a `>` quote. */
export function isFlavour(l: MdLine): boolean {
  const t = l.text;
  return t === '' || /^[-=*_]{3,}$/.test(t) || /^<\/?[a-z]/i.test(t) || /^>/.test(t)
    || /^_[^_].*_$/.test(t) || /^\*[^*].*\*$/.test(t);
}

/** A list item's text (`- `, `* `, `・`, `1. `, `1）` dropped), or null when the line is not an item. */
export function itemText(l: MdLine): string | null {
  const m = /^(?:[-*+]\s+|・\s*|\d{1,2}\s*[.．)）]\s*)(.*)$/.exec(l.text);
  return m ? m[1].trim() : null;
}

/** The text without list marks and bold marks. */
export function plain(l: MdLine): string {
  return (itemText(l) ?? l.text).replace(/\*\*/g, '').trim();
}

/** `key：value` / `key: value` with the value trimmed (the key without spaces), or null. */
export function keyValue(text: string): { key: string; value: string } | null {
  const m = /^([^:：]{1,24}?)\s*[:：]\s*(.*)$/.exec(text);
  return m ? { key: m[1].replace(/\s+/g, ''), value: m[2].trim() } : null;
}

/** A tile entry's code and name from its heading (`■ 出目11 〈name〉`, `出目11 <name>`, `出目11`), or null. */
export function tileHeading(title: string): { code: number; name: string } | null {
  const m = /出目\s*([1-6])([1-6])\s*(.*)$/.exec(title);
  if (!m) return null;
  return { code: Number(m[1] + m[2]), name: bracketed(m[3]) };
}

/** The text inside 〈〉 <> ＜＞ 《》 「」, or the text itself, trimmed. */
export function bracketed(s: string): string {
  const m = /[〈<＜《「]\s*(.*?)\s*[〉>＞》」]/.exec(s);
  return (m ? m[1] : s).replace(/\*\*/g, '').trim();
}

/** `1d3+1`, `5 + 1d3` → `1d3+5`; `4` → 4; null when the text holds no count. */
export function countOf(s: string): string | number | null {
  const t = s.replace(/\s+/g, '');
  let m = /^(\d)d(\d)(?:\+(\d{1,2}))?/.exec(t);
  if (m) return `${m[1]}d${m[2]}${m[3] ? `+${m[3]}` : ''}`;
  m = /^(\d{1,2})\+(\d)d(\d)/.exec(t);
  if (m) return `${m[2]}d${m[3]}+${m[1]}`;
  m = /^(\d{1,2})(?!d)/.exec(t);
  return m ? Number(m[1]) : null;
}

/** A short excerpt of a source line for a TODO comment. */
export function excerpt(l: MdLine): string {
  const t = l.raw.trim().replace(/\s+/g, ' ');
  return t.length > 48 ? `${t.slice(0, 47)}…` : t;
}
