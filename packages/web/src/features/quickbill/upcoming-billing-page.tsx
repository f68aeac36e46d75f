import type { UpcomingBilling } from '@butler/contract/subscription-billing';
import { BILLING_INTERVAL_LABELS } from '@butler/contract/subscriptions';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconFileInvoice, IconPlayerPause, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { EmptyState, ErrorState } from '../../components/states';
import { errorText } from '../../lib/api-client';
import { formatDate, formatEuro } from '../../lib/format';
import { mailToast, useMailSetup } from '../../lib/mail-setup';
import { notifyError, notifySuccess } from '../../lib/notify';
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
 * /admin/quickbill/abrechnungen — "Nächste Abrechnungen": what is due and what the daily job
 * bills in the next 30 days; a due period with "Jetzt abrechnen" (decision 0757), each with
 * "Diesen Zeitraum aussetzen" (reason, audited; decision 0581).
 */
export function UpcomingBillingPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const query = useUpcomingBilling(page);
  const settings = useBillingSettings();
  const mailSetup = useMailSetup().data;
  const { skip, billNow } = useSubscriptionBillingActions();
  const [skipping, setSkipping] = useState<UpcomingBilling | null>(null);
  const [confirming, setConfirming] = useState<UpcomingBilling | null>(null);
  const mode = settings.data?.subscription_invoice_mode;

  const bill = async (u: UpcomingBilling) => {
    const result = await billNow.mutateAsync({ subscriptionId: u.subscription_id, period_start: u.period_start });
    notifySuccess(
      result.status === 'draft'
        ? `Rechnungsentwurf für ${u.customer_name}, ${u.label} erstellt: prüfen und senden`
        : mailToast(
            mailSetup,
            `Rechnung für ${u.customer_name}, ${u.label} versendet`,
            `Rechnung für ${u.customer_name} ausgestellt`,
          ),
    );
    navigate(`/admin/quickbill/invoices/${result.invoice_id}`);
  };
  const billButton = (u: UpcomingBilling) => (
    <Button
      size="compact-sm"
      leftSection={<IconFileInvoice size={14} />}
      loading={billNow.isPending && billNow.variables?.subscriptionId === u.subscription_id}
      disabled={billNow.isPending}
      onClick={() =>
        mode === 'send'
          ? setConfirming(u)
          : void bill(u).catch((cause) => notifyError(errorText(cause, 'Die Rechnung konnte nicht erstellt werden')))
      }
      aria-label={`${u.label} von ${u.customer_name} jetzt abrechnen`}
    >
      Jetzt abrechnen
    </Button>
  );
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
  const actions = (u: UpcomingBilling) => (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {u.due && billButton(u)}
      {skipButton(u)}
    </Group>
  );
  const columns: Column<UpcomingBilling>[] = [
    {
      key: 'date',
      label: 'Abrechnung am',
      render: (u) =>
        u.due ? (
          <Group gap={6} wrap="nowrap">
            <Badge color="orange" variant="light">
              Fällig
            </Badge>
            <span>{formatDate(u.period_start)}</span>
          </Group>
        ) : (
          formatDate(u.period_start)
        ),
    },
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
    {
      key: 'period',
      label: 'Zeitraum',
      // The month on one line, its dates below: in a narrow column "Dezember 2026 (01.12.2026 –
      // 31.12.2026)" broke into three ragged lines.
      render: (u) => (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {u.label}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {period(u)}
          </Text>
        </Stack>
      ),
    },
    { key: 'amount', label: 'Betrag netto', align: 'right', render: (u) => formatEuro(u.amount_net) },
    { key: 'actions', label: 'Aktionen', align: 'right', hideOnCard: true, render: actions },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Nächste Abrechnungen"
        subtitle="ButlerPaket-Zeiträume, die fällig sind oder in den nächsten 30 Tagen automatisch abgerechnet werden"
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
            : 'Am Tag der Abrechnung entsteht je Zeitraum ein Rechnungsentwurf zur Prüfung.'}{' '}
          Fällige Zeiträume rechnen Sie mit „Jetzt abrechnen“ sofort ab; die tägliche Abrechnung erstellt dann keine
          zweite Rechnung.
        </Text>
      )}
      <Card>
        {query.isPending ? (
          <PageLoader text="Lade Abrechnungen..." />
        ) : query.isError ? (
          <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <EmptyState text="Nichts fällig, und in den nächsten 30 Tagen wird kein ButlerPaket abgerechnet." />
        ) : (
          <>
            <ResponsiveList
              rows={query.data.items}
              columns={columns}
              rowKey={(u) => `${u.subscription_id}-${u.period_start}`}
              caption="Nächste Abrechnungen"
              cardTitle={(u) => u.customer_name}
              cardActions={actions}
            />
            <Pager page={page} total={query.data.total} pageSize={UPCOMING_PAGE_SIZE} onChange={setPage} />
          </>
        )}
      </Card>
      <ConfirmDialog
        opened={confirming !== null}
        title="Rechnung ausstellen und senden?"
        message={
          confirming
            ? `${confirming.package_name} von ${confirming.customer_name}, ${confirming.label}: Die Rechnung wird jetzt mit der nächsten Rechnungsnummer ausgestellt und per E-Mail an den Kunden gesendet (Einstellung „ButlerPaket-Rechnungen: sofort ausstellen und versenden“).`
            : ''
        }
        confirmLabel="Ausstellen und senden"
        errorFallback="Die Rechnung konnte nicht erstellt werden"
        onConfirm={() => bill(confirming!)}
        onClose={() => setConfirming(null)}
      />
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
