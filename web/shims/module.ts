/** `node:module` in the browser bundle: there are no installed packages to resolve (the Vega bundles come from the page). */
export function createRequire(): { resolve(name: string): string } {
  const fail = (name: string): string => {
    throw new Error(`the browser build cannot resolve ${name}`);
  };
  return { resolve: fail };
}
export default { createRequire };
