import type { InvoiceListItem } from '@butler/contract/quickbill';
import { Button, Card, Group, Text } from '@mantine/core';
import { IconDownload, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadInvoicesZip } from '../api/download';
import { BulkSendDialog } from './bulk-send-dialog';
import { reportFailure } from './invoice-row-menu';

/**
 * '{n} Rechnungen ausgewählt' with bulk send and bulk download (SPEC leaves them inert;
 * the portal makes them work). Sending asks first with a summary (decision 0633, BulkSendDialog).
 * With nothing selected the buttons do nothing.
 */
export function BulkBar({ rows, onDone }: { rows: InvoiceListItem[]; onDone: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const [sending, setSending] = useState(false);
  const count = rows.length;
  const ids = rows.map((r) => r.id);

  const send = () => {
    if (count === 0) return;
    setSending(true);
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
          <Button size="sm" leftSection={<IconSend size={16} />} onClick={send}>
            Senden
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
      <BulkSendDialog
        rows={rows}
        opened={sending}
        onClose={(finished) => {
          setSending(false);
          if (finished) onDone();
        }}
      />
    </Card>
  );
}
