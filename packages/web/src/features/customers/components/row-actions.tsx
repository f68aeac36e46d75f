import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export type RowAction = { label: string; icon: ReactNode; onClick: () => void; color?: string };

/** Icon buttons of a table row or card; each has a German aria-label and tooltip. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {actions.map((action) => (
        <Tooltip key={action.label} label={action.label} withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            color={action.color ?? 'navy'}
            aria-label={action.label}
            onClick={(event) => {
              event.stopPropagation();
              action.onClick();
            }}
          >
            {action.icon}
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
