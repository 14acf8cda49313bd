/**
 * What the orders admin needs from refunds: `PATCH /api/orders/{id}/status` to
 * `refunded` goes through the payment provider by this port, the same path as
 * `POST /api/orders/{id}/refund`. Implemented by `RefundService` (`refund.service.ts`).
 */
export interface OrderRefunder {
  /**
   * Refunds the order in full through its payment provider, under the refund policy of
   * docs/product-rules.md#refunds (full refund within 30 days when no eSIM of the order was
   * activated, read from the eSIM provider first; otherwise only with `override` and a `reason`),
   * cancels its eSIMs at the provider, moves the order to `refunded` (recorded with `actor` and
   * `reason`) and, with `notify`, e-mails the customer (job `order-notification`). A refund never
   * runs twice: one `refunds` row per order, one provider idempotency key per refund.
   * @param actor `admin:<username>`
   * @throws ConflictError 409 `refund_refused` (policy; the message says why), `already_refunded`,
   *   `refund_in_progress`, `invalid_transition`; ValidationError 400 `reason` when overriding
   *   without one; NotFoundError 404 for an unknown order; UpstreamError 502 when the provider fails.
   */
  refundOrder(input: {
    orderNumber: string;
    actor: string;
    reason?: string | undefined;
    override?: boolean | undefined;
    notify?: boolean | undefined;
  }): Promise<{
    orderNumber: string;
    status: 'refunded';
    refund: { amountCents: number; providerReference: string | null };
  }>;
}
