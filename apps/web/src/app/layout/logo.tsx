import { BRAND } from '@esim/contract/brand';

/** The store's logo mark and name. */
export function Logo() {
  return (
    <span className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-ink">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" fill="#0f766e" />
        <path
          d="M9 21a9 9 0 0 1 14 0M12 17.5a5 5 0 0 1 8 0"
          stroke="#fff"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
        <circle cx="16" cy="23.5" r="1.8" fill="#fff" />
      </svg>
      {BRAND}
    </span>
  );
}
