import type { UpcomingBilling } from '@butler/contract/subscription-billing';
import { BILLING_INTERVAL_LABELS } from '@butler/contract/subscriptions';
import { Anchor, Button, Card, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPlayerPause, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { EmptyState, ErrorState } from '../../components/states';
import { formatDate, formatEuro } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import {
  UPCOMING_PAGE_SIZE,
  useBillingSettings,
  useSubscriptionBillingActions,
  useUpcomingBilling,
} from './api/billing';
import { ReasonDialog } from './components/reason-dialog';

const period = (u: UpcomingBilling) =>
  u.period_start === u.period_end
    ? formatDate(u.period_start)
    : `${formatDate(u.period_start)} – ${formatDate(u.period_end)}`;

/**
 * /admin/quickbill/abrechnungen — "Nächste Abrechnungen": what the daily job bills in the
 * next 30 days, each period with "Diesen Zeitraum aussetzen" (reason, audited; decision 0581).
 */
export function UpcomingBillingPage() {
  const [page, setPage] = useState(1);
  const query = useUpcomingBilling(page);
  const settings = useBillingSettings();
  const { skip } = useSubscriptionBillingActions();
  const [skipping, setSkipping] = useState<UpcomingBilling | null>(null);

  const skipButton = (u: UpcomingBilling) => (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={<IconPlayerPause size={14} />}
      onClick={() => setSkipping(u)}
      aria-label={`Zeitraum ${u.label} von ${u.customer_name} aussetzen`}
    >
      Aussetzen
    </Button>
  );
  const columns: Column<UpcomingBilling>[] = [
    { key: 'date', label: 'Abrechnung am', render: (u) => formatDate(u.period_start) },
    {
      key: 'customer',
      label: 'Kunde',
      hideOnCard: true,
      render: (u) => (
        <Anchor component={Link} to={`/admin/customer/${u.customer_id}/details`} size="sm">
          {u.customer_name}
        </Anchor>
      ),
    },
    { key: 'package', label: 'ButlerPaket', render: (u) => u.package_name },
    { key: 'interval', label: 'Abrechnung', render: (u) => BILLING_INTERVAL_LABELS[u.billing_interval] },
    { key: 'period', label: 'Zeitraum', render: (u) => `${u.label} (${period(u)})` },
    { key: 'amount', label: 'Betrag netto', align: 'right', render: (u) => formatEuro(u.amount_net) },
    { key: 'actions', label: 'Aktionen', align: 'right', hideOnCard: true, render: skipButton },
  ];

  const mode = settings.data?.subscription_invoice_mode;
  return (
    <Stack gap="md">
      <PageHeader
        title="Nächste Abrechnungen"
        subtitle="ButlerPaket-Zeiträume, die in den nächsten 30 Tagen automatisch abgerechnet werden"
        actions={
          <>
            <Button component={Link} to="/admin/quickbill" variant="default" leftSection={<IconArrowLeft size={18} />}>
              Quickbill
            </Button>
            <Button
              component={Link}
              to="/admin/quickbill/settings#abrechnung"
              variant="default"
              leftSection={<IconSettings size={18} />}
            >
              Einstellungen
            </Button>
          </>
        }
      />
      {mode && (
        <Text size="sm" c="dimmed">
          {mode === 'send'
            ? 'Die Rechnungen werden am Tag der Abrechnung ausgestellt und per E-Mail versendet.'
            : 'Am Tag der Abrechnung entsteht je Zeitraum ein Rechnungsentwurf zur Prüfung.'}
        </Text>
      )}
      <Card>
        {query.isPending ? (
          <PageLoader text="Lade Abrechnungen..." />
        ) : query.isError ? (
          <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <EmptyState text="In den nächsten 30 Tagen wird kein ButlerPaket abgerechnet." />
        ) : (
          <>
            <ResponsiveList
              rows={query.data.items}
              columns={columns}
              rowKey={(u) => `${u.subscription_id}-${u.period_start}`}
              caption="Nächste Abrechnungen"
              cardTitle={(u) => u.customer_name}
              cardActions={skipButton}
            />
            <Pager page={page} total={query.data.total} pageSize={UPCOMING_PAGE_SIZE} onChange={setPage} />
          </>
        )}
      </Card>
      {skipping && (
        <ReasonDialog
          title="Diesen Zeitraum aussetzen"
          intro={`${skipping.package_name} von ${skipping.customer_name}, ${skipping.label}: Dieser Zeitraum wird nicht abgerechnet, auch nicht später. Der Grund wird protokolliert.`}
          submitLabel="Zeitraum aussetzen"
          mutation={skip}
          onClose={() => setSkipping(null)}
          onSubmit={async ({ reason }) => {
            await skip.mutateAsync({
              subscriptionId: skipping.subscription_id,
              period_start: skipping.period_start,
              reason,
            });
            notifySuccess(`Zeitraum ${skipping.label} ausgesetzt`);
          }}
        />
      )}
    </Stack>
  );
}
