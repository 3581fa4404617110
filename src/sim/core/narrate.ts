/**
 * Replay narration in the replay's language (issue 26). An engine keeps
 * writing through its log, but the text is a catalogue message rendered in
 * `log.lang`, never in a global language. Call only under `if (log)`: a
 * simulated game has no log, so the hot path builds no parameter object and
 * no string (docs/i18n.md, "Replay narration").
 */
import { t, type MsgParams } from '../../i18n/t.js';
import type { MessageId } from '../../i18n/messages-en.js';
import type { GameLog } from './types.js';

/** Write message `id` with `params` to `log`, in the log's language (English when it names none). */
export function narrate(log: GameLog, id: MessageId, params?: MsgParams): void {
  log.event?.(id, params);
  log.line(t(id, params, log.lang ?? 'en'));
}

/** Render message `id` in the log's language, for a fragment that goes inside another narrated line. */
export function narrateText(log: GameLog, id: MessageId, params?: MsgParams): string {
  return t(id, params, log.lang ?? 'en');
}
