/**
 * GitHub workflow commands for annotations (`::error file=…,line=…::message`): GitHub marks the line in the file
 * view of a push or pull request. Values are escaped as the runner requires (% CR LF in the message; also : and ,
 * in properties).
 */
import { relative, sep } from 'node:path';
import { commandData, commandProperty } from './escape.js';

/** One annotation line: `level` error or warning, the file relative to the workspace, its line when known. */
export function annotation(level: 'error' | 'warning', workspace: string, file: string, line: number | undefined, message: string, title = 'balance-lab'): string {
  const rel = relative(workspace, file).split(sep).join('/');
  const props = [`file=${commandProperty(rel)}`, ...(line !== undefined ? [`line=${line}`] : []), `title=${commandProperty(title)}`];
  return `::${level} ${props.join(',')}::${commandData(message)}`;
}
