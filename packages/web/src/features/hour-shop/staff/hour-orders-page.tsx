import {
  HOUR_ORDER_STATE_LABELS,
  HOUR_ORDER_STATES,
  type HourOrder,
  type HourOrderState,
} from '@butler/contract/hour-shop';
import { Anchor, Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../../app/permissions';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { type Column, ResponsiveList } from '../../../components/responsive-list';
import { EmptyState, ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { formatDateTime, formatEuro, formatHours } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { hourOrdersQuery, useDecideHourOrder } from '../api/hour-shop';
import { ORDER_STATE_COLORS } from '../lounge/hour-shop-texts';
import { DeclineHourOrderDialog } from './decline-hour-order-dialog';

/** /admin/stundenbestellungen (decision 0850): lounge orders by state; waiting ones are confirmed or declined here. */
export function HourOrdersPage() {
  const can = useCan();
  const [state, setState] = useState<HourOrderState>('requested');
  const query = useQuery(hourOrdersQuery(state));
  const decide = useDecideHourOrder();
  const [declining, setDeclining] = useState<HourOrder | null>(null);
  const mayDecide = can('hour_packages.write') && can('invoices.issue');
  const once = useSingleFlight();
  const confirm = (order: HourOrder) =>
    once(async () => {
      try {
        await decide.mutateAsync({ id: order.id, decision: 'confirm' });
        notifySuccess(`Bestellung von ${order.customer_name} bestätigt: Rechnung versendet`);
      } catch (error) {
        notifyError(errorText(error, 'Die Bestellung konnte nicht bestätigt werden'));
      }
    });
  const columns: Column<HourOrder>[] = [
    {
      key: 'customer',
      label: 'Kunde',
      hideOnCard: true,
      render: (o) => (
        <Anchor component={Link} to={`/admin/customers/${o.customer_id}`} fw={600}>
          {o.customer_name}
        </Anchor>
      ),
    },
    { key: 'hours', label: 'Stunden', align: 'right', render: (o) => formatHours(o.hours) },
    { key: 'gross', label: 'Brutto', align: 'right', render: (o) => formatEuro(o.total_gross) },
    { key: 'at', label: 'Bestellt', render: (o) => formatDateTime(o.ordered_at) },
    {
      key: 'state',
      label: 'Status',
      render: (o) => (
        <Stack gap={2}>
          <Badge color={ORDER_STATE_COLORS[o.state]} variant="light">
            {HOUR_ORDER_STATE_LABELS[o.state]}
          </Badge>
          {o.invoice?.invoice_number && (
            <Anchor component={Link} to={`/admin/quickbill/invoices/${o.invoice.id}`} size="sm">
              Rechnung {o.invoice.invoice_number}
            </Anchor>
          )}
          {o.decision_note && <Text size="sm">{o.decision_note}</Text>}
        </Stack>
      ),
    },
    ...(state === 'requested' && mayDecide
      ? [
          {
            key: 'actions',
            label: 'Aktionen',
            render: (o: HourOrder) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  onClick={() => confirm(o)}
                  loading={decide.isPending && decide.variables?.id === o.id}
                  disabled={decide.isPending}
                >
                  Bestätigen
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  onClick={() => setDeclining(o)}
                  disabled={decide.isPending}
                >
                  Ablehnen
                </Button>
              </Group>
            ),
          } satisfies Column<HourOrder>,
        ]
      : []),
  ];
  return (
    <>
      <PageHeader title="Stundenbestellungen" subtitle="Stundenpakete, die Kunden in der Lounge bestellt haben" />
      <Stack gap="md">
        <Select
          label="Status"
          value={state}
          onChange={(value) => value && setState(value as HourOrderState)}
          data={HOUR_ORDER_STATES.map((s) => ({ value: s, label: HOUR_ORDER_STATE_LABELS[s] }))}
          allowDeselect={false}
          maw={320}
        />
        <Card>
          {query.isPending ? (
            <PageLoader text="Lade Bestellungen..." />
          ) : query.isError ? (
            <ErrorState
              text={errorText(query.error, 'Fehler beim Laden der Bestellungen')}
              onRetry={() => query.refetch()}
            />
          ) : query.data.length === 0 ? (
            <EmptyState
              text={state === 'requested' ? 'Keine Bestellung wartet auf Bestätigung.' : 'Keine Bestellungen.'}
            />
          ) : (
            <ResponsiveList
              rows={query.data}
              columns={columns}
              rowKey={(o) => o.id}
              cardTitle={(o) => o.customer_name}
              caption="Stundenbestellungen aus der Lounge"
            />
          )}
        </Card>
      </Stack>
      <DeclineHourOrderDialog order={declining} onClose={() => setDeclining(null)} />
    </>
  );
}
