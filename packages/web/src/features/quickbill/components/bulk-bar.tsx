import { Button, Card, Group, Text } from '@mantine/core';
import { IconDownload, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadInvoicesZip } from '../api/download';
import { useInvoiceActions } from '../api/invoices';
import { reportFailure } from './invoice-row-menu';

/**
 * '{n} Rechnungen ausgewählt' with bulk send and bulk download (SPEC leaves them inert;
 * issue 7 makes them work). With nothing selected the buttons do nothing.
 */
export function BulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { bulkSend } = useInvoiceActions();
  const [downloading, setDownloading] = useState(false);
  const count = ids.length;

  const send = () => {
    if (count === 0) return;
    bulkSend.mutate(ids, {
      onSuccess: ({ sent, failed }) => {
        if (sent.length > 0)
          notifySuccess(sent.length === 1 ? '1 Rechnung versendet' : `${sent.length} Rechnungen versendet`);
        for (const f of failed) notifyError(`Rechnung #${f.id} nicht versendet: ${f.error}`);
        onDone();
      },
      onError: (e) => reportFailure('Versand fehlgeschlagen', e),
    });
  };

  const download = async () => {
    if (count === 0) return;
    setDownloading(true);
    try {
      await downloadInvoicesZip(ids);
    } catch (e) {
      reportFailure('Download fehlgeschlagen', e);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card padding="sm" bg="navy.0" withBorder data-testid="bulk-bar" role="region" aria-label="Mehrfachaktionen">
      <Group justify="space-between" gap="xs">
        <Text fw={600} aria-live="polite">
          {count === 1 ? '1 Rechnung ausgewählt' : `${count} Rechnungen ausgewählt`}
        </Text>
        <Group gap="xs">
          <Button size="sm" leftSection={<IconSend size={16} />} onClick={send} disabled={bulkSend.isPending}>
            {bulkSend.isPending ? 'Wird versendet...' : 'Senden'}
          </Button>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={download}
            disabled={downloading}
          >
            {downloading ? 'Wird erstellt...' : 'Herunterladen'}
          </Button>
          <Button size="sm" variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={onDone}>
            Auswahl aufheben
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
