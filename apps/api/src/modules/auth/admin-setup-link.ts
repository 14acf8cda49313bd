import type { Config } from '../../config.ts';
import type { AuthService } from './auth.service.ts';

/** Where {@link announceAdminSetupLink} prints. */
export interface AdminSetupLinkOutput {
  /** The server's logger (pino's shape). */
  log: { info(msg: string): void };
  /** The configured `LOG_LEVEL`: below `info` (warn, error, fatal, silent) the link goes to `write` instead. */
  logLevel: Config['logLevel'];
  /** A plain line to stdout (`process.stdout.write`). */
  write(line: string): void;
  /**
   * `true` when a person reads the output on a terminal (`LOG_FORMAT=pretty`): the message goes
   * to `write` as plain lines with the link alone on its own line, easy to select or click.
   */
  plain?: boolean;
}

/** Levels at which pino writes `info` lines. */
const INFO_LEVELS: ReadonlySet<Config['logLevel']> = new Set(['info', 'debug', 'trace']);

/**
 * The start-up message of a store without an admin (`server.ts` calls it
 * once after migrating and seeding): while no admin account exists, makes a one-time link
 * `<PUBLIC_URL>/setup-admin#token=<token>` (valid 24 hours, single use, stored hashed; a new start
 * replaces the previous start's link) and prints it once: on a terminal as plain lines with the
 * link on its own line; otherwise as one `info` log line, or, when `LOG_LEVEL` hides `info`
 * lines, as one plain line on stdout, so that whoever started the server
 * can become admin in a minute. Prints nothing once an admin exists. The line holds the token in
 * clear on purpose: reading the server's output is what proves the right to become the first
 * admin (as with `npm run admin:create`, which needs a shell on the server).
 * @returns the link printed, or undefined when an admin exists.
 */
export async function announceAdminSetupLink(
  auth: Pick<AuthService, 'createAdminSetupLink'>,
  out: AdminSetupLinkOutput,
): Promise<string | undefined> {
  const link = await auth.createAdminSetupLink();
  if (!link) return undefined;
  if (out.plain) {
    out.write(
      [
        '',
        `No admin account yet. Open this one-time link to create the first one (valid until ${link.expiresAt.toLocaleString()}):`,
        '',
        `  ${link.url}`,
        '',
        '',
      ].join('\n'),
    );
    return link.url;
  }
  const message =
    `No admin account yet. Create the first one at ${link.url} ` +
    `(one-time link, valid until ${link.expiresAt.toISOString()}), or run "npm run admin:create".`;
  if (INFO_LEVELS.has(out.logLevel)) out.log.info(message);
  else out.write(`${message}\n`);
  return link.url;
}
