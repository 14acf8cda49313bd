/** Bulk import (issue 10). */
export default function BulkImportPage() {
  return <h1 className="text-2xl font-bold text-ink">Bulk import</h1>;
}
