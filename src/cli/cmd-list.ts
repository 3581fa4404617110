/** `balance-lab list`: the registered engines, their policies and catalogues. */
import { engines } from '../rules/registry.js';

export function listText(): string {
  const out: string[] = [];
  for (const e of engines) {
    out.push(`${e.id}: ${e.title}`);
    out.push(`  seed file: ${e.seedFile}`);
    out.push(`  rules doc: ${e.rulesDoc}`);
    out.push('  policies:');
    if (e.policies.length === 0) out.push('    (none)');
    for (const p of e.policies) {
      out.push(`    ${p.id}: ${p.summary}`);
      for (const [k, v] of Object.entries(p.params)) out.push(`      ${k}: ${v}`);
    }
    const cat = e.catalogue();
    out.push('  catalogue:');
    if (cat.length === 0) out.push('    (empty)');
    for (const line of cat) out.push(`    ${line}`);
    out.push('');
  }
  return out.join('\n');
}

export function listCommand(): void {
  process.stdout.write(listText());
}
