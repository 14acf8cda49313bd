import type { Db } from '../../db/client.ts';
import { emailMessages } from '../../db/schema.ts';

/** A row of `email_messages` as the mailer writes it (id and `createdAt` are the database's). */
export type EmailMessageInsert = Omit<typeof emailMessages.$inferInsert, 'id' | 'createdAt'>;

/** Data access for `email_messages` (the admin Outbox). The only mail module touching SQL. */
export class EmailMessagesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts one message in a single statement.
   * @returns the new row id.
   * @throws the driver's error when the database refuses the row (e.g. an unknown `orderId`).
   */
  async insert(row: EmailMessageInsert): Promise<number> {
    const [inserted] = await this.db.insert(emailMessages).values(row).returning({ id: emailMessages.id });
    if (!inserted) throw new Error('email_messages insert returned no row');
    return inserted.id;
  }
}
