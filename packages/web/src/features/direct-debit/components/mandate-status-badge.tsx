import { MANDATE_STATUS_LABELS, type MandateStatus } from '@butler/contract/direct-debit';
import { Badge } from '@mantine/core';

const COLORS: Record<MandateStatus, string> = { active: 'teal', revoked: 'gray', expired: 'yellow', closed: 'red' };

/** aktiv / widerrufen / abgelaufen / deaktiviert, coloured and worded (never colour alone). */
export function MandateStatusBadge({ status }: { status: MandateStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {MANDATE_STATUS_LABELS[status]}
    </Badge>
  );
}
