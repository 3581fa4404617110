/** ja/en message catalogue (issue 26): every message the tool writes comes from here. */
export { type Lang, LANGS, getLang, setLang, isLang, langOfLocale, langFromEnv, langFromBrowser } from './lang.js';
export { type MessageId, en } from './messages-en.js';
export { ja } from './messages-ja.js';
export { type Msg, type MsgParams, t, render, format, catalogue, placeholders, PLURAL_PLACEHOLDER } from './t.js';
