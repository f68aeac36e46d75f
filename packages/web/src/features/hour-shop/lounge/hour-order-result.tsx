import type { HourOrder } from '@butler/contract/hour-shop';
import { HOUR_SHOP_TEXTS } from '@butler/contract/hour-shop-texts';
import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconQrcode } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../../app/session-context';
import { formatDate, formatEuro } from '../../../lib/format';
import { packageHours } from './hour-shop-texts';

/** After ordering: what happens now, the invoice and how to pay it. */
export function HourOrderResult({ order, onPay }: { order: HourOrder; onPay: (order: HourOrder) => void }) {
  const { customerVoice } = useSession();
  const t = HOUR_SHOP_TEXTS[customerVoice];
  const hours = packageHours(order.hours);
  const invoice = order.invoice;
  const usable =
    order.state === 'requested'
      ? t.orderedWaiting(hours)
      : order.state === 'completed'
        ? t.orderedUsableNow(hours)
        : t.orderedUsableWhenPaid(hours);
  return (
    <Card data-testid="hour-order-result">
      <Stack gap="sm">
        <ThemeIcon color="green" variant="light" size={44} radius="xl">
          <IconCircleCheck size={26} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t.orderedTitle}
        </Title>
        <Text>{usable}</Text>
        {invoice?.invoice_number && (
          <Text>
            {t.orderedPay(invoice.invoice_number, formatEuro(order.total_gross), formatDate(invoice.due_date))}
          </Text>
        )}
        {invoice?.direct_debit && (
          <Text>
            {t.orderedDirectDebit(
              formatEuro(order.total_gross),
              formatDate(invoice.direct_debit.collection_date),
              invoice.direct_debit.account,
            )}
          </Text>
        )}
        {invoice?.invoice_number && !invoice.direct_debit && !invoice.paid && (
          <Button
            leftSection={<IconQrcode size={18} aria-hidden />}
            onClick={() => onPay(order)}
            style={{ alignSelf: 'flex-start' }}
          >
            Bezahlen
          </Button>
        )}
        <Button component={Link} to="/customer/dashboard" variant="subtle" px={0} style={{ alignSelf: 'flex-start' }}>
          Zurück zur Übersicht
        </Button>
      </Stack>
    </Card>
  );
}
