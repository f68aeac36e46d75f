import type { ToBillCustomer } from '@butler/contract/to-bill';
import { Anchor, Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconFileInvoice, IconPackage } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatEuro, formatHours } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useBillableEntries } from '../api/catalog';
import { useInvoiceActions } from '../api/invoices';
import { BillableGroup } from './billable-group';

function Reason({ children, action }: { children: React.ReactNode; action: React.ReactNode }) {
  return (
    <Group
      justify="space-between"
      gap="sm"
      wrap="wrap"
      py={4}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text size="sm" style={{ flex: '1 1 16rem' }}>
        {children}
      </Text>
      {action}
    </Group>
  );
}

/**
 * One customer of "Zu verrechnen" (decision 0773): each reason with the step that settles it,
 * an unbilled package's invoice, a Stundenpaket sale for the Minus, and the entries to pick
 * for hours beyond the ButlerPaket.
 */
export function ToBillCard({ customer }: { customer: ToBillCustomer }) {
  const navigate = useNavigate();
  const { fromHourPackage } = useInvoiceActions();
  const [opened, setOpened] = useState(false);
  const entries = useBillableEntries(customer.customer_id, opened);
  const panelId = `to-bill-entries-${customer.customer_id}`;
  const page = `/admin/customers/${customer.customer_id}`;
  return (
    <Card data-testid={`to-bill-${customer.customer_id}`}>
      <Stack gap={6}>
        <Title order={2} size="h4">
          <Anchor component={Link} to={page} inherit>
            {customer.customer_name}
          </Anchor>
        </Title>
        {customer.unbilled_packages.map((p) => (
          <Reason
            key={p.id}
            action={
              <Button
                size="xs"
                variant="light"
                leftSection={<IconFileInvoice size={14} aria-hidden />}
                loading={fromHourPackage.isPending && fromHourPackage.variables === p.id}
                onClick={() =>
                  fromHourPackage.mutate(p.id, {
                    onSuccess: (draft) => {
                      notifySuccess('Rechnungsentwurf erstellt');
                      navigate(`/admin/quickbill/invoices/${draft.id}`);
                    },
                    onError: (error) => notifyError(errorText(error, 'Fehler beim Erstellen der Rechnung')),
                  })
                }
              >
                Rechnung erstellen
              </Button>
            }
          >
            <Badge color="orange" variant="light" mr="xs">
              Ohne Rechnung
            </Badge>
            {`Stundenpaket ${formatHours(p.hours)} vom ${formatDate(p.purchase_date)}, ${formatEuro(p.total_price)}`}
          </Reason>
        ))}
        {customer.package_minus > 0 && (
          <Reason
            action={
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={`${page}/stundenpakete`}
                leftSection={<IconPackage size={14} aria-hidden />}
              >
                Stundenpaket verkaufen
              </Button>
            }
          >
            <Badge color="red" variant="light" mr="xs">
              Minus
            </Badge>
            {`${formatHours(customer.package_minus)} mehr gebucht als Stundenpakete gekauft. Ein neues Stundenpaket deckt sie und bekommt seine Rechnung.`}
          </Reason>
        )}
        {customer.butler_overuse > 0 && (
          <Reason
            action={
              <Button
                size="xs"
                variant="light"
                onClick={() => setOpened((o) => !o)}
                aria-expanded={opened}
                aria-controls={panelId}
                rightSection={opened ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
              >
                {opened ? 'Einträge ausblenden' : 'Einträge auswählen'}
              </Button>
            }
          >
            <Badge color="red" variant="light" mr="xs">
              Mehrverbrauch
            </Badge>
            {`${formatHours(customer.butler_overuse)} über Kontingent und Übertrag des ButlerPakets in diesem Monat. Verrechnen Sie die zusätzlichen Einträge oder vereinbaren Sie ein größeres ButlerPaket.`}
          </Reason>
        )}
      </Stack>
      <Collapse expanded={opened} id={panelId}>
        <div style={{ paddingTop: 'var(--mantine-spacing-md)' }}>
          {!opened ? null : entries.isPending ? (
            <PageLoader text="Lade Zeiteinträge..." />
          ) : entries.isError ? (
            <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void entries.refetch()} />
          ) : (
            <BillableGroup customerId={customer.customer_id} entries={entries.data} />
          )}
        </div>
      </Collapse>
    </Card>
  );
}
