import type { StatementMonth } from '@butler/contract/balance-alerts';
import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileText, IconSend } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest, errorText } from '../lib/api-client';
import { formatDate } from '../lib/format';
import { mailStaysHere, useMailSetup } from '../lib/mail-setup';
import { notifyError, notifySuccess } from '../lib/notify';
import { PageLoader } from './page-loader';
import { EmptyState, ErrorState } from './states';

async function openStatement(customerId: number, month: string, save: boolean, version?: number) {
  try {
    const path = version === undefined ? 'pdf' : `versions/${version}/pdf`;
    const href = URL.createObjectURL(await apiDownload(`/api/customers/${customerId}/statements/${month}/${path}`));
    const link = document.createElement('a');
    link.href = href;
    if (save) link.download = `Monatsuebersicht-${month}${version ? `-Korrektur-${version}` : ''}.pdf`;
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
          {query.data.map((s) => {
            const corrections = s.versions.filter((v) => v.kind === 'correction');
            const latest = corrections.at(-1);
            const original = s.versions.find((v) => v.kind === 'original');
            return (
              <Stack key={s.month} gap={4} py={4} data-testid={`statement-${s.month}`}>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="wrap">
                    <Text>{s.month_display}</Text>
                    {latest && (
                      <Badge color="orange" variant="light" size="sm">
                        {`Korrektur vom ${formatDate(latest.issued_on)}`}
                      </Badge>
                    )}
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      aria-label={`${staff ? 'Öffnen' : 'PDF herunterladen'}: Monatsübersicht ${s.month_display}${latest ? ' (Korrektur)' : ''}`}
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
                {latest && (
                  // A statement changed after it was sent: what changed, and the sent one beside it (decision 0771).
                  <Stack gap={2} pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-orange-3)' }}>
                    <List size="sm" spacing={2}>
                      {latest.changes.map((line) => (
                        <List.Item key={line}>{line}</List.Item>
                      ))}
                    </List>
                    {original && (
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm" c="dimmed">
                          {`Versendet am ${formatDate(original.issued_on)}`}
                          {corrections.length > 1 &&
                            `, ${corrections.length - 1} frühere Korrektur${corrections.length > 2 ? 'en' : ''}`}
                        </Text>
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={`Ursprüngliche Monatsübersicht ${s.month_display} vom ${formatDate(original.issued_on)}`}
                          onClick={() => openStatement(customerId, s.month, !staff, original.version)}
                        >
                          Ursprüngliche Fassung
                        </Button>
                      </Group>
                    )}
                  </Stack>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
