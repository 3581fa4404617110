// Types of scripts/build-web.mjs for the test that builds the web bundle (tests/web-shims.test.ts).
import type { BuildOptions } from 'esbuild';

/** The stand-ins the bundle still injects, each for a third-party library (the reason is in the file). */
export declare const WEB_SHIMS: readonly string[];
/** esbuild's options shared by the app and its engine worker (`root`: the repository). */
export declare function webBuildOptions(root: string): BuildOptions;
/** esbuild's options for the engine worker: the app's with identifiers kept (the specialiser resolves the rule methods' names, issue 44). */
export declare function workerBuildOptions(root: string): BuildOptions;
