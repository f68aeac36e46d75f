import type { CustomerUser } from '@butler/contract/auth';
import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLoungeTexts } from '../../app/lounge-voice';
import { useSession } from '../../app/session-context';
import { PasswordChangeCard } from '../account';
import { CalendarFeedSection } from './calendar-feed-section';
import { EmailSection } from './email-section';
import { MandateSection } from './mandate/mandate-section';
import { NotificationsSection } from './notifications-section';
import { RevealsSection } from './reveals-section';

/**
 * "Mein Konto" in the lounge, composed of sections: e-mail, password change, the SEPA
 * Lastschrift (decision 0853), notification mails, the Kalender-Abo, accesses to stored passwords.
 */
export function CustomerAccountPage() {
  const { user, customerVoice } = useSession();
  const t = useLoungeTexts();
  const customer = user as CustomerUser;
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <Anchor component={Link} to="/customer/dashboard" size="sm">
          <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> Zurück zur Übersicht
        </Anchor>
        <div>
          <Title order={1} size="h2">
            Mein Konto
          </Title>
          <Text c="dimmed">{t.accountIntro}</Text>
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <EmailSection email={customer.email} />
          <PasswordChangeCard voice={customerVoice} />
        </SimpleGrid>
        <MandateSection customerId={customer.id} />
        <NotificationsSection customerId={customer.id} />
        <CalendarFeedSection customerId={customer.id} />
        <RevealsSection customerId={customer.id} />
      </Stack>
    </Container>
  );
}
