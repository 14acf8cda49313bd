import type { ModuleContext } from '../module-context.ts';
import { EmailLogRepository } from './email-log.repository.ts';
import { emailPreviewRoutes } from './email-preview.routes.ts';

export { createMailer } from './create-mailer.ts';
export type {
  EmailLogRepository as EmailLog,
  EmailMessageRow,
  OutboxFilter,
  OutboxMessageRow,
  OutboxRow,
} from './email-log.repository.ts';
export { EMAIL_TEMPLATES } from './email-templates.ts';
export {
  ORDER_CONFIRMATION_TEMPLATE,
  orderConfirmationDataFromView,
  renderOrderConfirmation,
} from './order-confirmation.tsx';
export { renderOrderStatusEmail } from './order-status.tsx';
export { PASSWORD_RESET_TEMPLATE, passwordResetUrl, renderPasswordReset } from './password-reset.tsx';
export { SUPPORT_ACKNOWLEDGEMENT_TEMPLATE, renderSupportAcknowledgement } from './support-acknowledgement.tsx';
export { SUPPORT_DESK_LANGUAGE, SUPPORT_MESSAGE_TEMPLATE, renderSupportMessage } from './support-message.tsx';
export { TOPUP_RECEIPT_TEMPLATE, renderTopupReceipt } from './topup-receipt.tsx';

/**
 * The store's e-mails (decision records 0006, 0015): the templates the other modules render, their
 * previews at `/email-preview` (development only), the mailer (`createMailer`) and the log of every
 * message it sent or stored (`email_messages`), which the admin Outbox and the e-mail jobs read.
 */
export async function emailModule(ctx: ModuleContext): Promise<{ log: EmailLogRepository }> {
  await ctx.app.register(emailPreviewRoutes, { config: ctx.config });
  return { log: new EmailLogRepository(ctx.database.db) };
}
