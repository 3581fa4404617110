/**
 * Japanese message catalogue (日本語). Same ids as messages-en.ts; the type
 * makes a missing id a compile error. Rule terms (軍票, 弾倉, 先制攻撃…) are
 * written as the rule texts write them; keys and values of files stay ASCII
 * as the files spell them.
 */
import type { MessageId } from './messages-en.js';

export const ja: Record<MessageId, string> = {
  'input.allowed': '（使える値: {allowed}）',
  'input.expectedMapping': 'マッピング（キー: 値）が必要ですが、{got} です',
  'input.unknownKey': '知らないキー "{key}" です',
  'input.missingKey': '必須のキー "{key}" がありません',
  'input.missingList': 'リストがありません',
  'input.expectedList': 'リストが必要ですが、{got} です',
  'input.tooFewItems': '少なくとも {min} 項目が必要ですが、{got} 項目です',
  'input.missingValue': '値がありません',
  'input.expectedString': '文字列が必要ですが、{got} です',
  'input.unknownValue': '知らない値 "{value}" です',
  'input.expectedNumber': '数値が必要ですが、{got} です',
  'input.expectedInteger': '整数が必要ですが、{got} です',
  'input.belowMin': '{value} は最小値より小さいです',
  'input.aboveMax': '{value} は最大値より大きいです',
  'input.aString': '文字列',
  'input.anInteger': '整数',
  'input.aNumber': '数値',
  'input.andAtMost': ' かつ ≤ {max}',
  'input.expectedBoolean': 'true か false が必要ですが、{got} です',
  'input.fullWidthChar': 'YAML が半角文字を求める所に全角文字「{char}」(U+{code}) があります。「{ascii}」に置き換えてください',
  'cli.langOption': 'メッセージとレポートの言語: ja または en（既定: LANG から）',
  'cli.badLang': '知らない言語 "{value}" です',
};
