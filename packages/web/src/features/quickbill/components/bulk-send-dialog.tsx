import type { InvoiceListItem } from '@butler/contract/quickbill';
import { Alert, Button, Group, List, Modal, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconQuestionMark, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { NoMailServerAlert } from '../../../components/no-mail-server-alert';
import { apiRequest, DOCUMENT_TIMEOUT_MS, errorText, isUnanswered } from '../../../lib/api-client';
import { formatEuro } from '../../../lib/format';
import { sentWord, useMailSetup } from '../../../lib/mail-setup';
import { usePhone } from '../../../lib/use-phone';
import { refreshQuickbill } from '../api/keys';
import { bulkSendSummary, customerList } from './bulk-send-summary';
import { invoiceLabel } from './invoice-number';

/** `unknown`: no answer came, so the invoice may have been issued (decision 0834). */
type Outcome = { row: InvoiceListItem; ok: boolean; unknown?: boolean; text: string };
type Phase = 'confirm' | 'running' | 'done';

const UNANSWERED = 'keine Antwort vom Server – ob sie ausgestellt wurde, zeigt die Rechnungsliste nach dem Schließen';

/**
 * Bulk "Senden" (decision 0633): a summary to confirm (count, total, customers),
 * then one invoice after the other through the same call as a single send, with "7 von 18"
 * and a way to stop after the current one, and at the end the result of each invoice.
 */
export function BulkSendDialog({
  rows,
  opened,
  onClose,
}: {
  rows: InvoiceListItem[];
  opened: boolean;
  onClose: (finished: boolean) => void;
}) {
  const phone = usePhone();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('confirm');
  // Without a mail server an issued invoice's mail only lies in the outbox folder (decision 0755).
  const mailSetup = useMailSetup();
  const sentAs = sentWord(mailSetup.data);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const stop = useRef(false);
  const summary = bulkSendSummary(rows);
  const count = summary.sendable.length;

  const run = async () => {
    setPhase('running');
    stop.current = false;
    const done: Outcome[] = summary.skipped.map(({ row, reason }) => ({ row, ok: false, text: reason }));
    setOutcomes([...done]);
    for (const row of summary.sendable) {
      if (stop.current) {
        done.push({ row, ok: false, text: 'abgebrochen, nicht versendet' });
        continue;
      }
      try {
        const sent = await apiRequest<{ invoice_number: string }>(`/api/quickbill/invoices/${row.id}/send`, {
          method: 'POST',
          body: {},
          timeoutMs: DOCUMENT_TIMEOUT_MS,
        });
        done.push({
          row,
          ok: true,
          text: `als ${sent.invoice_number} ${sentAs === 'versendet' ? sentAs : `ausgestellt, E-Mail ${sentAs}`}`,
        });
      } catch (error) {
        done.push(
          isUnanswered(error)
            ? { row, ok: false, unknown: true, text: UNANSWERED }
            : { row, ok: false, text: errorText(error, 'Versand fehlgeschlagen') },
        );
      }
      setOutcomes([...done]);
    }
    setOutcomes([...done]);
    refreshQuickbill(queryClient);
    setPhase('done');
  };

  const close = () => {
    if (phase === 'running') return;
    const finished = phase === 'done';
    setPhase('confirm');
    setOutcomes([]);
    onClose(finished);
  };

  const processed = outcomes.length - summary.skipped.length;
  const sentCount = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.filter((o) => !o.ok && !o.unknown);
  const unanswered = outcomes.filter((o) => o.unknown).length;
  const title =
    phase === 'done' ? 'Versand abgeschlossen' : count === 1 ? '1 Rechnung senden?' : `${count} Rechnungen senden?`;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      fullScreen={phone}
      closeOnClickOutside={phase !== 'running'}
      withCloseButton={phase !== 'running'}
    >
      {phase === 'confirm' && (
        <Stack gap="sm" data-testid="bulk-send-summary">
          {count === 0 ? (
            <Text>Keine der ausgewählten Rechnungen kann versendet werden.</Text>
          ) : (
            <>
              <Text>
                {count === 1 ? '1 Rechnung' : `${count} Rechnungen`} über insgesamt{' '}
                <Text span fw={700}>
                  {formatEuro(summary.total)}
                </Text>{' '}
                an {customerList(summary.customers)} {count === 1 ? 'wird' : 'werden'} per E-Mail mit PDF und E-Rechnung
                versendet.
              </Text>
              {summary.drafts > 0 && (
                <Text size="sm" c="dimmed">
                  {summary.drafts === 1
                    ? '1 Entwurf erhält dabei seine Rechnungsnummer und kann danach nicht mehr geändert werden.'
                    : `${summary.drafts} Entwürfe erhalten dabei ihre Rechnungsnummern und können danach nicht mehr geändert werden.`}
                </Text>
              )}
            </>
          )}
          {summary.skipped.length > 0 && (
            <Alert color="gray" variant="light">
              Nicht versendet werden:{' '}
              {summary.skipped.map(({ row, reason }) => `${invoiceLabel(row)} (${reason})`).join(', ')}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Abbrechen
            </Button>
            {count > 0 && (
              <Button onClick={() => void run()}>{count === 1 ? 'Jetzt senden' : `${count} Rechnungen senden`}</Button>
            )}
          </Group>
        </Stack>
      )}
      {phase === 'running' && (
        <Stack gap="sm">
          <Text fw={600} aria-live="polite" data-testid="bulk-send-progress">
            {processed} von {count} {sentAs}
          </Text>
          <Progress value={count ? (processed / count) * 100 : 100} size="lg" radius="xl" aria-hidden animated />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => (stop.current = true)}>
              Nach dieser Rechnung anhalten
            </Button>
          </Group>
        </Stack>
      )}
      {phase === 'done' && (
        <Stack gap="sm" data-testid="bulk-send-result">
          <Text fw={600} aria-live="polite">
            {sentCount === 1 ? `1 Rechnung ${sentAs}` : `${sentCount} Rechnungen ${sentAs}`}
            {failed.length > 0 && `, ${failed.length} nicht versendet`}
            {unanswered > 0 && `, ${unanswered} ohne Antwort`}
          </Text>
          {sentCount > 0 && <NoMailServerAlert compact />}
          <List spacing={6} size="sm" center>
            {outcomes.map((o) => (
              <List.Item
                key={o.row.id}
                icon={
                  <ThemeIcon size={20} radius="xl" color={o.ok ? 'green' : o.unknown ? 'yellow' : 'red'} aria-hidden>
                    {o.ok ? <IconCheck size={14} /> : o.unknown ? <IconQuestionMark size={14} /> : <IconX size={14} />}
                  </ThemeIcon>
                }
              >
                <Text span fw={600}>
                  {invoiceLabel(o.row)}
                </Text>{' '}
                ({o.row.customer_name}): {o.ok || o.unknown ? o.text : `nicht versendet – ${o.text}`}
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
