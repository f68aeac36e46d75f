import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@butler/contract/customers';
import { PUBLIC_PAGE_TEXTS } from '@butler/contract/lounge-texts';
import type { ReferralInvitation } from '@butler/contract/referrals';
import { Alert, Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconGift, IconMail, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { apiRequest } from '../../lib/api-client';
import { LoginLayout } from './login-layout';

const CODE = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/**
 * /empfehlung/{CODE}: where a referral QR code and the shared links lead (decision 0760). The
 * friend reads the code, the gift and how to get in touch, but nothing about the customer
 * (not even who recommends); customers find their login. Written without "du" or "Sie" like
 * the other pages before sign-in (decision 0621).
 */
export function ReferralInvitationPage() {
  const code = (useParams().code ?? '').toUpperCase();
  const valid = CODE.test(code);
  const info = useQuery({
    queryKey: ['referral-invitation'],
    queryFn: () => apiRequest<ReferralInvitation>('/api/referral-invitation', { skipUnauthorizedHandling: true }),
    staleTime: 5 * 60_000,
  });
  const data = info.data;
  const subject = encodeURIComponent(`Anfrage mit Empfehlungscode ${code}`);

  return (
    <LoginLayout eyebrow="Empfehlung" title="Zu Diensten." tagline={PUBLIC_PAGE_TEXTS.tagline}>
      {info.isPending ? (
        <PageLoader text="Lade Empfehlung..." />
      ) : (
        <Stack gap="md" data-testid="referral-invitation">
          <Group gap="sm" wrap="nowrap">
            <IconGift size={28} color="var(--mantine-color-gold-8)" aria-hidden />
            <Title order={2} size="h3">
              {data ? `Eine Empfehlung für ${data.company}` : 'Eine Empfehlung'}
            </Title>
          </Group>
          {valid ? (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                Empfehlungscode
              </Text>
              <Text
                ff="monospace"
                fz={28}
                fw={700}
                c="navy.9"
                data-testid="invitation-code"
                style={{ letterSpacing: '0.08em' }}
              >
                {code}
              </Text>
            </Stack>
          ) : (
            <Alert color="orange" role="status">
              Dieser Link enthält keinen gültigen Empfehlungscode. Eine Anfrage ist trotzdem jederzeit möglich.
            </Alert>
          )}
          {data && valid && data.programme_active && (
            <Text>
              Mit diesem Code gibt es zum Start <b>{data.gift_text}</b>.
            </Text>
          )}
          {data && !data.programme_active && (
            <Text size="sm">Das Empfehlungsprogramm ist gerade pausiert; eine Anfrage lohnt sich trotzdem.</Text>
          )}
          <Text fw={600} mb={-8}>
            So geht es weiter
          </Text>
          <List size="sm" spacing={4} type="ordered">
            <List.Item>
              Kontakt aufnehmen{data?.contact_email ? ` – per E-Mail an ${data.contact_email}` : ''}
              {data?.contact_phone ? ` oder telefonisch unter ${data.contact_phone}` : ''}
              {valid ? ' – und dabei den Code nennen.' : '.'}
            </List.Item>
            <List.Item>Nach dem Kennenlernen kommt die Einladung zur Kunden-Lounge per E-Mail.</List.Item>
          </List>
          <Group gap="sm" grow>
            {data?.contact_email && (
              <Button
                component="a"
                href={`mailto:${data.contact_email}${valid ? `?subject=${subject}` : ''}`}
                leftSection={<IconMail size={18} aria-hidden />}
              >
                E-Mail schreiben
              </Button>
            )}
            {data?.contact_phone && (
              <Button
                component="a"
                href={`tel:${data.contact_phone.replace(/[^\d+]/g, '')}`}
                variant="default"
                leftSection={<IconPhone size={18} aria-hidden />}
              >
                Anrufen
              </Button>
            )}
          </Group>
          <Text ta="center" size="sm">
            Bereits in der Lounge?{' '}
            <Anchor component={Link} to="/">
              Zur Anmeldung
            </Anchor>
          </Text>
        </Stack>
      )}
    </LoginLayout>
  );
}
