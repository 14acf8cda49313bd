/** Jobs (issue 10). */
export default function JobsPage() {
  return <h1 className="text-2xl font-bold text-ink">Jobs</h1>;
}
