/**
 * The store's contact details, shown in the footer and on the contact, support and policy pages.
 * Phone numbers are from the UK ranges reserved for fiction (Ofcom) until the real ones exist.
 */
export const CONTACT = {
  email: 'support@roamwise.example',
  phone: '+44 20 7946 0123',
  phoneHref: 'tel:+442079460123',
  whatsapp: '+44 7700 900123',
  whatsappHref: 'https://wa.me/447700900123',
  website: 'www.roamwise.example',
  blogHref: 'https://blog.roamwise.example/',
} as const;
