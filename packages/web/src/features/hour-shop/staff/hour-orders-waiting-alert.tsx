import { Alert, Anchor } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hourOrdersWaitingQuery } from '../api/hour-shop';

/** On the dashboard while lounge orders wait for confirmation (setting "Bestätigung nötig"). */
export function HourOrdersWaitingAlert() {
  const query = useQuery(hourOrdersWaitingQuery);
  const waiting = query.data?.waiting ?? 0;
  if (waiting === 0) return null;
  return (
    <Alert color="yellow" icon={<IconShoppingBag size={20} aria-hidden />} data-testid="hour-orders-waiting">
      {waiting === 1
        ? '1 Stundenbestellung aus der Lounge wartet'
        : `${waiting} Stundenbestellungen aus der Lounge warten`}{' '}
      auf Bestätigung.{' '}
      <Anchor component={Link} to="/admin/stundenbestellungen" fw={600}>
        Jetzt ansehen
      </Anchor>
    </Alert>
  );
}
