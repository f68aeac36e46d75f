import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCoins, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/states';
import { formatEuro } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCustomerAccount, usePaymentActions } from '../api/payments';
import { ApplyCreditDialog } from './apply-credit-dialog';
import { DunningBlocks } from './dunning-blocks';
import { LedgerEntries } from './ledger-entries';
import { PaymentDialog } from './payment-dialog';

function Figure({ label, value, testId, color }: { label: string; value: number; testId: string; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" c={color} data-testid={testId}>
        {formatEuro(value)}
      </Text>
    </Stack>
  );
}

/**
 * "Rechnungen und Zahlungen" on the customer detail (decision 0580): open and overdue amounts,
 * Guthaben with "verrechnen" and "erstatten", the customer's Mahnsperre and their ledger.
 */
export function CustomerAccountCard({ customerId }: { customerId: number }) {
  const account = useCustomerAccount(customerId);
  const actions = usePaymentActions();
  const [applying, setApplying] = useState(false);
  const [refunding, setRefunding] = useState(false);

  if (account.isPending) return null;
  if (account.isError) {
    return <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void account.refetch()} />;
  }
  const a = account.data;
  const entries = a.entries;

  return (
    <Card data-testid="customer-account">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          Rechnungen und Zahlungen
        </Title>
        <Anchor component={Link} to="/admin/quickbill/offene-posten" size="sm">
          Alle offenen Posten
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mb="sm">
        <Figure label={`Offen (${a.open_invoices} Rechnungen)`} value={a.open_amount} testId="account-open" />
        <Figure
          label="davon überfällig"
          value={a.overdue_amount}
          testId="account-overdue"
          color={a.overdue_amount > 0 ? 'red.8' : undefined}
        />
        <Figure label="Guthaben" value={a.credit} testId="account-credit" color={a.credit > 0 ? 'teal.9' : undefined} />
      </SimpleGrid>
      {a.credit > 0 && (
        <Group gap="xs" mb="sm">
          <Button
            size="sm"
            variant="light"
            leftSection={<IconCoins size={16} />}
            disabled={a.invoices_for_credit.length === 0}
            onClick={() => setApplying(true)}
          >
            Guthaben verrechnen
          </Button>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconReceiptRefund size={16} />}
            onClick={() => setRefunding(true)}
          >
            Guthaben erstatten
          </Button>
        </Group>
      )}
      <DunningBlocks customerId={customerId} targetLabel="alle Rechnungen dieses Kunden" />
      <Title order={3} size="h5" mt="md" mb="xs">
        Buchungen
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Noch keine Zahlungen erfasst.
        </Text>
      ) : (
        <LedgerEntries entries={entries} showInvoice />
      )}
      {applying && <ApplyCreditDialog account={a} onClose={() => setApplying(false)} />}
      {refunding && (
        <PaymentDialog
          title="Guthaben erstatten"
          intro={`Guthaben: ${formatEuro(a.credit)}. Erfassen Sie hier, was dem Kunden zurückgezahlt wurde.`}
          amount={a.credit}
          submitLabel="Erstattung erfassen"
          mutation={actions.refund}
          onClose={() => setRefunding(false)}
          onSubmit={async (values) => {
            await actions.refund.mutateAsync({ customerId, ...values });
            notifySuccess(`Erstattung über ${formatEuro(values.amount)} erfasst`);
          }}
        />
      )}
    </Card>
  );
}
