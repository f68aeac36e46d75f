import type { HourFigures, MonthlyCustomerCard as MonthlyCard } from '@butler/contract/admin-dashboard';
import type { TripMonth } from '@butler/contract/visits';
import { usedPercent } from '@butler/contract/workload';
import { ActionIcon, Card, Group, RingProgress, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCar, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { NEGATIVE_TEXT } from '../../../app/theme';
import { formatNumber } from '../../../lib/format';
import { MINUS } from '../../../lib/hours';
import { usePhone } from '../../../lib/use-phone';
import { tripsCount } from '../../../lib/visit-texts';

/** More trips done than the month allows (its own and the carried ones). */
const over = (t: TripMonth) => t.allotted !== null && t.used > t.allotted + t.carried_over;

function Figures({ label, color, figures }: { label: string; color: string; figures: HourFigures }) {
  // SPEC: the ring shows 100 − used percent (the open share).
  const open = Math.max(0, Math.min(100, 100 - usedPercent(figures.hours_used, figures.hours_total)));
  const over = figures.hours_open < 0;
  return (
    <Group wrap="nowrap" gap="md" data-testid={`monthly-${color === 'blue' ? 'butler' : 'packages'}`}>
      <RingProgress
        size={84}
        thickness={9}
        roundCaps
        rootColor="var(--mantine-color-gray-1)"
        sections={[{ value: open, color }]}
        label={
          <Text ta="center" size="xs" fw={700} c={`${color}.8`}>
            {Math.round(open)}&nbsp;%
          </Text>
        }
      />
      <Stack gap={0} miw={0}>
        <Text fw={600} size="sm" c="navy.9">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          Gesamt {formatNumber(figures.hours_total)} h
        </Text>
        <Text size="xs" c="dimmed">
          Verbraucht {formatNumber(figures.hours_used)} h
        </Text>
        <Text size="xs" fw={600} c={over ? NEGATIVE_TEXT : 'teal.9'}>
          Offen {over ? `${MINUS}${formatNumber(-figures.hours_open)}` : formatNumber(figures.hours_open)} h
        </Text>
      </Stack>
    </Group>
  );
}

/** One customer of the monthly view: rings only for types with hours that month. */
export function MonthlyCustomerCard({ customer }: { customer: MonthlyCard }) {
  const navigate = useNavigate();
  const phone = usePhone();
  const open = () => navigate(`/admin/customers/${customer.id}/view`);
  const body = (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate>
          {customer.name}
        </Text>
        {!phone && (
          <Tooltip label="Kunde anzeigen">
            <ActionIcon
              variant="light"
              size="lg"
              radius="xl"
              aria-label={`Kunde ${customer.name} anzeigen`}
              onClick={open}
            >
              <IconUser size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {customer.butler_packages.hours_total > 0 && (
        <Figures label="BUTLER-Stunden" color="blue" figures={customer.butler_packages} />
      )}
      {customer.hour_packages.hours_total > 0 && (
        <Figures label="Stundenpakete" color="orange" figures={customer.hour_packages} />
      )}
      {customer.trips && (
        <Group gap={6} wrap="nowrap" data-testid="monthly-trips">
          <IconCar size={16} aria-hidden color="var(--mantine-color-navy-7)" />
          <Text size="sm" c={over(customer.trips) ? NEGATIVE_TEXT : undefined}>
            Fahrten: {tripsCount(customer.trips)}
          </Text>
        </Group>
      )}
    </Stack>
  );
  return (
    <Card h="100%" data-testid="monthly-customer" padding="md">
      {phone ? (
        <UnstyledButton onClick={open} w="100%" aria-label={`Kunde ${customer.name} anzeigen`}>
          {body}
        </UnstyledButton>
      ) : (
        body
      )}
    </Card>
  );
}
