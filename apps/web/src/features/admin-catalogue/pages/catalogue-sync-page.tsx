/** Catalogue sync (issue 10). */
export default function CatalogueSyncPage() {
  return <h1 className="text-2xl font-bold text-ink">Catalogue sync</h1>;
}
