// Every test file runs in a Node process of its own kind: the core takes files, paths, hashing, threads and Vega
// from the platform an entry point installs (src/sim/core/platform.ts), so the tests install Node's, as the CLI does.
import { installNodePlatform } from '../src/node/platform.js';

installNodePlatform();
