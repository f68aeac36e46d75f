import { CALENDAR_FEED_LABELS } from '@butler/contract/calendar-feeds';
import { Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ErrorState } from '../../../components/states';
import { staffCalendarFeedsQuery, useStaffCalendarFeedActions } from '../api/calendar-feeds';
import { CalendarFeedPanel, type CalendarFeedTexts } from './calendar-feed-panel';

const TEXTS: CalendarFeedTexts = {
  urlHint:
    'Kopieren Sie die Adresse jetzt und tragen Sie sie in Ihrer Kalender-App als Abonnement ein („Kalender abonnieren“ oder „Per URL hinzufügen“). Sie wird nur dieses eine Mal angezeigt. Wer die Adresse kennt, sieht die Termine: Geben Sie sie nicht weiter.',
  renewAsk:
    'Die bisherige Adresse funktioniert danach nicht mehr: Kalender, die sie abonniert haben, bekommen keine Termine mehr. Die neue Adresse tragen Sie dort neu ein.',
  offAsk:
    'Die Adresse funktioniert danach nicht mehr, und Kalender, die sie abonniert haben, bekommen keine Termine mehr. Sie können das Kalender-Abo jederzeit wieder einschalten, mit einer neuen Adresse.',
};

/**
 * "Kalender-Abo" on the own account page (decision 0841): one's own visits and, for the
 * roles that may (Inhaber, Büro), the whole team's, in any calendar app. /admin/termine
 * links here (`#kalender-abo`).
 */
export function StaffCalendarFeedsCard() {
  const feeds = useQuery(staffCalendarFeedsQuery);
  const actions = useStaffCalendarFeedActions();
  const { hash } = useLocation();
  const loaded = feeds.isSuccess;
  // Come from "Kalender-Abo" on /admin/termine: into view once the card has its content.
  useEffect(() => {
    if (hash === '#kalender-abo' && loaded)
      document.getElementById('kalender-abo')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash, loaded]);
  return (
    <Card withBorder radius="md" padding="lg" id="kalender-abo" data-testid="calendar-feeds-card">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarShare size={20} aria-hidden />
          <Title order={2} size="h4">
            Kalender-Abo
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Ihre Termine erscheinen in Ihrer Kalender-App (Google Kalender, Apple Kalender, Outlook) über eine private
          Adresse. Neue und geänderte Termine holt die App von selbst ab.
        </Text>
        {feeds.isPending ? (
          <Loader size="sm" aria-label="Kalender-Abos werden geladen" />
        ) : feeds.isError ? (
          <ErrorState text="Fehler beim Laden der Kalender-Abos" onRetry={() => void feeds.refetch()} />
        ) : (
          <>
            <CalendarFeedPanel
              name={CALENDAR_FEED_LABELS.own}
              description="Die Termine, bei denen Sie eingeplant sind."
              feed={feeds.data.own}
              texts={TEXTS}
              onCreate={() => actions.create('own')}
              onDelete={() => actions.remove('own')}
              testId="calendar-feed-own"
            />
            {feeds.data.team_allowed && (
              <>
                <Divider />
                <CalendarFeedPanel
                  name={CALENDAR_FEED_LABELS.team}
                  description="Jeder Termin des ganzen Teams, mit Kunde, Ort und wer kommt."
                  feed={feeds.data.team}
                  texts={TEXTS}
                  onCreate={() => actions.create('team')}
                  onDelete={() => actions.remove('team')}
                  testId="calendar-feed-team"
                />
              </>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
