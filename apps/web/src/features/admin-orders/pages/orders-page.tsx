/** Orders (issue 10). */
export default function OrdersPage() {
  return <h1 className="text-2xl font-bold text-ink">Orders</h1>;
}
