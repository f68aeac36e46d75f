import { Badge } from '@mantine/core';
import { IconCircleCheck, IconCircleMinus } from '@tabler/icons-react';

/** Aktiv/Inaktiv (or Abgelaufen, Deaktiviert) with an icon, not colour alone. */
export function StatusBadge({ active, inactiveLabel = 'Inaktiv' }: { active: boolean; inactiveLabel?: string }) {
  return active ? (
    <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
      Aktiv
    </Badge>
  ) : (
    <Badge color="gray" variant="light" leftSection={<IconCircleMinus size={12} aria-hidden />}>
      {inactiveLabel}
    </Badge>
  );
}
