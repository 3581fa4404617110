// The lines of a job's stdout that the GitHub runner would read as a workflow command: v2 (`::name`, after leading
// blanks) or v1 (`##[` anywhere), lines split at CR, LF or CR LF, outside a `::stop-commands::TOKEN` … `::TOKEN::` block.
export function commandLines(stdout: string): string[] {
  const out: string[] = [];
  let stopToken: string | null = null;
  for (const l of stdout.split(/\r\n|\r|\n/)) {
    if (stopToken !== null) {
      if (l.trim() === `::${stopToken}::`) stopToken = null;
      continue;
    }
    const m = /^::stop-commands::(.+)$/.exec(l.trimStart());
    if (m) stopToken = m[1];
    else if (l.trimStart().startsWith('::') || l.includes('##[')) out.push(l);
  }
  return out;
}
