import type { OrderStatus } from '@esim/contract/order';
import { Badge, orderStatusTone } from '../../../admin-kit/components/badge.tsx';
import { useStatusLabel } from '../api/get-order-statuses.ts';

/** An order status as a coloured pill, named in the interface language (the server's labels). */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  const label = useStatusLabel();
  return (
    <Badge tone={orderStatusTone(status)} className={className}>
      {label(status)}
    </Badge>
  );
}
