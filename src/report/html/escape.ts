/**
 * Escaping for the HTML report: text and attribute values, JSON data islands
 * and inlined script bundles. Labels, questions and rulings are arbitrary user
 * text (Japanese included), so every piece of text goes through here.
 */

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escape text for HTML element content or a quoted attribute value: `& < > " '`
 * become entities; everything else (CJK included) is kept as is.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/**
 * Serialize `value` as JSON that is safe inside
 * `<script type="application/json">`: `<`, `>`, `&` and the line separators
 * U+2028/U+2029 are written as `\uXXXX` escapes, so no label can close the
 * element or open a comment, and `JSON.parse` of the element's text gives the
 * value back unchanged. Non-finite numbers become `null` (as in JSON.stringify).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Make a JavaScript bundle safe to inline in a `<script>` element: drop
 * `sourceMappingURL` comments (a browser could try to fetch the map) and write
 * the `<` of every `</script`, `<script` and `<!--` as `\x3C`. Inside string,
 * template and regular-expression literals that escape means the same
 * character; minifiers never emit these sequences outside literals.
 */
export function inlineScript(code: string): string {
  return code
    .replace(/^\s*\/\/[#@]\s*sourceMappingURL=.*$/gm, '')
    .replace(/<(?=\/script|script|!--)/gi, '\\x3C');
}
