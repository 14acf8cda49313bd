import PinoPretty from 'pino-pretty';

/**
 * The log stream of `LOG_FORMAT=pretty`: pino's JSON lines rewritten as one short line each
 * (`19:35:06 INFO: knowledge base seeded {"articles":140}`), coloured when the terminal can,
 * written synchronously so that nothing is lost at exit. Production keeps JSON (`config.ts`).
 */
export function prettyLogStream(): { write(line: string): void } {
  return PinoPretty({
    sync: true,
    colorize: process.stdout.isTTY === true && process.stdout.hasColors(),
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    destination: 1,
  });
}
