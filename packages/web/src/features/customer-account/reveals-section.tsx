import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { ErrorState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { useSecretReveals } from '../account/api/account';

/**
 * "Zugriffe auf Ihre Zugangsdaten": when which staff member revealed one of the stored
 * passwords. The heading is the text; the explanation addresses the customer with
 * "du" like the rest of the lounge (docs/decisions/0304-lounge-mein-konto.md).
 */
export function RevealsSection({ customerId }: { customerId: number }) {
  const reveals = useSecretReveals(customerId);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="reveals-section">
      <Stack gap="sm">
        <Group gap="xs">
          <IconEye size={20} aria-hidden />
          <Title order={2} size="h4">
            Zugriffe auf Ihre Zugangsdaten
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Deine bei uns hinterlegten Passwörter sind verschlüsselt. Hier siehst du jedes Mal, wenn jemand aus unserem
          Team eines davon angezeigt hat.
        </Text>
        {reveals.isLoading && <Loader size="sm" aria-label="Zugriffe werden geladen" />}
        {reveals.isError && (
          <ErrorState text="Zugriffe konnten nicht geladen werden" onRetry={() => void reveals.refetch()} />
        )}
        {reveals.data?.length === 0 && <Text size="sm">Bisher hat niemand eines deiner Passwörter angezeigt.</Text>}
        {reveals.data?.map((r) => (
          <Group
            key={r.id}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            py={6}
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="reveal-row"
          >
            <Text size="sm">
              <b>{r.staff_name}</b> hat „{r.entry_title ?? 'gelöschter Eintrag'}“ angezeigt
            </Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(r.at)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
