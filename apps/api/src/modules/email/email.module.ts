import type { ModuleContext } from '../module-context.ts';
import { emailPreviewRoutes } from './email-preview.routes.ts';

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
 * The store's e-mails (decision record 0015): the templates the other modules render, and their
 * previews at `/email-preview` (development only).
 */
export async function emailModule(ctx: ModuleContext): Promise<void> {
  await ctx.app.register(emailPreviewRoutes, { config: ctx.config });
}
