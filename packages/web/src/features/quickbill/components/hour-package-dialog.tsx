import { Alert, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatEuro, formatNumber } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCustomerHourPackages } from '../api/catalog';
import { useInvoiceActions } from '../api/invoices';

/**
 * Invoices one hour-package sale: the server builds the draft (and links it to the sale,
 * so a package is never billed twice); the editor then shows that draft.
 */
export function HourPackageDialog({
  opened,
  onClose,
  customerId,
}: {
  opened: boolean;
  onClose: () => void;
  customerId: number;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  const packages = useCustomerHourPackages(opened ? customerId : null);
  const { fromHourPackage } = useInvoiceActions();
  const close = () => {
    fromHourPackage.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Stundenpaket verrechnen" fullScreen={phone} size="lg">
      {packages.isPending ? (
        <PageLoader text="Lade Stundenpakete..." />
      ) : (packages.data ?? []).length === 0 ? (
        <EmptyState text="Keine Stundenpakete gekauft" />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Es entsteht ein Rechnungsentwurf über den Paketpreis, den Sie danach prüfen und versenden.
          </Text>
          {fromHourPackage.error && (
            <Alert color="red" role="alert">
              {errorText(fromHourPackage.error, 'Die Rechnung konnte nicht erstellt werden')}
            </Alert>
          )}
          {(packages.data ?? []).map((p) => (
            <Card key={p.id} padding="sm" shadow="none">
              <Group justify="space-between" gap="sm">
                <Stack gap={0}>
                  <Text fw={600}>
                    {formatNumber(p.hours)} Stunden à {formatEuro(p.price_per_hour)}
                    {p.discount_percentage > 0 ? ` (−${formatNumber(p.discount_percentage)}\u00a0%)` : ''}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Gekauft am {formatDate(p.purchase_date)} · {formatEuro(p.total_price)}
                  </Text>
                </Stack>
                <Button
                  size="sm"
                  disabled={fromHourPackage.isPending}
                  onClick={() =>
                    fromHourPackage.mutate(p.id, {
                      onSuccess: (invoice) => {
                        notifySuccess('Rechnungsentwurf aus dem Stundenpaket erstellt');
                        close();
                        navigate(`/admin/quickbill/invoices/${invoice.id}`);
                      },
                    })
                  }
                  aria-label={`Stundenpaket vom ${formatDate(p.purchase_date)} verrechnen`}
                >
                  {fromHourPackage.isPending && fromHourPackage.variables === p.id ? 'Wird erstellt...' : 'Verrechnen'}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
