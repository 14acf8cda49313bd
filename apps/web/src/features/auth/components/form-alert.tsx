import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A form's own failure (wrong password, too many attempts, no connection), above its submit
 * button and announced as it appears (`role="alert"`); field errors stay next to their fields.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-800"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  );
}
