/**
 * eSIM activation helpers: the LPA activation code and the iOS and Android
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

/** What installs one eSIM: its ICCID (19-20 digits) and SM-DP+ address, matching id and LPA string. */
export interface EsimInstallDetails {
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  /** `LPA:1$<smdpAddress>$<matchingId>` (GSMA SGP.22); the QR code encodes it. */
  activationCode: string;
}

/**
 * An eSIM's install details, or null when the API withheld them (it sends them null once the
 * eSIM's order was refunded; `order.ts`, `portal.ts`).
 */
export function installDetailsOf(esim: {
  iccid: string;
  smdpAddress: string | null;
  matchingId: string | null;
  activationCode: string | null;
}): EsimInstallDetails | null {
  const { iccid, smdpAddress, matchingId, activationCode } = esim;
  if (smdpAddress === null || matchingId === null || activationCode === null) return null;
  return { iccid, smdpAddress, matchingId, activationCode };
}

/** Apple's universal link that installs an eSIM on iOS 17.4+ from its LPA string. */
export function appleInstallUrl(lpa: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}

/** Android's equivalent install link. */
export function androidInstallUrl(lpa: string): string {
  return `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}
