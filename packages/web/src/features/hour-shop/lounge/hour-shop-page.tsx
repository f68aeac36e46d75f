import type { HourOrder, HourShop } from '@butler/contract/hour-shop';
import { HOUR_SHOP_TEXTS } from '@butler/contract/hour-shop-texts';
import { Anchor, Button, Card, Container, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconShoppingBag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../app/session-context';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState, ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { usePhone } from '../../../lib/use-phone';
import { PaymentDetailsDialog } from '../../customer-dashboard';
import { hourShopQuery } from '../api/hour-shop';
import { HourOrderConfirmDialog } from './hour-order-confirm-dialog';
import { HourOrderResult } from './hour-order-result';
import { HourOrdersList } from './hour-orders-list';
import { hourlyPrice, packageHours, shopRules, taxNote } from './hour-shop-texts';

/**
 * /customer/stunden-nachkaufen (decision 0850): the customer chooses a Stundenpaket, sees the
 * gross price the invoice will state, confirms, and pays (QR code, bank details) or reads the
 * Lastschrift pre-notification. Their recent orders and their states follow.
 */
export function HourShopPage() {
  const { user, customerVoice } = useSession();
  const customerId = user?.id ?? 0;
  const t = HOUR_SHOP_TEXTS[customerVoice];
  const query = useQuery(hourShopQuery(customerId));
  const [paying, setPaying] = useState<{ id: number; invoice_number: string } | null>(null);
  const [placed, setPlaced] = useState<HourOrder | null>(null);
  const pay = (order: HourOrder) =>
    order.invoice?.invoice_number && setPaying({ id: order.invoice.id, invoice_number: order.invoice.invoice_number });
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Anchor component={Link} to="/customer/dashboard" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} aria-hidden /> Zurück zur Übersicht
        </Anchor>
        <Title order={1} size="h2">
          {t.title}
        </Title>
        {query.isPending ? (
          <PageLoader text="Lade Stundenpakete..." />
        ) : query.isError ? (
          <ErrorState
            text={errorText(query.error, 'Fehler beim Laden der Stundenpakete')}
            onRetry={() => query.refetch()}
          />
        ) : (
          <>
            {placed && <HourOrderResult order={placed} onPay={pay} />}
            {!placed && <Counter shop={query.data} customerId={customerId} onPlaced={setPlaced} />}
            <HourOrdersList orders={query.data.orders} onPay={pay} />
          </>
        )}
      </Stack>
      {paying && <PaymentDetailsDialog customerId={customerId} invoice={paying} onClose={() => setPaying(null)} />}
    </Container>
  );
}

function Counter({
  shop,
  customerId,
  onPlaced,
}: {
  shop: HourShop;
  customerId: number;
  onPlaced: (order: HourOrder) => void;
}) {
  const { customerVoice } = useSession();
  const t = HOUR_SHOP_TEXTS[customerVoice];
  const phone = usePhone();
  const [chosen, setChosen] = useState<string | null>(shop.offers.length === 1 ? String(shop.offers[0].id) : null);
  const [confirming, setConfirming] = useState(false);
  if (!shop.open) {
    return (
      <Card>
        <EmptyState text={shop.closed_reason ?? t.closedNoOffers} icon={<IconShoppingBag size={36} aria-hidden />} />
      </Card>
    );
  }
  const offer = shop.offers.find((o) => String(o.id) === chosen) ?? null;
  const noneLeft = shop.orders_left_today === 0;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text>{shop.requires_confirmation ? t.introConfirmation : t.intro}</Text>
        {shopRules(shop, t).map((line) => (
          <Text key={line} size="sm" c="dimmed">
            {line}
          </Text>
        ))}
      </Stack>
      <Radio.Group value={chosen} onChange={setChosen} label={t.choose} aria-label={t.choose}>
        <Stack gap="sm" mt="xs">
          {shop.offers.map((o) => (
            <Radio.Card key={o.id} value={String(o.id)} radius="md" p="md" aria-label={packageHours(o.hours)}>
              <Group wrap="nowrap" align="flex-start" gap="md">
                <Radio.Indicator mt={4} />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={700} size="lg">
                    {packageHours(o.hours)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {hourlyPrice(o)}
                  </Text>
                </Stack>
                <Stack gap={2} align="flex-end">
                  <Text fw={700} size="lg" data-testid={`offer-gross-${o.id}`}>
                    {formatEuro(o.gross)}
                  </Text>
                  <Text size="xs" c="dimmed" ta="right">
                    {taxNote(o, t)}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <Text size="sm" c={noneLeft ? 'red.8' : 'dimmed'}>
        {noneLeft ? t.limitReached : t.limitLeft(shop.orders_left_today)}
      </Text>
      <Button
        size={phone ? 'md' : 'sm'}
        fullWidth={phone}
        disabled={!offer || noneLeft}
        onClick={() => setConfirming(true)}
        style={{ alignSelf: phone ? undefined : 'flex-start' }}
      >
        {t.buy}
      </Button>
      {offer && (
        <HourOrderConfirmDialog
          opened={confirming}
          offer={offer}
          shop={shop}
          customerId={customerId}
          onClose={() => setConfirming(false)}
          onPlaced={(order) => {
            setConfirming(false);
            onPlaced(order);
          }}
        />
      )}
    </Stack>
  );
}
