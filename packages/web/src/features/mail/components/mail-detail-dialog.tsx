import { MAIL_TEMPLATE_LABELS } from '@butler/contract/mail';
import { Alert, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useMailDetail } from '../api/outbox';
import { MailStatusCell } from './mail-status';

/** One mail as it was sent: addresses, state, the HTML (sandboxed, no scripts) or the text part. */
export function MailDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { data, isLoading, isError } = useMailDetail(id);
  const [view, setView] = useState<'html' | 'text'>('html');
  return (
    <Modal opened={id !== null} onClose={onClose} title={data?.subject ?? 'E-Mail'} size="xl" fullScreen={phone}>
      {isLoading && <Loader aria-label="E-Mail wird geladen" />}
      {isError && <Alert color="red">Fehler beim Laden der E-Mail</Alert>}
      {data && (
        <Stack gap="sm">
          <Group gap="xl" align="flex-start" wrap="wrap">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                An
              </Text>
              <Text size="sm">{data.to}</Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                Von
              </Text>
              <Text size="sm">{data.from}</Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                Art
              </Text>
              <Text size="sm">{MAIL_TEMPLATE_LABELS[data.template] ?? data.template}</Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                Erstellt
              </Text>
              <Text size="sm">
                {formatDateTime(data.created_at)} von {data.created_by}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                Status
              </Text>
              <MailStatusCell mail={data} />
            </Stack>
          </Group>
          {data.attachments.length > 0 && (
            <Group gap="xs">
              <IconPaperclip size={16} aria-hidden />
              <Text size="sm">{data.attachments.map((a) => a.filename).join(', ')}</Text>
            </Group>
          )}
          <SegmentedControl
            value={view}
            onChange={(v) => setView(v as 'html' | 'text')}
            data={[
              { value: 'html', label: 'Ansicht' },
              { value: 'text', label: 'Nur Text' },
            ]}
            w="fit-content"
          />
          {view === 'html' ? (
            <iframe
              title={`Inhalt der E-Mail: ${data.subject}`}
              srcDoc={data.html}
              sandbox=""
              style={{
                width: '100%',
                height: phone ? '60vh' : 520,
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 8,
              }}
            />
          ) : (
            <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit' }}>
              {data.text}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
