import type { CustomerDashboard, Forecast } from '@butler/contract/dashboard';
import { Button, Center } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClockHour4, IconHistory } from '@tabler/icons-react';
import { lazy } from 'react';
import { ForecastNote } from '../../../components/forecast-note';
import { SubscriptionRing } from '../../../components/hours-gauge';
import { MountOnFirstOpen } from '../../../components/mount-on-first-open';
import { UsableHours } from '../../../components/usable-hours';
import { formatDate } from '../../../lib/format';
import { HoursCard } from './hours-card';
import { RecentDeductions } from './recent-deductions';

const HistoryDialog = lazy(async () => ({ default: (await import('./history-dialog')).HistoryDialog }));

type Subscription = NonNullable<CustomerDashboard['subscription']>;

/** The subscription ring of the current period, the history dialog and the newest deductions. */
export function SubscriptionCard({
  subscription,
  deductions,
  total,
  allHref,
  forecast,
}: {
  subscription: Subscription;
  forecast: Forecast | null;
  deductions: CustomerDashboard['subscription_deductions'];
  total: number;
  allHref: string;
}) {
  const [historyOpen, history] = useDisclosure(false);
  return (
    <HoursCard
      icon={<IconClockHour4 size={22} aria-hidden />}
      color="blue"
      title="BUTLER-Stunden"
      subtitle={`Aktueller Monat: ${formatDate(subscription.current_period_start)} – ${formatDate(subscription.current_period_end)}`}
      badge={subscription.template_name || 'Individuell'}
      testId="subscription-card"
    >
      <Center py="xs">
        <SubscriptionRing monthlyHours={subscription.monthly_hours} usedHours={subscription.current_month_hours_used} />
      </Center>
      <UsableHours monthRemaining={subscription.current_month_hours_remaining} usable={subscription.total_balance} />
      <ForecastNote forecast={forecast} testId="subscription-forecast" />
      <Center mt="md">
        <Button variant="light" color="blue" leftSection={<IconHistory size={16} aria-hidden />} onClick={history.open}>
          Verlauf anzeigen
        </Button>
      </Center>
      <RecentDeductions
        title="Letzte Abbuchungen"
        entries={deductions}
        total={total}
        allHref={allHref}
        emptyText="Noch keine Stunden abgebucht."
      />
      <MountOnFirstOpen opened={historyOpen}>
        <HistoryDialog subscriptionId={subscription.id} opened={historyOpen} onClose={history.close} />
      </MountOnFirstOpen>
    </HoursCard>
  );
}
