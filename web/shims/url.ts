/** `node:url` in the browser bundle: file URLs of the in-memory tree. */
export function fileURLToPath(u: string | URL): string {
  return decodeURIComponent(String(u).replace(/^file:\/\//, ''));
}
export function pathToFileURL(p: string): URL {
  return new URL(`file://${p}`);
}
export default { fileURLToPath, pathToFileURL };
