import { Alert, Anchor, Button, Group, List, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import { useDialogForm } from '../../../components/use-dialog-form';
import { errorText } from '../../../lib/api-client';
import { MONTH_NAMES, todayInVienna } from '../../../lib/format';
import { useInvoiceActions } from '../api/invoices';
import { monthlyRunBody, monthlyRunProblems, monthlyRunStart } from './monthly-run-rules';

/**
 * "Monat abrechnen" (the Monatslauf, named by what it does, decision 0757): drafts for
 * every active ButlerPaket of the chosen month. The server skips months that already have
 * an invoice or were skipped, so running it twice is harmless.
 */
export function MonthlyRunDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { form } = useDialogForm({
    opened,
    initial: () => monthlyRunStart(todayInVienna()),
    validate: monthlyRunProblems,
    deps: [],
  });
  const { monthlyRun } = useInvoiceActions();
  const result = monthlyRun.data;
  const ready = Object.keys(monthlyRunProblems(form.values)).length === 0;
  const close = () => {
    monthlyRun.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => monthlyRun.mutate(monthlyRunBody(values)));
  return (
    <Modal opened={opened} onClose={close} title="Rechnungen für einen ButlerPaket-Monat erstellen" fullScreen={phone}>
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm" c="dimmed">
            Erstellt für jedes aktive ButlerPaket einen Rechnungsentwurf für den gewählten Monat, auch für Monate, die
            die tägliche Abrechnung nicht übernimmt (etwa bei nachträglich erfassten Verträgen). Bereits abgerechnete
            oder ausgesetzte Monate werden übersprungen. Was heute fällig ist, rechnen Sie auch einzeln unter{' '}
            <Anchor component={Link} to="/admin/quickbill/abrechnungen">
              Nächste Abrechnungen
            </Anchor>{' '}
            ab.
          </Text>
          <Group grow align="flex-start">
            <Select
              label="Monat"
              withAsterisk
              data={MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
              {...form.getInputProps('month')}
              allowDeselect={false}
            />
            <NumberInput label="Jahr" withAsterisk {...form.getInputProps('year')} min={2000} max={2100} step={1} />
          </Group>
          {monthlyRun.error && (
            <Alert color="red" role="alert">
              {errorText(monthlyRun.error, 'Die Rechnungen konnten nicht erstellt werden')}
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
            <Button type="submit" disabled={!ready || monthlyRun.isPending}>
              {monthlyRun.isPending ? 'Entwürfe werden erstellt...' : 'Entwürfe erstellen'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
