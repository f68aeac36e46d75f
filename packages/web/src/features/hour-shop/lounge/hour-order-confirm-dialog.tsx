import type { HourOrder, HourShop, ShopOffer } from '@butler/contract/hour-shop';
import { HOUR_SHOP_TEXTS } from '@butler/contract/hour-shop-texts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { useSession } from '../../../app/session-context';
import { errorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { newRequestKey } from '../../../lib/request-key';
import { usePhone } from '../../../lib/use-phone';
import { usePlaceHourOrder } from '../api/hour-shop';
import { packageHours, shopRules, taxNote } from './hour-shop-texts';

/**
 * "Bestellung prüfen": the package, the gross price and the rules once more before the
 * binding order. The idempotency key lives as long as the dialog: a double tap or a retry
 * after a lost answer is the same order (decision 0850).
 */
export function HourOrderConfirmDialog({
  opened,
  offer,
  shop,
  customerId,
  onClose,
  onPlaced,
}: {
  opened: boolean;
  offer: ShopOffer;
  shop: HourShop;
  customerId: number;
  onClose: () => void;
  onPlaced: (order: HourOrder) => void;
}) {
  const { customerVoice } = useSession();
  const t = HOUR_SHOP_TEXTS[customerVoice];
  const phone = usePhone();
  const place = usePlaceHourOrder(customerId);
  const key = useRef<string | null>(null);
  if (opened && key.current === null) key.current = newRequestKey();
  const close = () => {
    key.current = null;
    place.reset();
    onClose();
  };
  const submit = () =>
    place.mutate(
      { offer_id: offer.id, idempotency_key: key.current ?? newRequestKey() },
      {
        onSuccess: (order) => {
          key.current = null;
          onPlaced(order);
        },
      },
    );
  return (
    <Modal opened={opened} onClose={close} title={t.confirmTitle} fullScreen={phone} centered>
      <Stack gap="sm">
        <Text fw={600}>{t.confirmText(packageHours(offer.hours), formatEuro(offer.gross))}</Text>
        <Text size="sm" c="dimmed">
          {taxNote(offer, t)}
        </Text>
        {shopRules(shop, t).map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
        {place.isError && (
          <Alert color="red" role="alert">
            {errorText(place.error, 'Die Bestellung konnte nicht aufgegeben werden')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={close} disabled={place.isPending}>
            Abbrechen
          </Button>
          <Button onClick={submit} loading={place.isPending}>
            {t.buy}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
