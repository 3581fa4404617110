/** `balance-lab list`: the registered engines, their policies and catalogues, in the chosen language. */
import { engines } from '../registry.js';
import { t } from '../i18n/t.js';
import { getLang } from '../i18n/lang.js';
import { engineTitle, policyInLang } from '../sim/core/engine-text.js';

export function listText(): string {
  const out: string[] = [];
  for (const e of engines) {
    out.push(`${e.id}: ${engineTitle(e)}`);
    out.push(t('cli.seedFile', { seedFile: e.seedFile }));
    out.push(t('cli.rulesDoc', { rulesDoc: e.rulesDoc }));
    out.push(t('cli.listPolicies'));
    if (e.policies.length === 0) out.push(t('cli.listNone'));
    for (const p of e.policies.map((x) => policyInLang(e.id, x))) {
      out.push(`    ${p.id}: ${p.summary}`);
      for (const [k, v] of Object.entries(p.params)) out.push(`      ${k}: ${v}`);
    }
    const cat = e.catalogue(getLang());
    out.push(t('cli.listCatalogue'));
    if (cat.length === 0) out.push(t('cli.listEmpty'));
    for (const line of cat) out.push(`    ${line}`);
    out.push('');
  }
  return out.join('\n');
}

export function listCommand(): void {
  process.stdout.write(listText());
}
