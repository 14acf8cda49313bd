import { BRAND } from './brand.ts';

/**
 * The store's contact details as the storefront, the e-mails and the chat assistant show them:
 * the one source of each value (the support hours are in `support-hours.ts`). Phone numbers are
 * from the UK ranges Ofcom reserves for fiction until the real ones exist; `*Href` are the same
 * numbers as `tel:` and WhatsApp links.
 */
export const SUPPORT_CONTACT = {
  email: 'support@roamwise.example',
  phone: '+44 20 7946 0123',
  phoneHref: 'tel:+442079460123',
  whatsapp: '+44 7700 900123',
  whatsappHref: 'https://wa.me/447700900123',
} as const;

/** The store's own web addresses: `website` as shown (no scheme), `blogHref` as linked. */
export const STORE_WEB = {
  website: 'www.roamwise.example',
  blogHref: 'https://blog.roamwise.example/',
} as const;

/**
 * The company behind the store and its postal address, as the footer and the contact page show
 * it. The country is a text of each language (`company.address` in `common.json`), which
 * interpolates these three as `{{name}}`, `{{street}}` and `{{city}}`.
 */
export const COMPANY = {
  name: `${BRAND} Ltd`,
  street: '12 Harbour Lane',
  city: 'London E1 6AN',
} as const;
