import {
  ADMIN_ORDER_SORTS,
  type AdminOrderSort,
  type OrderKind,
  type PaymentMethod,
} from '@esim/contract/admin-orders';
import { ORDER_STATUSES, type OrderStatus } from '@esim/contract/order';

/**
 * The admin orders list's view: filters, search and sort, kept in the address (`/admin/orders?…`)
 * so that a view can be bookmarked, shared and restored by the back button. Empty strings and the
 * default sort are left out of the address.
 */
export interface OrderFilters {
  status: OrderStatus[];
  kind: OrderKind | '';
  method: PaymentMethod | '';
  /** `YYYY-MM-DD` (UTC day, inclusive) or empty. */
  from: string;
  to: string;
  /** A line's country code or region name, or empty. */
  country: string;
  q: string;
  sort: AdminOrderSort;
}

export const DEFAULT_FILTERS: OrderFilters = {
  status: [],
  kind: '',
  method: '',
  from: '',
  to: '',
  country: '',
  q: '',
  sort: 'newest',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COUNTRY = /^[A-Za-z0-9+ -]{2,20}$/;

/**
 * Reads the view from the address's query string; anything the API would refuse is dropped
 * (an old bookmark or a hand-edited link never breaks the screen).
 */
export function readFilters(search: string): OrderFilters {
  const params = new URLSearchParams(search);
  const statuses = params
    .getAll('status')
    .flatMap((s) => s.split(','))
    .filter((s): s is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(s));
  const kind = params.get('kind');
  const method = params.get('method');
  const sort = params.get('sort');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const country = (params.get('country') ?? '').trim();
  return {
    status: ORDER_STATUSES.filter((s) => statuses.includes(s)),
    kind: kind === 'order' || kind === 'topup' ? kind : '',
    method: method === 'card' || method === 'paypal' ? method : '',
    from: DAY.test(from) ? from : '',
    to: DAY.test(to) ? to : '',
    country: COUNTRY.test(country) ? country : '',
    q: (params.get('q') ?? '').trim().slice(0, 100),
    sort: (ADMIN_ORDER_SORTS as readonly string[]).includes(sort ?? '') ? (sort as AdminOrderSort) : 'newest',
  };
}

/** The query string of a view (without `?`): statuses comma-separated, defaults left out. */
export function writeFilters(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status.length > 0) params.set('status', filters.status.join(','));
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.method) params.set('method', filters.method);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.country) params.set('country', filters.country);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params.toString();
}

/** Whether the view narrows the list (anything but the sort). */
export function isFiltered(filters: OrderFilters): boolean {
  return Boolean(
    filters.q ||
    filters.status.length ||
    filters.kind ||
    filters.method ||
    filters.from ||
    filters.to ||
    filters.country,
  );
}

/** Toggles one status in the view's status list, keeping the order of `ORDER_STATUSES`. */
export function toggleStatus(filters: OrderFilters, status: OrderStatus): OrderFilters {
  const on = filters.status.includes(status);
  const next = on ? filters.status.filter((s) => s !== status) : [...filters.status, status];
  return { ...filters, status: ORDER_STATUSES.filter((s) => next.includes(s)) };
}
