/** The store's name, as shown in the logo, titles and e-mails. */
export const BRAND = 'Roamwise';

/**
 * The brand's teal, shade by shade (Tailwind's scale: 50 lightest, 900 darkest): the storefront's
 * `brand-*` colours (`apps/web/src/brand-theme.ts`) and the e-mails' accents.
 */
export const BRAND_COLOURS = {
  50: '#f0fdfa',
  100: '#ccfbf1',
  200: '#99f6e4',
  500: '#14b8a6',
  600: '#0d9488',
  700: '#0f766e',
  800: '#115e59',
  900: '#134e4a',
} as const;

/** The colour of body text (the storefront's `ink`, the e-mails' text). */
export const INK_COLOUR = '#0f172a';

/** The browser's theme colour (`<meta name="theme-color">`): the brand's main shade. */
export const THEME_COLOUR = BRAND_COLOURS[700];
