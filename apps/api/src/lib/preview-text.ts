/** A list item's preview of `text`: on one line, cut to `length` characters (the last one an ellipsis). */
export function previewOf(text: string, length: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1).trimEnd()}…` : line;
}
