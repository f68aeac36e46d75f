import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDevices, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useDeviceSessions, useEndSession } from '../api/account';

/** "Angemeldete Geräte": browser, address, last activity; end one or all others. */
export function DevicesCard() {
  const sessions = useDeviceSessions();
  const end = useEndSession();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const others = (sessions.data ?? []).filter((s) => !s.current);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="devices-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="xs">
            <IconDevices size={20} aria-hidden />
            <Title order={2} size="h4">
              Angemeldete Geräte
            </Title>
          </Group>
          {others.length > 0 && (
            <Button variant="light" color="red" size="xs" onClick={() => setConfirmOthers(true)}>
              Alle anderen abmelden
            </Button>
          )}
        </Group>
        {sessions.isLoading && <Loader size="sm" aria-label="Geräte werden geladen" />}
        {sessions.isError && (
          <ErrorState text="Geräte konnten nicht geladen werden" onRetry={() => void sessions.refetch()} />
        )}
        {sessions.data?.map((s) => (
          <Group
            key={s.id}
            justify="space-between"
            wrap="nowrap"
            align="flex-start"
            py="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="device-row"
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600}>{s.browser}</Text>
                {s.current && (
                  <Badge color="teal" variant="light">
                    Dieses Gerät
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                Adresse {s.address ?? 'unbekannt'} · angemeldet {formatDateTime(s.signed_in_at)}
              </Text>
              <Text size="sm" c="dimmed">
                Zuletzt aktiv {formatDateTime(s.last_active_at)}
              </Text>
            </Stack>
            {!s.current && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconLogout size={14} />}
                style={{ flexShrink: 0 }}
                loading={end.isPending && end.variables === s.id}
                onClick={() => end.mutateAsync(s.id).then(() => notifySuccess('Gerät abgemeldet'))}
                aria-label={`${s.browser} abmelden`}
              >
                Abmelden
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <ConfirmDialog
        opened={confirmOthers}
        title="Alle anderen Geräte abmelden?"
        message={`${others.length} ${others.length === 1 ? 'Anmeldung wird' : 'Anmeldungen werden'} beendet. Dieses Gerät bleibt angemeldet.`}
        confirmLabel="Abmelden"
        errorFallback="Fehler beim Abmelden der Geräte"
        onConfirm={() => end.mutateAsync('others').then(() => notifySuccess('Alle anderen Geräte abgemeldet'))}
        onClose={() => setConfirmOthers(false)}
      />
    </Card>
  );
}
