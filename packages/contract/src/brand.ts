/** The store's name, as shown in the logo, titles and e-mails. */
export const BRAND = 'Roamwise';
