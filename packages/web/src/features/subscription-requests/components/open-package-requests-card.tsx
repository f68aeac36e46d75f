import { Badge, Card, Group, Text } from '@mantine/core';
import { IconAdjustments } from '@tabler/icons-react';
import { useCan } from '../../../app/permissions';
import { usePackageRequests } from '../api/subscription-requests';
import { PackageRequestList } from './package-request-list';

/**
 * "Offene Paketwünsche" on the staff's overview (decision 0851): the customers' wishes to
 * change or renew their ButlerPaket, oldest first. Not there while none is open.
 */
export function OpenPackageRequestsCard() {
  const can = useCan();
  const query = usePackageRequests(undefined, can('subscriptions.read'));
  if (!query.data?.length) return null;
  return (
    <Card component="section" aria-label="Offene Paketwünsche" data-testid="open-package-requests">
      <Group gap="sm" mb="md" wrap="nowrap">
        <IconAdjustments size={22} color="var(--mantine-color-blue-6)" aria-hidden />
        <Text component="h2" fw={600} ff="heading" fz="lg" c="navy.9" m={0}>
          Offene Paketwünsche
        </Text>
        <Badge color="orange" variant="light">
          {query.data.length}
        </Badge>
      </Group>
      <PackageRequestList requests={query.data} showCustomer />
    </Card>
  );
}
