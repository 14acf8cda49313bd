/**
 * The avatar's initials (`docs/product-rules.md#storefront-pages`): the first letters of first and last name, or
 * else the first two letters of the username, in capitals. No zod here, so that the header, on
 * every page, can show the avatar without loading the schemas (re-exported by `auth.ts`).
 */
export function initialsOf(user: { firstName: string; lastName: string; username: string }): string {
  const first = [...user.firstName.trim()][0];
  const last = [...user.lastName.trim()][0];
  const letters = first && last ? first + last : [...user.username].slice(0, 2).join('');
  return letters.toLocaleUpperCase();
}
