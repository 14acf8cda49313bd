/** Order (issue 10). */
export default function OrderDetailPage() {
  return <h1 className="text-2xl font-bold text-ink">Order</h1>;
}
