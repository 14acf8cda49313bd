import { COMPANY, STORE_WEB, SUPPORT_CONTACT } from '@esim/contract/contact';
import { SUPPORT_HOURS_TEXT } from '@esim/contract/support-hours';

/**
 * The store's contact details, shown in the footer and on the contact, support and policy pages:
 * the contract's values (`@esim/contract/contact`, shared with the e-mails and the chat
 * assistant) in one object. `hours` are the support team's and the phone line's, Monday to
 * Friday, as the texts interpolate them (`{{teamHours}}`, `{{phoneHours}}`); `company` is what
 * `company.address` interpolates (`{{name}}`, `{{street}}`, `{{city}}`).
 */
export const CONTACT = {
  ...SUPPORT_CONTACT,
  ...STORE_WEB,
  company: COMPANY,
  hours: SUPPORT_HOURS_TEXT,
} as const;
