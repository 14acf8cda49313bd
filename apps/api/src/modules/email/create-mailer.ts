import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { NodemailerMailer } from '../../providers/mail/nodemailer-mailer.ts';
import { EmailLogRepository } from './email-log.repository.ts';

/**
 * Builds the app's mailer from the configuration: SMTP when `config.smtpUrl` is set, otherwise
 * the database transport (see {@link NodemailerMailer}); every message is recorded in the e-mail
 * log. Opens no connection until the first send.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, database: Pick<Database, 'db'>): Mailer {
  return new NodemailerMailer(new EmailLogRepository(database.db), {
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
  });
}
