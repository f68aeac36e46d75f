import { Button, Card, Center, Group, Loader, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ErrorState } from '../../../components/states';
import { apiDownload } from '../../../lib/api-client';
import { quickbillKeys } from '../api/keys';

/**
 * The invoice PDF as the customer gets it. Fetched with the bearer token (an <iframe src>
 * to /api would carry none) and shown from an object URL (CSP: frame-src blob:).
 */
export function PdfPreview({ invoiceId, version }: { invoiceId: number; version: string }) {
  const query = useQuery({
    queryKey: [...quickbillKeys.pdf(invoiceId), version],
    queryFn: () => apiDownload(`/api/quickbill/invoices/${invoiceId}/pdf`),
    staleTime: 60_000,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  return (
    <Card padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Vorschau
        </Title>
        {url && (
          <Button
            component="a"
            href={url}
            target="_blank"
            rel="noopener"
            variant="subtle"
            size="compact-sm"
            rightSection={<IconExternalLink size={14} />}
          >
            In neuem Tab öffnen
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <Center h={300}>
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed">PDF wird erstellt...</Text>
          </Group>
        </Center>
      ) : query.isError || !url ? (
        <ErrorState text="Die Vorschau konnte nicht geladen werden" onRetry={() => void query.refetch()} />
      ) : (
        <iframe
          title="Rechnungsvorschau"
          src={url}
          style={{
            width: '100%',
            height: 'min(1100px, 80vh)',
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 8,
          }}
        />
      )}
    </Card>
  );
}
