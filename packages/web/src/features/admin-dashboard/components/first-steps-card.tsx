import type { Onboarding, OnboardingStep } from '@butler/contract/onboarding';
import { Anchor, Button, Card, Group, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronRight, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NoMailServerAlert } from '../../../components/no-mail-server-alert';
import { errorText } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useChecklistVisibility } from '../api/onboarding';

type Checklist = NonNullable<Onboarding['checklist']>;

/** What each step asks and where it is done (decisions 0630, 0757); the last two lead to the newest records. */
export const STEP_TEXTS: Record<OnboardingStep, { title: string; hint: string; to: (c: Checklist) => string }> = {
  company: {
    title: 'Firmen- und Steuerdaten eintragen',
    hint: 'Firmenname, Anschrift und UID-Nummer (oder Steuernummer) stehen auf jeder Rechnung.',
    to: () => '/admin/quickbill/settings',
  },
  bank: {
    title: 'Bankverbindung angeben',
    hint: 'IBAN und BIC für die Zahlung und den QR-Code auf der Rechnung.',
    to: () => '/admin/quickbill/settings',
  },
  logo: {
    title: 'Logo hochladen',
    hint: 'Erscheint auf Rechnungen, Mails und der Anmeldeseite.',
    to: () => '/admin/quickbill/settings',
  },
  template: {
    title: 'ButlerPaket-Vorlage anlegen',
    hint: 'Laufzeit und Stundenpreis (netto), aus denen ButlerPakete entstehen.',
    to: () => '/admin/settings?vorlage=neu',
  },
  customer: {
    title: 'Ersten Kunden anlegen',
    hint: 'Mit Rechnungsadresse; auf Wunsch mit Einladung zur Lounge.',
    to: () => '/admin/customers',
  },
  subscription: {
    title: 'Dem Kunden ein ButlerPaket geben',
    hint: 'Beim Kunden unter „ButlerPakete“: Vorlage, Stunden pro Monat und Beginn.',
    to: (c) => (c.first_customer_id ? `/admin/customers/${c.first_customer_id}/butlerpakete` : '/admin/customers'),
  },
  invoice: {
    title: 'Erste ButlerPaket-Rechnung senden',
    hint: 'Unter „Nächste Abrechnungen“ mit „Jetzt abrechnen“ den ersten Monat abrechnen, prüfen und senden.',
    to: (c) =>
      c.subscription_draft_id
        ? `/admin/quickbill/invoices/${c.subscription_draft_id}`
        : '/admin/quickbill/abrechnungen',
  },
};

/** "Erste Schritte" on the overview: ticks itself off from the data, can be hidden per staff member. */
export function FirstStepsCard({ checklist }: { checklist: Checklist }) {
  const visibility = useChecklistVisibility();
  const done = checklist.steps.filter((s) => s.done).length;
  const total = checklist.steps.length;
  const hide = () =>
    visibility.mutate(true, { onError: (e) => notifyError(errorText(e, 'Ausblenden fehlgeschlagen')) });
  return (
    <Card component="section" aria-labelledby="first-steps-title" data-testid="first-steps">
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <div>
          <Title order={2} size="h4" id="first-steps-title">
            Erste Schritte
          </Title>
          <Text size="sm" c="dimmed">
            {done === total
              ? 'Alles eingerichtet: Ihr Portal ist bereit.'
              : `${done} von ${total} erledigt. Die Punkte haken sich von selbst ab.`}
          </Text>
        </div>
        <Button variant="subtle" size="compact-sm" onClick={hide} loading={visibility.isPending}>
          Ausblenden
        </Button>
      </Group>
      <Progress value={(done / total) * 100} color="green" size="sm" radius="xl" mb="md" aria-hidden />
      <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {checklist.steps.map((step) => {
          const text = STEP_TEXTS[step.key];
          return (
            <Group
              key={step.key}
              component="li"
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-step={step.key}
              data-done={step.done}
            >
              <ThemeIcon
                size={24}
                radius="xl"
                variant={step.done ? 'filled' : 'light'}
                color={step.done ? 'green' : 'gray'}
                mt={2}
                aria-hidden
              >
                {step.done ? <IconCheck size={16} /> : <IconCircleDashed size={16} />}
              </ThemeIcon>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={text.to(checklist)}
                  fw={600}
                  c={step.done ? 'gray.7' : undefined}
                  td={step.done ? 'line-through' : undefined}
                >
                  {text.title}
                  <VisuallyHidden>{step.done ? ' (erledigt)' : ' (offen)'}</VisuallyHidden>
                </Anchor>
                {!step.done && (
                  <Text size="sm" c="dimmed">
                    {text.hint}
                  </Text>
                )}
              </div>
              {!step.done && <IconChevronRight size={18} aria-hidden style={{ marginTop: 4, flexShrink: 0 }} />}
            </Group>
          );
        })}
      </Stack>
      {/* The first sent invoice reaches nobody while mail only goes to the outbox folder (decision 0755). */}
      <NoMailServerAlert compact mt="md" />
    </Card>
  );
}
