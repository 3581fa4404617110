/** `node:fs/promises` in the browser bundle: nothing is written there; every call rejects. */
function readOnly(): Promise<never> {
  return Promise.reject(Object.assign(new Error('the browser build cannot write files'), { code: 'EROFS' }));
}
export const mkdir = readOnly, writeFile = readOnly, mkdtemp = readOnly, readdir = readOnly, rename = readOnly, rm = readOnly, stat = readOnly, readFile = readOnly;
export default { mkdir, writeFile, mkdtemp, readdir, rename, rm, stat, readFile };
