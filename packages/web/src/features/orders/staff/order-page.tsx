import type { OrderDetail } from '@butler/contract/orders';
import { Alert, Anchor, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconCircleCheck,
  IconClockPlus,
  IconHandGrab,
  IconPlayerPlayFilled,
  IconShieldExclamation,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../../app/permissions';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatHours } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { openNewTimeEntry, useStartTimer } from '../../timer';
import { orderDetailQuery, useAcceptOrder, useCloseOrder, useOrderOverride } from '../api/orders';
import { OrderFiles } from '../components/order-attachments';
import { OrderFacts } from '../components/order-facts';
import { OrderHoursCard } from '../components/order-hours';
import { OrderReply } from '../components/order-reply';
import { ApprovalBadge, OrderBadges } from '../components/order-state-badge';
import { OrderThread } from '../components/order-thread';
import { closeIntro, OrderTextDialog } from './order-dialogs';
import { OrderManageCard } from './order-manage-card';

function ApprovalPanel({
  order,
  onOverride,
  mayOverride,
}: {
  order: OrderDetail;
  onOverride: () => void;
  mayOverride: boolean;
}) {
  const a = order.approval;
  if (!a && !order.override) return null;
  return (
    <Card data-testid="order-approval">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Freigabe
        </Title>
        <ApprovalBadge state={a?.state ?? null} />
      </Group>
      {a && (
        <SimpleGrid cols={a.booked_hours > 0 ? 2 : 3} spacing="xs" mb="xs">
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Schätzung
            </Text>
            <Text fw={700}>{formatHours(a.estimate_hours)}</Text>
          </Stack>
          {a.booked_hours > 0 && (
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Schon gebucht
              </Text>
              <Text fw={700}>{formatHours(a.booked_hours)}</Text>
            </Stack>
          )}
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Verfügbar
            </Text>
            <Text fw={700}>{formatHours(a.available_hours)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Fehlt
            </Text>
            {/* Red only while the customer's answer is awaited: approved or declined, it is history. */}
            <Text fw={700} c={a.shortfall_hours > 0 && a.state === 'requested' ? 'red.8' : undefined}>
              {formatHours(a.shortfall_hours)}
            </Text>
          </Stack>
        </SimpleGrid>
      )}
      {a?.state === 'requested' && (
        <Text size="sm" c="dimmed" mb="xs">
          Um Freigabe gebeten. Über die verfügbaren Stunden hinaus wird erst nach der Antwort gebucht.
        </Text>
      )}
      {order.override && (
        <Alert color="orange" icon={<IconShieldExclamation size={18} aria-hidden />} py="xs">
          Ohne Freigabe gebucht von {order.override.by}: {order.override.reason}
        </Alert>
      )}
      {mayOverride && a && a.state !== 'approved' && !order.override && (
        <Button
          variant="subtle"
          color="orange"
          leftSection={<IconShieldExclamation size={16} aria-hidden />}
          onClick={onOverride}
        >
          Ohne Freigabe buchen...
        </Button>
      )}
    </Card>
  );
}

/** /admin/auftraege/{id}: one Auftrag for staff (decision 0810). */
export function OrderPage() {
  const id = Number(useParams().id);
  const can = useCan();
  const write = can('orders.write');
  const query = useQuery({ ...orderDetailQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const accept = useAcceptOrder(id);
  const close = useCloseOrder(id);
  const override = useOrderOverride(id);
  const startTimer = useStartTimer();
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'close' | 'override' | null>(null);

  if (query.isPending) return <PageLoader text="Lade Auftrag..." />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <ErrorState
        text={missing ? 'Auftrag nicht gefunden' : 'Fehler beim Laden der Daten'}
        onRetry={() => query.refetch()}
      />
    );
  }
  const order = query.data;
  const closed = ['done', 'declined', 'withdrawn'].includes(order.state);
  const mayBook = can('time_entries.book') && !closed;
  const onAccept = async () => {
    setAcceptError(null);
    try {
      await accept.mutateAsync(undefined);
      notifySuccess(`Auftrag ${order.number} angenommen`);
    } catch (cause) {
      // 409: someone was quicker; the server names them ("Bereits angenommen von …").
      setAcceptError(errorText(cause, 'Der Auftrag konnte nicht angenommen werden.'));
      void query.refetch();
    }
  };
  const onTimer = async () => {
    try {
      await startTimer.mutateAsync({ customer_id: order.customer_id, order_id: order.id });
      notifySuccess(`Timer läuft für ${order.number}`);
    } catch (cause) {
      notifyError(errorText(cause, 'Der Timer konnte nicht gestartet werden'));
    }
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/auftraege" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> Zurück zu den Aufträgen
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 320px' }}>
          <Text size="sm" c="dimmed">
            {order.number} ·{' '}
            <Anchor component={Link} to={`/admin/customers/${order.customer_id}`} size="sm">
              {order.customer_name}
            </Anchor>
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {order.title}
          </Title>
          <OrderBadges state={order.state} urgent={order.urgent} />
        </Stack>
        {write && (
          <Group gap="xs">
            {order.state === 'new' && (
              <Button
                leftSection={<IconHandGrab size={16} aria-hidden />}
                loading={accept.isPending}
                onClick={onAccept}
              >
                Annehmen
              </Button>
            )}
            {!closed && (
              <Button
                variant="light"
                color="teal"
                leftSection={<IconCircleCheck size={16} aria-hidden />}
                onClick={() => setDialog('close')}
              >
                Abschließen
              </Button>
            )}
          </Group>
        )}
      </Group>
      {acceptError && (
        <Alert
          color="orange"
          role="alert"
          withCloseButton
          onClose={() => setAcceptError(null)}
          data-testid="accept-error"
        >
          {acceptError}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <Card>
              <OrderFacts order={order} />
              <OrderFiles orderId={order.id} attachments={order.attachments} />
            </Card>
            <Card component="section" aria-labelledby="order-thread-title">
              <Title order={2} size="h4" id="order-thread-title" mb="sm">
                Verlauf
              </Title>
              <Stack gap="md">
                <OrderThread orderId={order.id} messages={order.messages} attachments={order.attachments} />
                {write && !closed && (
                  <OrderReply
                    orderId={order.id}
                    staff
                    placeholder="Nachricht an den Kunden..."
                    sentText="Nachricht gesendet"
                  />
                )}
                {write && closed && (
                  <Text size="sm" c="dimmed" data-testid="order-closed-note">
                    Dieser Auftrag ist abgeschlossen. Für Neues bitte einen neuen Auftrag anlegen.
                  </Text>
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="lg">
            {write && <OrderManageCard order={order} disabled={closed} />}
            <ApprovalPanel
              order={order}
              mayOverride={can('orders.override') && !closed}
              onOverride={() => setDialog('override')}
            />
            <OrderHoursCard
              order={order}
              actions={
                mayBook && (
                  <>
                    <Button
                      size="xs"
                      leftSection={<IconClockPlus size={14} aria-hidden />}
                      onClick={() => openNewTimeEntry({ customerId: order.customer_id, orderId: order.id })}
                    >
                      Zeit buchen
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconPlayerPlayFilled size={14} aria-hidden />}
                      loading={startTimer.isPending}
                      onClick={onTimer}
                    >
                      Timer starten
                    </Button>
                  </>
                )
              }
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <OrderTextDialog
        opened={dialog === 'close'}
        onClose={() => setDialog(null)}
        title={`${order.number} abschließen`}
        intro={closeIntro(order.booked_hours, order.customer_name)}
        label="Zusammenfassung für den Kunden (optional)"
        submitLabel="Abschließen"
        done={`Auftrag ${order.number} abgeschlossen`}
        onSubmit={(summary) => close.mutateAsync(summary)}
      />
      <OrderTextDialog
        opened={dialog === 'override'}
        onClose={() => setDialog(null)}
        title="Ohne Freigabe buchen"
        intro="Die Stunden werden ohne die Freigabe des Kunden gebucht. Der Grund wird im Verlauf und im Protokoll vermerkt."
        label="Grund"
        required="Bitte geben Sie einen Grund an"
        submitLabel="Ohne Freigabe buchen"
        done="Buchung ohne Freigabe erlaubt"
        onSubmit={(reason) => override.mutateAsync(reason)}
      />
    </Stack>
  );
}
