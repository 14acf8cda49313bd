import { fold } from './fold.ts';

/**
 * The store's eSIM device list, maintained here, so the assistant can say whether a device supports
 * eSIM (docs/product-rules.md#fulfilment-and-delivery-of-the-esim-profile).
 *
 * Sources: the families the storefront names ("iPhone XS/XR and later, Galaxy S20 and later,
 * Pixel 3 and later and others"); the manufacturers' own lists (Apple "Using eSIM on iPhone" / "iPad models
 * that support eSIM", Samsung's Galaxy eSIM list, Google "Use an eSIM on your Pixel phone"). Whatever the model, the
 * phone must be carrier-unlocked, and regional variants differ (mainland-China iPhones, some
 * Chinese and Hong Kong Galaxy models, some Japanese Pixel 3a).
 *
 * Update this table when a new family ships; `devices.test.ts` pins the rules.
 */

/** Whether a device supports eSIM: clearly yes, clearly no, or not known from the list. */
export type DeviceVerdict = 'yes' | 'no' | 'unknown';

/** A caveat added to a verdict (texts in `texts.ts`). */
export type DeviceNote = 'chinaIphone' | 'galaxyRegions' | 'pixel3a' | 'iphoneSe' | 'ipadCellular' | 'regional';

/** What the device list says about a device named in a message. */
export interface DeviceAnswer {
  /** The device as the reply names it, e.g. "iPhone 12 mini", "Galaxy S23 Ultra". */
  device: string;
  verdict: DeviceVerdict;
  notes: DeviceNote[];
  /** True when only the family is named, not a model ("iPad"). */
  generic?: boolean;
}

/** Galaxy A models with eSIM (A-series support is per model: Samsung's list). */
const GALAXY_A_ESIM = new Set([34, 35, 36, 54, 55, 56]);
/** Xiaomi models with eSIM. */
const XIAOMI_ESIM =
  /^(12t pro|13( pro| ultra| lite| t| t pro)?|14( pro| ultra| t| t pro)?|15( pro| ultra| t| t pro)?)$/;

const title = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

function iphone(rest: string): DeviceAnswer | undefined {
  const m =
    /^\s?(\d{1,2}|xs|xr|x|se|air)(?:\s?(pro max|pro|max|plus|mini|e|s|c)\b)?(?:\s?(?:\(?(20\d\d)\)?|\(?\s?(\d)\s?(?:st|nd|rd|th|\.|e|eme|ème|a|o|te)?\s?(?:gen\w*|nesil|generaci\w*|g[eé]n[eé]ration)?))?/.exec(
      rest,
    );
  if (!m) return undefined;
  const model = m[1]!;
  const variant = m[2] ? (m[2] === 'e' ? 'e' : ` ${title(m[2])}`) : '';
  const name = `iPhone ${model.length <= 2 && /^[a-z]+$/.test(model) ? model.toUpperCase() : title(model)}${variant}`;
  if (model === 'se') {
    const generation = m[3] ? { 2016: 1, 2020: 2, 2022: 3 }[Number(m[3])] : m[4] ? Number(m[4]) : undefined;
    if (generation === undefined) return { device: name, verdict: 'yes', notes: ['iphoneSe', 'chinaIphone'] };
    return generation >= 2
      ? {
          device: `${name} (${generation}${generation === 2 ? 'nd' : 'rd'} gen)`,
          verdict: 'yes',
          notes: ['chinaIphone'],
        }
      : { device: `${name} (1st gen)`, verdict: 'no', notes: [] };
  }
  if (model === 'xs' || model === 'xr' || model === 'air')
    return { device: name, verdict: 'yes', notes: ['chinaIphone'] };
  if (model === 'x') return { device: name, verdict: 'no', notes: [] };
  const n = Number(model);
  if (n >= 11 && n <= 30) return { device: name, verdict: 'yes', notes: ['chinaIphone'] };
  if (n >= 3 && n <= 8) return { device: name, verdict: 'no', notes: [] };
  return undefined;
}

function galaxy(rest: string): DeviceAnswer | undefined {
  const m = /^\s?(z\s?fold|z\s?flip|fold|flip|note\s?|s|a)\s?(\d{1,2})?(?:\s?(ultra|plus|\+|fe|lite|5g))?/.exec(rest);
  if (!m) return undefined;
  const family = m[1]!.replace(/\s/g, '');
  const n = m[2] ? Number(m[2]) : undefined;
  const variant = m[3] ? ` ${m[3] === '+' ? '+' : title(m[3])}` : '';
  if (family === 'zfold' || family === 'fold' || family === 'zflip' || family === 'flip') {
    const base = family.endsWith('fold') ? 'Z Fold' : 'Z Flip';
    return { device: `Galaxy ${base}${n ? n : ''}${variant}`, verdict: 'yes', notes: ['galaxyRegions'] };
  }
  if (n === undefined) return undefined;
  if (family === 's') {
    const device = `Galaxy S${n}${variant}`;
    if (n >= 20 && n <= 40) return { device, verdict: 'yes', notes: ['galaxyRegions'] };
    if (n <= 10) return { device, verdict: 'no', notes: [] };
    return undefined;
  }
  if (family === 'note') {
    const device = `Galaxy Note${n}${variant}`;
    if (n === 20) return { device, verdict: 'yes', notes: ['galaxyRegions'] };
    if (n <= 10) return { device, verdict: 'no', notes: [] };
    return undefined;
  }
  const device = `Galaxy A${n}${variant}`;
  return GALAXY_A_ESIM.has(n)
    ? { device, verdict: 'yes', notes: ['galaxyRegions'] }
    : { device, verdict: 'unknown', notes: [] };
}

function pixel(rest: string): DeviceAnswer | undefined {
  const m = /^\s?(fold|\d{1,2})(?:\s?(a|xl|pro xl|pro fold|pro))?(?:\s?(xl|5g))?/.exec(rest);
  if (!m) return undefined;
  if (m[1] === 'fold') return { device: 'Pixel Fold', verdict: 'yes', notes: [] };
  const n = Number(m[1]);
  const variant = m[2] ? (m[2] === 'a' ? 'a' : ` ${m[2] === 'xl' ? 'XL' : title(m[2]).replace('Xl', 'XL')}`) : '';
  const device = `Pixel ${n}${variant}${m[3] && m[2] === 'a' ? ` ${m[3].toUpperCase()}` : ''}`;
  if (n === 3) return { device, verdict: 'yes', notes: [m[2] === 'a' ? 'pixel3a' : 'regional'] };
  if (n >= 4 && n <= 30) return { device, verdict: 'yes', notes: [] };
  if (n <= 2) return { device, verdict: 'no', notes: [] };
  return undefined;
}

/** Families recognised by name, in the order they are tried. Each returns undefined when the model is not recognised. */
const FAMILIES: readonly { pattern: RegExp; parse: (rest: string, text: string) => DeviceAnswer | undefined }[] = [
  { pattern: /\bi\s?phone/, parse: iphone },
  { pattern: /\bipad/, parse: () => ({ device: 'iPad', verdict: 'yes', notes: ['ipadCellular'], generic: true }) },
  { pattern: /\b(?:samsung\s)?galaxy/, parse: galaxy },
  { pattern: /\bsamsung(?=\s(?:z\s?fold|z\s?flip|note\s?\d|s\s?\d|a\s?\d))/, parse: galaxy },
  { pattern: /\b(?:google\s)?pixel/, parse: pixel },
  {
    pattern: /\bhuawei/,
    parse: (rest) => {
      const m = /^\s?(p\s?40(?: pro\+?)?|mate\s?40 pro|p\s?\d+[\w ]*|mate\s?\d+[\w ]*)/.exec(rest);
      if (!m) return undefined;
      const model = m[1]!
        .trim()
        .replace(/^(p|mate)\s?(\d)/, '$1$2')
        .replace(/^mate(\d)/, 'mate $1');
      if (/^p40( pro)?$/.test(model) || model === 'mate 40 pro')
        return { device: `Huawei ${title(model)}`, verdict: 'yes', notes: ['regional'] };
      return { device: `Huawei ${title(model)}`, verdict: 'unknown', notes: [] };
    },
  },
  {
    pattern: /\b(?:motorola|moto)/,
    parse: (rest) => {
      const m = /^\s?(razr[\w ]*|edge\s?\+?\s?(?:\d{2,4})?[\w ]*|g\s?\d+[\w ]*)/.exec(rest);
      if (!m) return undefined;
      const model = m[1]!.trim();
      if (model.startsWith('razr') || /^edge\s?(\+|4\d|5\d|2023|2024)/.test(model))
        return { device: `Motorola ${title(model)}`, verdict: 'yes', notes: ['regional'] };
      return { device: `Motorola ${title(model)}`, verdict: 'unknown', notes: [] };
    },
  },
  {
    pattern: /\bxiaomi/,
    parse: (rest) => {
      const m = /^\s?(\d{2}t? ?(?:pro|ultra|lite|t pro|t)?|redmi[\w ]*|poco[\w ]*)/.exec(rest);
      if (!m) return undefined;
      const model = m[1]!.trim().replace(/(\d)t\b/, '$1 t');
      return {
        device: `Xiaomi ${title(m[1]!.trim())}`,
        verdict: XIAOMI_ESIM.test(model) ? 'yes' : 'unknown',
        notes: XIAOMI_ESIM.test(model) ? ['regional'] : [],
      };
    },
  },
  {
    pattern: /\boppo/,
    parse: (rest) => {
      const m = /^\s?find\s?x\s?(\d)( pro)?/.exec(rest);
      if (!m) return undefined;
      const n = Number(m[1]);
      const device = `Oppo Find X${n}${m[2] ? ' Pro' : ''}`;
      return n >= 5 || (n === 3 && m[2])
        ? { device, verdict: 'yes', notes: ['regional'] }
        : { device, verdict: 'unknown', notes: [] };
    },
  },
  {
    pattern: /\b(?:sony\s)?xperia/,
    parse: (rest) => {
      const m = /^\s?(1|5|10)\s?(ii|iii|iv|v|vi|vii)?\b/.exec(rest);
      if (!m) return undefined;
      const roman = ['ii', 'iii', 'iv', 'v', 'vi', 'vii'].indexOf(m[2] ?? '') + 2;
      const device = `Sony Xperia ${m[1]}${m[2] ? ` ${m[2].toUpperCase()}` : ''}`;
      const min = m[1] === '10' ? 3 : 4;
      return m[2] && roman >= min
        ? { device, verdict: 'yes', notes: ['regional'] }
        : { device, verdict: 'unknown', notes: [] };
    },
  },
  {
    pattern: /\bfairphone/,
    parse: (rest) => {
      const m = /^\s?(\d)/.exec(rest);
      if (!m) return undefined;
      const n = Number(m[1]);
      return { device: `Fairphone ${n}`, verdict: n >= 4 ? 'yes' : 'no', notes: [] };
    },
  },
  {
    pattern: /\boneplus/,
    parse: (rest) => {
      const m = /^\s?(\d{1,2})(\s?pro|t)?/.exec(rest);
      if (!m) return undefined;
      const n = Number(m[1]);
      const device = `OnePlus ${n}${m[2] ? (m[2] === 't' ? 'T' : ' Pro') : ''}`;
      return n >= 11 ? { device, verdict: 'yes', notes: ['regional'] } : { device, verdict: 'unknown', notes: [] };
    },
  },
];

/**
 * The device a message names and what the list says about it, or `undefined` when it names no
 * recognised model ("my phone", "Samsung" alone). Case, accents and spacing do not matter
 * ("iphone12", "Galaxy s 23", "pixel 7a").
 * @example findDevice('Is my Pixel 6 compatible?') // { device: 'Pixel 6', verdict: 'yes', notes: [] }
 * @example findDevice('iPhone X eSIM?') // { device: 'iPhone X', verdict: 'no', notes: [] }
 */
export function findDevice(message: string): DeviceAnswer | undefined {
  const text = fold(message)
    .replace(/[^\p{L}\p{N}+]+/gu, ' ')
    .replace(/(\p{L})(\d)/gu, '$1 $2')
    .replace(/\s+/g, ' ');
  for (const family of FAMILIES) {
    const match = family.pattern.exec(text);
    if (!match) continue;
    const found = family.parse(text.slice(match.index + match[0].length), text);
    if (found) return found;
  }
  return undefined;
}
