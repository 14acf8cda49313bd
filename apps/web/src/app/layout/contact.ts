import { SUPPORT_HOURS_TEXT } from '@esim/contract/support-hours';

/**
 * The store's contact details, shown in the footer and on the contact, support and policy pages.
 * Phone numbers are from the UK ranges reserved for fiction (Ofcom) until the real ones exist.
 * `hours` are the support team's and the phone line's, Monday to Friday, from their one source
 * (`@esim/contract/support-hours`), as the texts interpolate them (`{{teamHours}}`, `{{phoneHours}}`).
 */
export const CONTACT = {
  email: 'support@roamwise.example',
  phone: '+44 20 7946 0123',
  phoneHref: 'tel:+442079460123',
  whatsapp: '+44 7700 900123',
  whatsappHref: 'https://wa.me/447700900123',
  website: 'www.roamwise.example',
  blogHref: 'https://blog.roamwise.example/',
  hours: SUPPORT_HOURS_TEXT,
} as const;
