/**
 * Messages of area `cliParse.*`: commander's own parse errors (unknown option or
 * command, missing argument or value, bad value, too many arguments), raised
 * from src/cli/local-command.ts as one `command line: WHAT: problem (allowed: …)`
 * line, in English and Japanese. The type of `ja` makes a missing id a compile error.
 */
export const en = {
  'cliParse.unknownOption': 'unknown option for \'{command}\'{suggestion}',
  'cliParse.unknownCommand': 'unknown command{suggestion}',
  'cliParse.didYouMean': '; did you mean {names}?',
  'cliParse.missingArgument': '{argument} is missing; usage: {usage}',
  'cliParse.optionMissingValue': 'needs a value',
  'cliParse.requiredOption': 'is required by \'{command}\'',
  'cliParse.badValue': '\'{value}\' is not a valid value',
  'cliParse.excessArguments': 'too many arguments ({extra}): {got} given, {expected} expected; usage: {usage}',
} as const;

export const ja: Record<keyof typeof en, string> = {
  'cliParse.unknownOption': '\'{command}\' にこのオプションはありません{suggestion}',
  'cliParse.unknownCommand': 'このコマンドはありません{suggestion}',
  'cliParse.didYouMean': '（もしかして {names}）',
  'cliParse.missingArgument': '{argument} がありません。使い方: {usage}',
  'cliParse.optionMissingValue': '値がありません',
  'cliParse.requiredOption': '\'{command}\' には必須のオプションです',
  'cliParse.badValue': '値 \'{value}\' は使えません',
  'cliParse.excessArguments': '引数が多すぎます: {expected} 個のところ {got} 個あります（{extra}）。使い方: {usage}',
};
