import type { StatementMonth } from '@butler/contract/balance-alerts';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileText, IconSend } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest, errorText } from '../lib/api-client';
import { mailStaysHere, useMailSetup } from '../lib/mail-setup';
import { notifyError, notifySuccess } from '../lib/notify';
import { PageLoader } from './page-loader';
import { EmptyState, ErrorState } from './states';

async function openStatement(customerId: number, month: string, save: boolean) {
  try {
    const href = URL.createObjectURL(await apiDownload(`/api/customers/${customerId}/statements/${month}/pdf`));
    const link = document.createElement('a');
    link.href = href;
    if (save) link.download = `Monatsuebersicht-${month}.pdf`;
    else link.target = '_blank';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch {
    notifyError('Die Monatsübersicht konnte nicht geladen werden.');
  }
}

/** The months of a customer's statements (also fetched ahead by the lounge, decision 0413). */
export const statementsQuery = (customerId: number) =>
  queryOptions({
    queryKey: ['statements', customerId],
    queryFn: ({ signal }) => apiRequest<StatementMonth[]>(`/api/customers/${customerId}/statements`, { signal }),
  });

/**
 * "Monatsübersichten": every past month with bookings as a PDF. Customers download them;
 * staff (`staff`) open them and, with `mayResend`, can send one again.
 */
export function StatementsCard({
  customerId,
  staff = false,
  mayResend = staff,
}: {
  customerId: number;
  staff?: boolean;
  mayResend?: boolean;
}) {
  const query = useQuery(statementsQuery(customerId));
  const mailSetup = useMailSetup(mayResend).data;
  const resend = useMutation({
    mutationFn: (month: string) =>
      apiRequest(`/api/customers/${customerId}/statements/${month}/send`, { method: 'POST' }),
    onSuccess: () =>
      notifySuccess(
        mailStaysHere(mailSetup)
          ? 'Die Monatsübersicht wird im Ausgangsordner abgelegt (kein Mailserver eingerichtet, nicht versendet)'
          : 'Die Monatsübersicht wird gesendet',
      ),
    onError: (error) => notifyError(errorText(error, 'Fehler beim Senden')),
  });
  return (
    <Card component="section" aria-labelledby={`statements-${customerId}`} data-testid="statements-card">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <IconFileText size={22} color="var(--mantine-color-navy-7)" aria-hidden />
        <Title order={2} size="h4" id={`statements-${customerId}`}>
          Monatsübersichten
        </Title>
      </Group>
      {query.isPending ? (
        <PageLoader text="Lade Monatsübersichten..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState text="Noch keine Monatsübersicht vorhanden." />
      ) : (
        <Stack gap={4}>
          {query.data.map((s) => (
            <Group key={s.month} justify="space-between" wrap="nowrap" py={4}>
              <Text>{s.month_display}</Text>
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  aria-label={`${staff ? 'Öffnen' : 'PDF herunterladen'}: Monatsübersicht ${s.month_display}`}
                  onClick={() => openStatement(customerId, s.month, !staff)}
                >
                  {staff ? 'Öffnen' : 'PDF'}
                </Button>
                {mayResend && (
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconSend size={14} aria-hidden />}
                    aria-label={`Erneut senden: Monatsübersicht ${s.month_display}`}
                    disabled={resend.isPending}
                    onClick={() => resend.mutate(s.month)}
                  >
                    Erneut senden
                  </Button>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
