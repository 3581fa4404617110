/** `piscina` in the browser bundle: never constructed there (runs pass a Web Worker executor instead). */
export class Piscina {
  constructor() {
    throw new Error('piscina is not available in the browser; pass a ChunkExecutor');
  }
}
export default Piscina;
