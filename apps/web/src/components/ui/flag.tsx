import { Globe2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/**
 * Where the flag images are: `{FLAGS_URL}/{size}/{code}.webp`, made from the flag-icons SVGs by
 * the build (`vite-flag-images.ts`, decision record 0029), rendered on request by the dev server.
 */
const FLAGS_URL = (import.meta.env.FLAGS_URL as string | undefined) ?? '/@flag-images';

/**
 * The URL of a flag image: `small` is 96 x 72 px (for up to 48 x 36 CSS px), `large` 320 x 240 px.
 * `code` is an ISO 3166-1 alpha-2 code, any case.
 */
export function flagUrl(code: string, size: 'small' | 'large' = 'small'): string {
  return `${FLAGS_URL}/${size}/${code.toLowerCase()}.webp`;
}

/**
 * A country flag (a 4:3 WebP image, shown up to 48 x 36 CSS px), or a globe for regions and
 * Global. Decorative: the name is always next to it.
 */
export function Flag({ code, className }: { code: string | null; className?: string }) {
  if (!code) {
    return (
      <span
        aria-hidden="true"
        className={cn('inline-flex items-center justify-center rounded-sm bg-brand-100 text-brand-700', className)}
      >
        <Globe2 className="size-3/4" />
      </span>
    );
  }
  return (
    <img
      src={flagUrl(code)}
      alt=""
      aria-hidden="true"
      loading="lazy"
      decoding="async"
      width={40}
      height={30}
      className={cn('rounded-sm object-cover shadow-sm ring-1 ring-black/5', className)}
    />
  );
}
