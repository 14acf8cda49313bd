/** Outbox (issue 10). */
export default function OutboxPage() {
  return <h1 className="text-2xl font-bold text-ink">Outbox</h1>;
}
