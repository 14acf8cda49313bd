/** Audit log (issue 10). */
export default function AuditPage() {
  return <h1 className="text-2xl font-bold text-ink">Audit log</h1>;
}
