import { isOpenOrderState } from '@butler/contract/orders';
import { Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useLoungeTexts } from '../../../app/lounge-voice';
import { useSession } from '../../../app/session-context';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { orderDetailQuery, useWithdrawOrder } from '../api/orders';
import { OrderFiles } from '../components/order-attachments';
import { OrderFacts } from '../components/order-facts';
import { OrderHoursCard } from '../components/order-hours';
import { OrderReply } from '../components/order-reply';
import { OrderBadges } from '../components/order-state-badge';
import { OrderThread } from '../components/order-thread';
import { ApprovalCard } from './approval-card';

/** /customer/auftraege/{id}: one Auftrag in the customer's words (decision 0810). */
export function LoungeOrderPage() {
  const params = useParams();
  const id = Number(params.id);
  const { customerVoice } = useSession();
  const t = useLoungeTexts();
  const query = useQuery({ ...orderDetailQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const withdraw = useWithdrawOrder(id);
  const [confirming, setConfirming] = useState(false);

  if (query.isPending) return <PageLoader text="Lade Auftrag..." />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);
    return (
      <ErrorState
        text={missing ? 'Auftrag nicht gefunden' : 'Fehler beim Laden der Daten'}
        onRetry={() => query.refetch()}
      />
    );
  }
  const order = query.data;
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Anchor component={Link} to="/customer/auftraege" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> Zurück zu meinen Aufträgen
        </Anchor>
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            Auftrag {order.number}
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {order.title}
          </Title>
          <OrderBadges state={order.state} urgent={order.urgent} voice={customerVoice} />
        </Stack>
        <ApprovalCard order={order} />
        <Card>
          <OrderFacts order={order} ownAddress="An meiner Adresse" />
          <OrderFiles orderId={order.id} attachments={order.attachments} />
          {order.can_withdraw && (
            <Group justify="flex-end" mt="sm">
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconArrowBackUp size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                Zurückziehen
              </Button>
            </Group>
          )}
        </Card>
        <OrderHoursCard order={order} />
        <Card component="section" aria-labelledby="order-thread-title">
          <Title order={2} size="h4" id="order-thread-title" mb="sm">
            Nachrichten
          </Title>
          <Stack gap="md">
            <OrderThread orderId={order.id} messages={order.messages} attachments={order.attachments} />
            {isOpenOrderState(order.state) ? (
              <OrderReply
                orderId={order.id}
                staff={false}
                placeholder={t.orderReplyPlaceholder}
                sentText={t.orderReplySent}
              />
            ) : (
              <Text size="sm" c="dimmed" ta="center">
                Dieser Auftrag ist abgeschlossen.
              </Text>
            )}
          </Stack>
        </Card>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Auftrag zurückziehen"
        message={t.orderWithdrawAsk(order.number)}
        confirmLabel="Zurückziehen"
        errorFallback="Der Auftrag konnte nicht zurückgezogen werden."
        onConfirm={async () => {
          await withdraw.mutateAsync(undefined);
          notifySuccess('Der Auftrag wurde zurückgezogen.');
        }}
        onClose={() => setConfirming(false)}
      />
    </Container>
  );
}
