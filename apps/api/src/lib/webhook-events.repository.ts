import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { webhookEvents } from './platform.schema.ts';

/** Where a delivered event stands: first seen now, seen before but its effect never committed, or done. */
export type WebhookEventState = 'new' | 'unprocessed' | 'processed';

/**
 * One provider's rows of `webhook_events` (migration 0010; unique by provider and event id):
 * each event's effect happens once (Stripe docs: webhooks,
 * "Handle duplicate events"). Used by the Stripe (`stripe`) and PayPal (`paypal`) webhooks, and
 * inside the eSIM Go callback's transaction (`esimgo`, given the transaction as `db`).
 */
export class WebhookEventsRepository {
  constructor(
    private readonly db: Db,
    private readonly provider: string,
  ) {}

  /**
   * Records the event (`insert ... on conflict do nothing`).
   * @param options.lock in a transaction: an event seen before is read `for update`, so that
   *   concurrent deliveries of it wait for each other.
   * @returns `new` (first delivery), `unprocessed` (delivered before, its effect never committed:
   *   a crash, a provider outage or a retryable failure; the caller applies it again, the effects
   *   being idempotent) or `processed` (the caller must do nothing).
   */
  async claim(eventId: string, type: string, options: { lock?: boolean } = {}): Promise<WebhookEventState> {
    const inserted = await this.db
      .insert(webhookEvents)
      .values({ provider: this.provider, eventId, type })
      .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
      .returning({ id: webhookEvents.id });
    if (inserted.length > 0) return 'new';
    const seen = this.db
      .select({ processedAt: webhookEvents.processedAt })
      .from(webhookEvents)
      .where(this.event(eventId));
    const [row] = options.lock ? await seen.for('update') : await seen;
    return row?.processedAt ? 'processed' : 'unprocessed';
  }

  /** Marks the event's effect as committed: later deliveries of it are answered 200 and ignored. */
  async markProcessed(eventId: string): Promise<void> {
    await this.db
      .update(webhookEvents)
      .set({ processedAt: sql`now()` })
      .where(this.event(eventId));
  }

  /** When the event was processed (null: not yet; undefined: never delivered). For tests and support. */
  async processedAt(eventId: string): Promise<Date | null | undefined> {
    const [row] = await this.db
      .select({ processedAt: webhookEvents.processedAt })
      .from(webhookEvents)
      .where(this.event(eventId));
    return row ? row.processedAt : undefined;
  }

  private event(eventId: string) {
    return and(eq(webhookEvents.provider, this.provider), eq(webhookEvents.eventId, eventId));
  }
}
