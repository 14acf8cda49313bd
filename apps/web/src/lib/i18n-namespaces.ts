/**
 * Translation namespaces, one per feature (a screen downloads only its own texts), plus those of shared components:
 * `common` (layout, copy buttons, form fields), `payment` (card and PayPal fields) and `esim`
 * (eSIM install details).
 */
export const NAMESPACES = [
  'common',
  'catalog',
  'content',
  'cart',
  'checkout',
  'portal',
  'payment',
  'esim',
  'auth',
  // The admin area: the shell, dashboard, outbox and jobs; and one per part.
  'admin',
  'admin-orders',
  'admin-pricing',
  'admin-catalogue',
  'admin-refunds',
  // The chat assistant: the widget; the knowledge base; support messages and chat conversations.
  'chat',
  'admin-knowledge',
  'admin-support',
] as const;
