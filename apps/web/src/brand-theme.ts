import { BRAND_COLOURS, INK_COLOUR } from '@esim/contract/brand';
import plugin from 'tailwindcss/plugin';

/**
 * The brand's colours as Tailwind theme colours (`bg-brand-700`, `text-ink`, ...), loaded by
 * `index.css` (`@plugin`), so the storefront, the e-mails and the page's theme colour share one
 * palette (`@esim/contract/brand`).
 */
export default plugin(() => {}, { theme: { extend: { colors: { brand: BRAND_COLOURS, ink: INK_COLOUR } } } });
