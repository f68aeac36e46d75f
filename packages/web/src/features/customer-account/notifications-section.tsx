import type { NotificationPreferences } from '@butler/contract/balance-alerts';
import type { LoungeTexts } from '@butler/contract/lounge-texts';
import { Alert, Card, Group, Stack, Switch, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLoungeTexts } from '../../app/lounge-voice';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { apiRequest, errorText } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';

const switches = (
  t: LoungeTexts,
): Array<{ key: keyof NotificationPreferences; label: string; description: string }> => [
  {
    key: 'balance_alert_mails',
    label: 'E-Mail, wenn mein Guthaben knapp wird',
    description: t.notifyBalanceDescription,
  },
  {
    key: 'statement_mails',
    label: 'Monatsübersicht per E-Mail',
    description: t.notifyStatementDescription,
  },
  {
    key: 'order_mails',
    label: 'E-Mails zu meinen Aufträgen',
    description: t.notifyOrdersDescription,
  },
];

/** "Benachrichtigungen": the customer's own choice of mails (the team's own notes are not affected). */
export function NotificationsSection({ customerId }: { customerId: number }) {
  const queryClient = useQueryClient();
  const t = useLoungeTexts();
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
      notifySuccess(t.notificationsSaved);
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
            {switches(t).map((item) => {
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
