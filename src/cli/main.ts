/** Entry point (dist/cli/main.js, started by bin/balance-lab.js). */
import { installNodePlatform } from '../node/platform.js';
import { runCli } from './program.js';

function flush(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.writableEnded || stream.destroyed) resolve();
    else stream.write('', () => resolve());
  });
}

installNodePlatform();
const code = await runCli(process.argv);
process.exitCode = code;
await Promise.all([flush(process.stdout), flush(process.stderr)]);
// Exit explicitly so a lingering handle (e.g. a worker pool) can never keep the CLI alive.
process.exit(code);
