/**
 * Paths without the assistant: the admin area and its first-admin set-up. Their users are the
 * store's staff, who review chat conversations and try questions on the knowledge base screen
 * instead, and a fixed button there would sit over the right-hand actions of admin tables.
 */
export function isChatHiddenOn(path: string): boolean {
  return /^\/(?:admin|setup-admin)(?:\/|$)/.test(path);
}
