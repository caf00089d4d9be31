/** `pipstream-load`: main.ts on this process's arguments, streams and signals. */
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  tty: process.stderr.isTTY === true,
  onInterrupt(handler) {
    process.on('SIGINT', handler);
    return () => process.off('SIGINT', handler);
  },
  exit: (code) => process.exit(code),
});
