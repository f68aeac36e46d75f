import type { DueReminder } from '@butler/contract/reminders';
import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { NoMailServerAlert } from '../../../components/no-mail-server-alert';
import { apiRequest, errorText } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { sentWord, useMailSetup } from '../../../lib/mail-setup';
import { usePhone } from '../../../lib/use-phone';
import { refreshQuickbill } from '../api/keys';
import { useDueReminders } from '../api/reminders';
import { dueRemindersSummary, payByText } from './due-reminders-summary';

type Outcome = { item: DueReminder; ok: boolean; text: string };
type Phase = 'confirm' | 'running' | 'done';

/**
 * "Fällige Mahnungen senden" (decision 0770): the letters the Mahnlauf's rules make due today
 * (configured days, fees, Mahnsperren) as a list to confirm with their fees and deadline,
 * then one after the other with "3 von 8" and a stop, and the result of each.
 */
export function DueRemindersDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = usePhone();
  const queryClient = useQueryClient();
  const due = useDueReminders(opened);
  const mailSetup = useMailSetup(opened);
  const sentAs = sentWord(mailSetup.data);
  const [phase, setPhase] = useState<Phase>('confirm');
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const stop = useRef(false);
  const items = due.data?.items ?? [];
  const summary = dueRemindersSummary(items);

  const run = async () => {
    setPhase('running');
    stop.current = false;
    const done: Outcome[] = [];
    for (const item of items) {
      if (stop.current) {
        done.push({ item, ok: false, text: 'abgebrochen, nicht versendet' });
        continue;
      }
      try {
        const result = await apiRequest<{ sent: boolean; label: string; reason: string | null }>(
          '/api/quickbill/reminders/due',
          { method: 'POST', body: { invoice_id: item.invoice_id, level: item.level } },
        );
        done.push({ item, ok: result.sent, text: result.sent ? `${result.label} ${sentAs}` : (result.reason ?? '') });
      } catch (error) {
        done.push({ item, ok: false, text: errorText(error, 'Versand fehlgeschlagen') });
      }
      setOutcomes([...done]);
    }
    setOutcomes([...done]);
    refreshQuickbill(queryClient);
    setPhase('done');
  };

  const close = () => {
    if (phase === 'running') return;
    setPhase('confirm');
    setOutcomes([]);
    onClose();
  };
  const sent = outcomes.filter((o) => o.ok).length;
  const title =
    phase === 'done'
      ? `Mahnschreiben ${sentAs}`
      : items.length === 1
        ? '1 fälliges Mahnschreiben senden?'
        : `${items.length} fällige Mahnschreiben senden?`;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={due.isPending ? 'Fällige Mahnungen' : title}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={phase !== 'running'}
      withCloseButton={phase !== 'running'}
    >
      {due.isPending ? (
        <Loader size="sm" aria-label="Fällige Mahnungen werden geladen" />
      ) : due.isError ? (
        <Alert color="red" role="alert">
          {errorText(due.error, 'Die fälligen Mahnungen konnten nicht geladen werden')}
        </Alert>
      ) : phase === 'confirm' ? (
        <Stack gap="sm" data-testid="due-reminders-summary">
          {items.length === 0 ? (
            <Text>Heute ist keine Zahlungserinnerung und keine Mahnung fällig.</Text>
          ) : (
            <>
              <Text>
                Jeder Kunde erhält sein Schreiben mit PDF per E-Mail: {summary.lines.join(', ')}.{' '}
                {summary.feesTotal > 0 && `Mahnspesen zusammen ${formatEuro(summary.feesTotal)}. `}
                {payByText(summary.payBy)}
              </Text>
              {phone ? (
                // On a phone one letter a line pair: no table to scroll sideways.
                <Stack gap={6} data-testid="due-reminders-list">
                  {items.map((i) => (
                    <Stack
                      key={i.invoice_id}
                      gap={0}
                      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                      pt={4}
                    >
                      <Text size="sm" fw={600}>
                        {i.invoice_number} · {i.customer_name}
                      </Text>
                      <Text size="sm">
                        {i.label}
                        {i.fee > 0 && ` (+ ${formatEuro(i.fee)})`} · offen {formatEuro(i.open_amount)}
                      </Text>
                    </Stack>
                  ))}
                </Stack>
              ) : (
                <ScrollArea.Autosize mah={320}>
                  <Table striped verticalSpacing={4} fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Rechnung</Table.Th>
                        <Table.Th>Kunde</Table.Th>
                        <Table.Th>Stufe</Table.Th>
                        <Table.Th ta="right">Offen</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {items.map((i) => (
                        <Table.Tr key={i.invoice_id}>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>{i.invoice_number}</Table.Td>
                          <Table.Td>{i.customer_name}</Table.Td>
                          <Table.Td>
                            {i.label}
                            {i.fee > 0 && ` (+ ${formatEuro(i.fee)})`}
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {formatEuro(i.open_amount)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea.Autosize>
              )}
            </>
          )}
          {(due.data?.blocked ?? 0) > 0 && (
            <Alert color="gray" variant="light">
              {due.data?.blocked === 1
                ? '1 weitere Rechnung hat eine Mahnsperre und wird ausgelassen.'
                : `${due.data?.blocked} weitere Rechnungen haben eine Mahnsperre und werden ausgelassen.`}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {items.length ? 'Abbrechen' : 'Schließen'}
            </Button>
            {items.length > 0 && (
              <Button color="orange" onClick={() => void run()}>
                {items.length === 1 ? '1 Mahnschreiben senden' : `${items.length} Mahnschreiben senden`}
              </Button>
            )}
          </Group>
        </Stack>
      ) : phase === 'running' ? (
        <Stack gap="sm">
          <Text fw={600} aria-live="polite" data-testid="due-reminders-progress">
            {outcomes.length} von {items.length} {sentAs}
          </Text>
          <Progress
            value={items.length ? (outcomes.length / items.length) * 100 : 100}
            size="lg"
            radius="xl"
            aria-hidden
            animated
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => (stop.current = true)}>
              Nach diesem Mahnschreiben anhalten
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="due-reminders-result">
          <Text fw={600} aria-live="polite">
            {sent === 1 ? `1 Mahnschreiben ${sentAs}` : `${sent} Mahnschreiben ${sentAs}`}
            {outcomes.length - sent > 0 && `, ${outcomes.length - sent} nicht versendet`}
          </Text>
          {sent > 0 && <NoMailServerAlert compact />}
          <List spacing={6} size="sm" center>
            {outcomes.map((o) => (
              <List.Item
                key={o.item.invoice_id}
                icon={
                  <ThemeIcon size={20} radius="xl" color={o.ok ? 'green' : 'red'} aria-hidden>
                    {o.ok ? <IconCheck size={14} /> : <IconX size={14} />}
                  </ThemeIcon>
                }
              >
                <Text span fw={600}>
                  {o.item.invoice_number}
                </Text>{' '}
                ({o.item.customer_name}): {o.ok ? o.text : `nicht versendet – ${o.text}`}
              </List.Item>
            ))}
          </List>
          <Group justify="flex-end">
            <Button onClick={close}>Schließen</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
