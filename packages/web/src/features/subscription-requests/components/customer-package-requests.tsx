import { Stack, Text } from '@mantine/core';
import { useCan } from '../../../app/permissions';
import { usePackageRequests } from '../api/subscription-requests';
import { PackageRequestList } from './package-request-list';

/**
 * A customer's wishes for their ButlerPaket on the customer page (decision 0851): the open
 * one to answer and the earlier ones with their outcome; `openOnly` for the overview tab.
 * Nothing while there is none.
 */
export function CustomerPackageRequests({ customerId, openOnly = false }: { customerId: number; openOnly?: boolean }) {
  const can = useCan();
  const query = usePackageRequests(customerId, can('subscriptions.read'));
  const requests = (query.data ?? []).filter((r) => !openOnly || r.state === 'open');
  if (requests.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="customer-package-requests">
      <Text fw={600}>{openOnly ? 'Offener Paketwunsch' : 'Paketwünsche aus der Lounge'}</Text>
      <PackageRequestList requests={requests} showCustomer={false} />
    </Stack>
  );
}
