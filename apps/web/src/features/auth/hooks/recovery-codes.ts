/**
 * The recovery codes file offered once after two-factor authentication is turned on: a few
 * heading lines (translated by the caller), then one code per line; CRLF-free, with a final
 * newline, so that any text editor shows it as it is.
 */
export function recoveryCodesText(heading: readonly string[], codes: readonly string[]): string {
  return [...heading, '', ...codes, ''].join('\n');
}

/** The file name of the recovery codes: `<brand>-recovery-codes-<username>.txt`, letters, digits, `.`, `_` and `-` only. */
export function recoveryCodesFileName(brand: string, username: string): string {
  const safe = (value: string) =>
    value
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase();
  return [safe(brand), 'recovery-codes', safe(username)].filter(Boolean).join('-') + '.txt';
}

/** Offers `text` as a download named `fileName` (a `blob:` link, allowed by the CSP). */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
