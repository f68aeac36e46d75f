import { VISIT_STATE_LABELS, type VisitState } from '@butler/contract/visits';
import { Badge } from '@mantine/core';

export const VISIT_STATE_COLORS: Record<VisitState, string> = {
  planned: 'blue',
  confirmed: 'teal',
  moved: 'yellow',
  done: 'gray',
  cancelled: 'red',
};

/** A visit's state as a word on a colour (never colour alone). */
export function VisitStateBadge({ state, size = 'sm' }: { state: VisitState; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge
      color={VISIT_STATE_COLORS[state]}
      variant="light"
      size={size}
      style={{ textTransform: 'none' }}
      data-testid="visit-state"
    >
      {VISIT_STATE_LABELS[state]}
    </Badge>
  );
}
