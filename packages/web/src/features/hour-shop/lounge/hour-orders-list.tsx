import type { HourOrder } from '@butler/contract/hour-shop';
import { HOUR_SHOP_TEXTS } from '@butler/contract/hour-shop-texts';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { useSession } from '../../../app/session-context';
import { formatDate, formatEuro } from '../../../lib/format';
import { ORDER_STATE_COLORS, orderStateText, packageHours } from './hour-shop-texts';

/** The customer's recent orders at the counter, newest first, with what is still to pay. */
export function HourOrdersList({ orders, onPay }: { orders: HourOrder[]; onPay: (order: HourOrder) => void }) {
  const { customerVoice } = useSession();
  const t = HOUR_SHOP_TEXTS[customerVoice];
  if (orders.length === 0) return null;
  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.myOrders}
        </Title>
        {orders.map((o, i) => (
          <Stack
            key={o.id}
            gap={4}
            pb={i < orders.length - 1 ? 'sm' : 0}
            style={i < orders.length - 1 ? { borderBottom: '1px solid var(--mantine-color-gray-2)' } : undefined}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600}>{packageHours(o.hours)}</Text>
              <Badge color={ORDER_STATE_COLORS[o.state]} variant="light" style={{ flexShrink: 0 }}>
                {orderStateText(o.state, t)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {formatEuro(o.total_gross)} · {formatDate(o.ordered_at)}
              {o.invoice?.invoice_number ? ` · Rechnung ${o.invoice.invoice_number}` : ''}
            </Text>
            {o.state === 'declined' && o.decision_note && <Text size="sm">{o.decision_note}</Text>}
            {o.invoice?.direct_debit && !o.invoice.paid && (
              <Text size="sm">
                {t.orderedDirectDebit(
                  formatEuro(o.total_gross),
                  formatDate(o.invoice.direct_debit.collection_date),
                  o.invoice.direct_debit.account,
                )}
              </Text>
            )}
            {o.invoice?.invoice_number && !o.invoice.direct_debit && !o.invoice.paid && o.state !== 'cancelled' && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconQrcode size={14} aria-hidden />}
                aria-label={`Bezahlen: Rechnung ${o.invoice.invoice_number}`}
                onClick={() => onPay(o)}
                style={{ alignSelf: 'flex-start' }}
              >
                Bezahlen
              </Button>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
