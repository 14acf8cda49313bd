/**
 * `value` for a SQL LIKE / ILIKE pattern that finds it anywhere in a text: its wildcards (`%`, `_`)
 * and the escape character (`\`) taken literally.
 */
export function likeContaining(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
