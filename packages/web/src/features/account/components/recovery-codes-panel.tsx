import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconDownload } from '@tabler/icons-react';
import { copyToClipboard } from '../../../lib/notify';
import { saveBlob } from '../../../lib/save-blob';

/** The ten recovery codes, shown exactly once, with copy and download. */
export function RecoveryCodesPanel({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const text = codes.join('\n');
  const download = () => {
    const blob = new Blob([`Butler-Portal – Wiederherstellungscodes\n\n${text}\n`], { type: 'text/plain' });
    saveBlob(blob, 'butler-portal-wiederherstellungscodes.txt');
  };
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Wiederherstellungscodes sichern">
        Diese zehn Codes werden nur jetzt angezeigt. Jeder Code funktioniert genau einmal, falls Sie keinen Zugriff auf
        Ihre Authenticator-App haben. Bewahren Sie sie sicher auf (z. B. im Passwort-Manager).
      </Alert>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {codes.map((code) => (
            <Text key={code} ff="monospace" fz="md" data-testid="recovery-code">
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <List size="sm" c="dimmed">
        <List.Item>Groß- und Kleinschreibung und der Bindestrich spielen keine Rolle.</List.Item>
      </List>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          onClick={() => void copyToClipboard(text, 'Codes kopiert', 'Fehler beim Kopieren in die Zwischenablage')}
        >
          Kopieren
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
          Als Datei speichern
        </Button>
        <Button onClick={onDone} ml="auto">
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
