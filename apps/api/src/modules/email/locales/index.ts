import type { Language } from '@esim/contract/languages';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { tr } from './tr.ts';
import type { EmailStrings } from './types.ts';

export type {
  CommonEmailStrings,
  EmailStrings,
  OrderConfirmationStrings,
  OrderStatusMessage,
  OrderStatusStrings,
  OrderSummaryStrings,
  PasswordResetStrings,
  Plural,
  SupportAcknowledgementStrings,
  SupportMessageStrings,
  TopupReceiptStrings,
} from './types.ts';

/** E-mail texts of every interface language. */
export const EMAIL_STRINGS: Readonly<Record<Language, EmailStrings>> = { en, tr, es, fr, de };
