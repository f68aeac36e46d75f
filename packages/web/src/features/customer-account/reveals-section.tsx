import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useLoungeTexts } from '../../app/lounge-voice';
import { ErrorState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { useSecretReveals } from '../account';

/**
 * "Zugriffe auf deine/Ihre Zugangsdaten": when which staff member revealed one of the stored
 * passwords, in the customers' form of address (decisions 0304, 0620).
 */
export function RevealsSection({ customerId }: { customerId: number }) {
  const reveals = useSecretReveals(customerId);
  const t = useLoungeTexts();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="reveals-section">
      <Stack gap="sm">
        <Group gap="xs">
          <IconEye size={20} aria-hidden />
          <Title order={2} size="h4">
            {t.revealsTitle}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t.revealsIntro}
        </Text>
        {reveals.isLoading && <Loader size="sm" aria-label="Zugriffe werden geladen" />}
        {reveals.isError && (
          <ErrorState text="Zugriffe konnten nicht geladen werden" onRetry={() => void reveals.refetch()} />
        )}
        {reveals.data?.length === 0 && <Text size="sm">{t.revealsEmpty}</Text>}
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
