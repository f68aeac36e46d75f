import type { SubscriptionBilling } from '@butler/contract/subscription-billing';
import { BILLING_INTERVAL_LABELS, type Subscription } from '@butler/contract/subscriptions';
import { Badge, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { formatDate, MONTH_NAMES } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { usePhone } from '../../../lib/use-phone';
import { useSubscriptionBilling, useSubscriptionBillingActions } from '../api/billing';
import { BilledChip } from './billed-chip';
import { ReasonDialog } from './reason-dialog';

type Month = SubscriptionBilling['months'][number];

const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

function State({ m }: { m: Month }) {
  if (m.state === 'invoiced' && m.invoice_id)
    return <BilledChip invoiceId={m.invoice_id} invoiceNumber={m.invoice_number} />;
  if (m.state === 'skipped')
    return (
      <Text size="sm" component="div">
        <Badge variant="outline" color="orange" style={{ textTransform: 'none' }}>
          ausgesetzt
        </Badge>{' '}
        {m.reason}
      </Text>
    );
  if (m.state === 'released')
    return (
      <Badge variant="outline" color="gray" style={{ textTransform: 'none' }}>
        storniert, offen
      </Badge>
    );
  return (
    <Text size="sm" c="dimmed">
      noch nicht abgerechnet
    </Text>
  );
}

/**
 * "Abrechnung" of one ButlerPaket: each month of its term with its invoice ("verrechnet:
 * 2026-0030"), skipped with reason, or open; an open month from the billing start on can
 * be skipped ("Diesen Zeitraum aussetzen", decision 0581).
 */
export function SubscriptionBillingDialog({
  subscription,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const phone = usePhone();
  const query = useSubscriptionBilling(subscription.id, true);
  const { skip } = useSubscriptionBillingActions();
  const [skipping, setSkipping] = useState<Month | null>(null);

  return (
    <Modal opened onClose={onClose} title="Abrechnung des ButlerPakets" fullScreen={phone} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {BILLING_INTERVAL_LABELS[subscription.billing_interval]}
          {subscription.auto_renew ? ' · verlängert sich automatisch' : ''}
          {query.data ? ` · automatisch ab ${formatDate(query.data.billing_starts_on)}` : ''}
        </Text>
        {query.isPending ? (
          <PageLoader text="Lade Abrechnung..." />
        ) : query.isError ? (
          <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
        ) : (
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Monat</Table.Th>
                <Table.Th>Abrechnung</Table.Th>
                <Table.Th ta="right">
                  <VisuallyHidden>Aktionen</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.months.map((m) => {
                return (
                  <Table.Tr key={m.month}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{monthName(m.month)}</Table.Td>
                    <Table.Td>
                      <State m={m} />
                    </Table.Td>
                    <Table.Td ta="right">
                      {m.skippable && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="orange"
                          leftSection={<IconPlayerPause size={12} />}
                          onClick={() => setSkipping(m)}
                          aria-label={`${monthName(m.month)} aussetzen`}
                        >
                          Aussetzen
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Schließen
          </Button>
        </Group>
      </Stack>
      {skipping && (
        <ReasonDialog
          title="Diesen Zeitraum aussetzen"
          intro={`Der Zeitraum ab ${formatDate(skipping.period_start)} wird nicht abgerechnet, auch nicht später. Der Grund wird protokolliert.`}
          submitLabel="Zeitraum aussetzen"
          mutation={skip}
          onClose={() => setSkipping(null)}
          onSubmit={async ({ reason }) => {
            await skip.mutateAsync({ subscriptionId: subscription.id, period_start: skipping.period_start, reason });
            notifySuccess(`${monthName(skipping.month)} ausgesetzt`);
          }}
        />
      )}
    </Modal>
  );
}
