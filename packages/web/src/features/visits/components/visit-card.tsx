import { VISIT_KIND_LABELS, type Visit } from '@butler/contract/visits';
import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { peopleList, visitTimeSpan } from '../../../lib/visit-texts';
import classes from './calendar.module.css';
import { visitCardLabel } from './visit-request-rules';
import { VisitStateBadge } from './visit-state-badge';

/**
 * One visit in the week or the day: time, customer, kind, state and who comes, and an open
 * wish of the customer's ("Wunsch"); opens its details.
 */
export function VisitCard({ visit, onOpen }: { visit: Visit; onOpen: (visit: Visit) => void }) {
  const cancelled = visit.state === 'cancelled';
  return (
    <UnstyledButton
      onClick={() => onOpen(visit)}
      className={classes.cardButton}
      aria-label={visitCardLabel(visit)}
      data-testid="visit-card"
    >
      <Paper
        withBorder
        p="xs"
        radius="md"
        className={`${cancelled ? classes.cancelled : classes.card} ${visit.request ? classes.withRequest : ''}`}
        data-state={visit.state}
      >
        <Stack gap={2}>
          <Text size="sm" fw={700} td={cancelled ? 'line-through' : undefined}>
            {visitTimeSpan(visit)}
          </Text>
          <Text size="sm" fw={600} lineClamp={2} className={classes.wrap}>
            {visit.customer_name}
          </Text>
          <Text size="xs" c="dimmed" className={classes.wrap}>
            {/* A narrow week column breaks "Fernwartung/Telefon" after the slash, not inside a word. */}
            {VISIT_KIND_LABELS[visit.kind].replace('/', '/\u200b')}
          </Text>
          {visit.butlers.length > 0 && (
            <Text size="xs" className={classes.wrap} lineClamp={2}>
              {peopleList(visit.butlers.map((b) => b.name))}
            </Text>
          )}
          <Group gap={4}>
            <VisitStateBadge state={visit.state} size="xs" />
            {visit.request && (
              <Badge
                color="orange"
                variant="dot"
                size="xs"
                style={{ textTransform: 'none' }}
                data-testid="visit-card-request"
              >
                Wunsch
              </Badge>
            )}
          </Group>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}
