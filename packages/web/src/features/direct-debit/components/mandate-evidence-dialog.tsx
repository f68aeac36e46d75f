import type { Mandate } from '@butler/contract/direct-debit';
import { Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { usePhone } from '../../../lib/use-phone';

/** What proves a mandate the customer signed online in the lounge (decision 0853). */
export function MandateEvidenceDialog({ mandate, onClose }: { mandate: Mandate | null; onClose: () => void }) {
  const phone = usePhone();
  const evidence = mandate?.evidence;
  const rows: Array<[string, string]> = evidence
    ? [
        ['Unterschrieben am', `${formatDateTime(evidence.signed_at)} Uhr`],
        ['Angemeldet als', `${evidence.signer_name} (${evidence.signer_login})`],
        ['Bestätigt mit', 'Passwort des Kundenkontos'],
        ['Adresse der Anfrage', evidence.client_address],
        ['Browser', evidence.browser],
        ['Prüfsumme des Textes (SHA-256)', evidence.text_sha256],
      ]
    : [];
  return (
    <Modal
      opened={mandate !== null}
      onClose={onClose}
      title={`Nachweis der Online-Unterschrift ${mandate?.reference ?? ''}`}
      fullScreen={phone}
      size="lg"
    >
      <Stack gap="sm" data-testid="mandate-evidence">
        <Table>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th fw={500} c="dimmed" w="40%">
                  {label}
                </Table.Th>
                <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fw={600} size="sm">
          Mandatstext, wie er angezeigt wurde
        </Text>
        <ScrollArea.Autosize mah={320} type="auto">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {evidence?.mandate_text}
          </Text>
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
