import type { NotificationPreferences } from '@butler/contract/balance-alerts';
import { Alert, Card, Group, Stack, Switch, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { apiRequest, errorText } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';

const SWITCHES: Array<{ key: keyof NotificationPreferences; label: string; description: string }> = [
  {
    key: 'balance_alert_mails',
    label: 'E-Mail, wenn mein Guthaben knapp wird',
    description:
      'Höchstens eine E-Mail pro Monat deines ButlerPakets und pro Stundenpaket. Der Hinweis in deiner Lounge bleibt.',
  },
  {
    key: 'statement_mails',
    label: 'Monatsübersicht per E-Mail',
    description: 'Am 1. jedes Monats als PDF. In deiner Lounge kannst du sie jederzeit herunterladen.',
  },
];

/** "Benachrichtigungen": the customer's own choice of mails (the team's own notes are not affected). */
export function NotificationsSection({ customerId }: { customerId: number }) {
  const queryClient = useQueryClient();
  const key = ['notification-preferences', customerId];
  const url = `/api/customers/${customerId}/notification-preferences`;
  const prefs = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest<NotificationPreferences>(url, { signal }),
  });
  const save = useMutation({
    mutationFn: (body: NotificationPreferences) => apiRequest<NotificationPreferences>(url, { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      notifySuccess('Deine Benachrichtigungen sind gespeichert');
    },
  });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="notifications-section">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBell size={20} aria-hidden />
          <Title order={2} size="h4">
            Benachrichtigungen
          </Title>
        </Group>
        {prefs.isPending ? (
          <PageLoader text="Lade Einstellungen..." />
        ) : prefs.isError ? (
          <ErrorState text="Fehler beim Laden der Daten" onRetry={() => prefs.refetch()} />
        ) : (
          <>
            {SWITCHES.map((item) => {
              const shown = save.isPending && save.variables ? save.variables : prefs.data;
              return (
                <Switch
                  key={item.key}
                  label={item.label}
                  description={item.description}
                  checked={shown[item.key]}
                  disabled={save.isPending}
                  onChange={(e) => save.mutate({ ...prefs.data, [item.key]: e.currentTarget.checked })}
                />
              );
            })}
            {save.isError && (
              <Alert color="red" role="alert">
                {errorText(save.error, 'Fehler beim Speichern')}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
