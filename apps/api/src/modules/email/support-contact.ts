/**
 * The store's support contacts as e-mails show them (specification section 9). The same values
 * as `CONTACT` in `apps/web/src/app/layout/contact.ts`, which the api may not import; phone
 * numbers are from the UK ranges Ofcom reserves for fiction until the real ones exist. Their
 * hours have one source shared with the storefront, `@esim/contract/support-hours`, which the
 * e-mail texts (`locales/*.ts`) interpolate.
 */
export const SUPPORT_CONTACT = {
  email: 'support@roamwise.example',
  whatsapp: '+44 7700 900123',
  whatsappHref: 'https://wa.me/447700900123',
  phone: '+44 20 7946 0123',
  phoneHref: 'tel:+442079460123',
} as const;
