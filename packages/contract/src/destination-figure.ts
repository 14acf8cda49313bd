/**
 * How many destinations the store says it sells plans for ("240+ destinations"): one rule,
 * applied to the catalogue's own count, so that every page states the same figure and the
 * figure stays true as the catalogue changes. The storefront computes it from the destinations
 * of `GET /api/countries`, which the server renders from and the browser hydrates with, so both
 * print the same figure. No text carries a number of its own (`apps/api/test/storefront-copy.test.ts`).
 */

/** Figures are multiples of this. */
export const DESTINATION_FIGURE_STEP = 10;

/**
 * The number of destinations with plans of their own: the `local` entries of the destination
 * list (`GET /api/countries`: countries and territories such as Hawaii; the seven regions and
 * Global are not destinations of their own).
 */
export function localDestinationCount(destinations: readonly { type: string }[]): number {
  return destinations.filter((d) => d.type === 'local').length;
}

/**
 * The figure to state for `count` destinations: the largest multiple of
 * {@link DESTINATION_FIGURE_STEP} below `count` (246 → 240, 250 → 240, 251 → 250), written
 * "240+" in English and Turkish and "more than 240" in the other languages ("más de", "plus
 * de", "über"), which is true only when the figure is below the count.
 * @returns undefined for 10 destinations or fewer, or a `count` that is not a whole number of
 *   them: the texts then say no figure.
 */
export function destinationFigure(count: number): number | undefined {
  if (!Number.isSafeInteger(count) || count <= DESTINATION_FIGURE_STEP) return undefined;
  return Math.floor((count - 1) / DESTINATION_FIGURE_STEP) * DESTINATION_FIGURE_STEP;
}

/** {@link destinationFigure} of the local destinations in `destinations` (undefined while there is no list). */
export function destinationFigureOf(destinations: readonly { type: string }[] | undefined): number | undefined {
  return destinations ? destinationFigure(localDestinationCount(destinations)) : undefined;
}
