import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export type IconAction = { label: string; icon: ReactNode; onClick: () => void; color?: string };

/** Icon buttons of a row or card, each with a German aria-label and tooltip; falsy entries are skipped. */
export function RowIconActions({ actions }: { actions: Array<IconAction | false | null | undefined> }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {actions.filter(Boolean).map((action) => {
        const a = action as IconAction;
        return (
          <Tooltip key={a.label} label={a.label} withArrow openDelay={300}>
            <ActionIcon
              variant="subtle"
              color={a.color ?? 'navy'}
              aria-label={a.label}
              onClick={(event) => {
                event.stopPropagation();
                a.onClick();
              }}
            >
              {a.icon}
            </ActionIcon>
          </Tooltip>
        );
      })}
    </Group>
  );
}
