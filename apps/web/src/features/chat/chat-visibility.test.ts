import { expect, it } from 'vitest';
import { isChatHiddenOn } from './chat-visibility.ts';

it('shows the assistant on storefront pages and hides it in the admin area', () => {
  for (const path of ['/', '/products', '/en/japan', '/portal', '/support', '/administration-fees'])
    expect(isChatHiddenOn(path), path).toBe(false);
  for (const path of ['/admin', '/admin/', '/admin/knowledge-base', '/setup-admin'])
    expect(isChatHiddenOn(path), path).toBe(true);
});
