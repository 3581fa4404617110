/**
 * Fitting a chart to the screen it is drawn on (issue 26: phones). The saved
 * specs (charts/*.vl.json) keep their fixed sizes; the page fits a copy:
 * single and layered views take Vega-Lite's `width: "container"` with `fit-x`
 * sizing; facets and concatenations (which cannot use container sizing) get
 * an inner width that leaves room for the axis; on a narrow screen legends go
 * below the plot and long axis, legend and title labels are shortened.
 *
 * The function is self-contained plain JavaScript once compiled (no imports,
 * no outer names), so the report inlines its source text
 * (`fitChartSpec.toString()`) and the web app calls it directly.
 */
export function fitChartSpec(spec: Record<string, unknown>, width: number): Record<string, unknown> {
  const s = JSON.parse(JSON.stringify(spec)) as Record<string, any>;
  const narrow = width < 600;
  const cap = narrow ? 130 : 260;
  const walk = (o: any): void => {
    if (!o || typeof o !== 'object') return;
    if (Array.isArray(o)) { o.forEach(walk); return; }
    for (const k of Object.keys(o)) {
      if (k === 'labelLimit' && typeof o[k] === 'number' && o[k] > cap) o[k] = cap;
      else walk(o[k]);
    }
  };
  walk(s);
  s.config = s.config || {};
  if (narrow) {
    s.config.legend = Object.assign({}, s.config.legend, { orient: 'bottom', direction: 'vertical', labelLimit: cap });
    s.config.axis = Object.assign({}, s.config.axis, { labelLimit: cap });
    s.config.title = Object.assign({}, s.config.title, { limit: Math.max(120, width - 16), subtitleFontSize: 11, anchor: 'start' });
    // A subtitle longer than the screen is wrapped into lines at its commas (Vega draws an array as lines), not cut
    // with an ellipsis by the limit (issue 42: the paired-difference subtitle at 390 px). A cautious width estimate
    // at 11 px (a CJK or full-width character 12 px, any other 7 px) against the screen less the page's padding.
    const t = s.title;
    if (t && typeof t === 'object' && typeof t.subtitle === 'string') {
      const room = Math.max(120, width - 64);
      const px = (x: string) => Array.from(x).reduce((n: number, c: string) => n + (/[\u3000-\u9fff\uff00-\uffef]/.test(c) ? 12 : 7), 0);
      if (px(t.subtitle) > room) {
        const parts = t.subtitle.match(/[^,、]+(?:[,、]\s*|$)/g) || [t.subtitle];
        const lines: string[] = [];
        for (const part of parts) {
          const last = lines.length - 1;
          if (last >= 0 && px(lines[last] + part) <= room) lines[last] += part;
          else lines.push(part);
        }
        t.subtitle = lines.map((l) => l.trim());
      }
    }
  }
  const composite = s.facet || s.hconcat || s.vconcat || s.concat || s.repeat;
  if (composite) {
    if (s.spec && typeof s.spec.width === 'number') s.spec.width = Math.max(120, Math.min(s.spec.width, width - (narrow ? 90 : 160)));
  } else {
    s.width = 'container';
    s.autosize = { type: 'fit-x', contains: 'padding' };
  }
  return s;
}
