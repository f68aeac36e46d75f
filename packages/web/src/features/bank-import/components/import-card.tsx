import type { ImportSummary } from '@butler/contract/bank-import';
import { Alert, Box, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useImportBankFile } from '../api/bank-import';
import { ImportSummaryView } from './import-summary-view';

/** Upload of a camt.053/054 (or .052) file, with what the import did or why it was refused. */
export function ImportCard() {
  const upload = useImportBankFile();
  const [last, setLast] = useState<ImportSummary | null>(null);
  return (
    <Card>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} maw={640}>
          <Title order={2} size="h4">
            Kontoauszug importieren
          </Title>
          <Text size="sm" c="dimmed">
            camt.053 (Kontoauszug) oder camt.054 (Avisierung) aus dem Online-Banking, auch im österreichischen
            STUZZA-Format. Eine Datei oder überlappende Auszüge werden nie doppelt gebucht; was schon bekannt war, wird
            mit Grund aufgelistet.
          </Text>
        </Stack>
        <FileButton
          accept=".xml,application/xml,text/xml"
          onChange={(file) => {
            if (!file) return;
            setLast(null);
            upload.mutate(file, { onSuccess: setLast });
          }}
        >
          {(props) => (
            <Button {...props} leftSection={<IconFileUpload size={18} />} disabled={upload.isPending}>
              {upload.isPending ? 'Wird importiert...' : 'Datei hochladen'}
            </Button>
          )}
        </FileButton>
      </Group>
      {upload.error && (
        <Alert color="red" role="alert" mt="sm" title="Die Datei wurde nicht importiert">
          {errorText(upload.error, 'Die Datei konnte nicht importiert werden')}
        </Alert>
      )}
      {last && (
        <Box mt="sm">
          <ImportSummaryView summary={last} />
        </Box>
      )}
    </Card>
  );
}
