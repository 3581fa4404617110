/**
 * The Japanese message catalogue (日本語): the union of every area's `ja`.
 * Rule terms (軍票, 弾倉, 先制攻撃…) are written as the rule texts write them;
 * keys and values of files stay ASCII as the files spell them.
 */
import { AREAS, type MessageId } from './messages-en.js';

export const ja = Object.assign({}, ...AREAS.map((a) => a.ja)) as Record<MessageId, string>;
