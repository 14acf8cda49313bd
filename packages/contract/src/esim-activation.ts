/**
 * eSIM activation helpers (DESIGN.md section 3): the LPA activation code and the iOS and Android
 * install links. Pure and free of zod, so that the storefront's confirmation page stays small;
 * `order.ts` re-exports them.
 */

/**
 * Builds the activation code (LPA string) of an eSIM profile: `LPA:1$<SM-DP+ address>$<matching id>`
 * (GSMA SGP.22 section 4.1). The QR code encodes exactly this string.
 */
export function activationCode(smdpAddress: string, matchingId: string): string {
  return `LPA:1$${smdpAddress}$${matchingId}`;
}

/** Apple's universal link that installs an eSIM on iOS 17.4+ from its LPA string (DESIGN.md section 3). */
export function appleInstallUrl(lpa: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}

/** Android's equivalent install link (DESIGN.md section 3). */
export function androidInstallUrl(lpa: string): string {
  return `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}
