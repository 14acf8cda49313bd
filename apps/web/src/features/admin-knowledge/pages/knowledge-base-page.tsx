import { AdminPage } from '../../admin/components/admin-page.tsx';

/** Placeholder, replaced in issue 11. */
export default function Page() {
  return <AdminPage title="…">{null}</AdminPage>;
}
