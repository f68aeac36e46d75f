import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../../app/session-context';
import { apiRequest } from '../../../lib/api-client';

/** The counter's state as the lounge's links need it (same key as the banner's, one request). */
export function useHourShopOpen(enabled = true): boolean {
  const { user, userType } = useSession();
  const shop = useQuery({
    queryKey: ['hour-shop', user?.id ?? 0],
    queryFn: ({ signal }) => apiRequest<{ open: boolean }>(`/api/customers/${user?.id}/hour-shop`, { signal }),
    enabled: enabled && userType === 'customer' && (user?.id ?? 0) > 0,
  });
  return shop.data?.open === true;
}

/** The way to the counter, as the link under the cards and the card beside them offer it. */
function ShopButton() {
  return (
    <Button
      variant="light"
      component={Link}
      to="/customer/stunden-nachkaufen"
      leftSection={<IconShoppingBag size={16} aria-hidden />}
    >
      Stunden nachkaufen
    </Button>
  );
}

/**
 * "Stunden nachkaufen" under the hour cards (decision 0850), for the customer themself while the
 * counter sells something: the way in when the balance is not low yet and no Freigabe asks.
 */
export function HourShopLink() {
  const open = useHourShopOpen();
  if (!open) return null;
  return (
    <Group justify="flex-end" data-testid="hour-shop-link">
      <ShopButton />
    </Group>
  );
}

/**
 * The same way in as a card beside a lone hours card on a wide screen, so the row has no empty
 * half and the button does not float under it.
 */
export function HourShopCard({ text }: { text: string }) {
  return (
    <Card withBorder radius="md" p="lg" data-testid="hour-shop-link" style={{ alignSelf: 'start' }}>
      <Stack gap="sm" align="flex-start">
        <Group gap="xs" wrap="nowrap">
          <IconShoppingBag size={22} color="var(--mantine-color-navy-7)" aria-hidden />
          <Title order={2} size="h4">
            Stundenpakete
          </Title>
        </Group>
        <Text size="sm">{text}</Text>
        <ShopButton />
      </Stack>
    </Card>
  );
}
