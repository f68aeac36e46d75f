import { Alert, Anchor, Button, Group, List, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../lib/api-client';
import { MONTH_NAMES, todayInVienna } from '../../../lib/format';
import { useInvoiceActions } from '../api/invoices';

/**
 * Monatslauf: drafts for every active ButlerPaket of the chosen month. The server skips
 * months that already have an invoice, so running it twice is harmless.
 */
export function MonthlyRunDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const today = todayInVienna();
  const [year, setYear] = useState<number | string>(Number(today.slice(0, 4)));
  const [month, setMonth] = useState<string | null>(String(Number(today.slice(5, 7))));
  const { monthlyRun } = useInvoiceActions();
  const result = monthlyRun.data;
  const close = () => {
    monthlyRun.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Monatslauf: ButlerPakete verrechnen" fullScreen={phone}>
      <Stack>
        <Text size="sm" c="dimmed">
          Erstellt für jedes aktive ButlerPaket einen Rechnungsentwurf des gewählten Monats. Bereits verrechnete Monate
          werden übersprungen.
        </Text>
        <Group grow align="flex-start">
          <Select
            label="Monat"
            withAsterisk
            data={MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
            value={month}
            onChange={setMonth}
            allowDeselect={false}
          />
          <NumberInput label="Jahr" withAsterisk value={year} onChange={setYear} min={2000} max={2100} step={1} />
        </Group>
        {monthlyRun.error && (
          <Alert color="red" role="alert">
            {errorText(monthlyRun.error, 'Der Monatslauf ist fehlgeschlagen')}
          </Alert>
        )}
        {result && (
          <Alert color={result.created.length > 0 ? 'teal' : 'gray'} role="status">
            <Text size="sm" fw={600}>
              {result.created.length === 1 ? '1 Entwurf erstellt' : `${result.created.length} Entwürfe erstellt`}
              {result.skipped > 0 ? `, ${result.skipped} bereits verrechnet` : ''}
            </Text>
            {result.created.length > 0 && (
              <List size="sm" mt="xs">
                {result.created.map((c) => (
                  <List.Item key={c.id}>
                    <Anchor component={Link} to={`/admin/quickbill/invoices/${c.id}`}>
                      {c.customer_name}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Schließen
          </Button>
          <Button
            disabled={!month || !year || monthlyRun.isPending}
            onClick={() => monthlyRun.mutate({ year: Number(year), month: Number(month) })}
          >
            {monthlyRun.isPending ? 'Entwürfe werden erstellt...' : 'Entwürfe erstellen'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
