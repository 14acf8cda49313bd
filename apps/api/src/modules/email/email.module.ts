import type { ModuleContext } from '../module-context.ts';
import { emailPreviewRoutes } from './email-preview.routes.ts';

/**
 * The store's e-mails (decision record 0015): the templates the other modules render, and their
 * previews at `/email-preview` (development only).
 */
export async function emailModule(ctx: ModuleContext): Promise<void> {
  await ctx.app.register(emailPreviewRoutes, { config: ctx.config });
}
