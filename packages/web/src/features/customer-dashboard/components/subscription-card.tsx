import type { CustomerDashboard, Forecast } from '@butler/contract/dashboard';
import type { UsableHours } from '@butler/contract/usable-hours';
import { Button, Center } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClockHour4, IconHistory } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { ForecastNote } from '../../../components/forecast-note';
import { SubscriptionRing } from '../../../components/hours-gauge';
import { MountOnFirstOpen } from '../../../components/mount-on-first-open';
import { UsableHoursBreakdown } from '../../../components/usable-hours';
import { formatDate } from '../../../lib/format';
import { HoursCard } from './hours-card';
import { RecentDeductions } from './recent-deductions';

const HistoryDialog = lazy(async () => ({ default: (await import('./history-dialog')).HistoryDialog }));
// "Paket ändern" and "Verlängern" (decision 0851) come as their own script after the ring.
const PackageChangeSection = lazy(async () => ({
  default: (await import('../package-change/package-change-section')).PackageChangeSection,
}));

type Subscription = NonNullable<CustomerDashboard['subscription']>;

/**
 * The ButlerPaket ring with the hours usable now (decision 0742) and how they come about, the
 * history dialog and the newest deductions.
 */
export function SubscriptionCard({
  subscription,
  usable,
  deductions,
  total,
  allHref,
  forecast,
  customerId,
  adminView = false,
}: {
  subscription: Subscription;
  usable: UsableHours & { butler: NonNullable<UsableHours['butler']> };
  forecast: Forecast | null;
  deductions: CustomerDashboard['subscription_deductions'];
  total: number;
  allHref: string;
  /** The lounge's customer, for "Paket ändern" and "Verlängern"; without it the card shows neither. */
  customerId?: number;
  adminView?: boolean;
}) {
  const [historyOpen, history] = useDisclosure(false);
  const t = useLoungeTexts();
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
        <SubscriptionRing butler={usable.butler} carriedInWords={false} />
      </Center>
      <UsableHoursBreakdown usable={usable} explanation={t.usableExplained(formatDate(usable.butler.term_end))} />
      <ForecastNote forecast={forecast} testId="subscription-forecast" />
      <Center mt="md">
        <Button variant="light" color="blue" leftSection={<IconHistory size={16} aria-hidden />} onClick={history.open}>
          Verlauf anzeigen
        </Button>
      </Center>
      {customerId !== undefined && (
        <Suspense fallback={null}>
          <PackageChangeSection customerId={customerId} adminView={adminView} />
        </Suspense>
      )}
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
