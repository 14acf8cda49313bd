/** Dashboard (issue 10). */
export default function DashboardPage() {
  return <h1 className="text-2xl font-bold text-ink">Dashboard</h1>;
}
