/** Pricing (issue 10). */
export default function PricingPage() {
  return <h1 className="text-2xl font-bold text-ink">Pricing</h1>;
}
