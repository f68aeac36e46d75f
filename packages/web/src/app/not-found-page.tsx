import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useHome } from './permissions';
import { useSession } from './session-context';

/** German 404 for unknown addresses, with the way back to the right start page. */
export function NotFoundPage() {
  const { userType } = useSession();
  const staffHome = useHome();
  const home = userType === 'admin' ? staffHome : userType === 'customer' ? '/customer/dashboard' : '/';
  return (
    <Center mih="70vh" px="md" component="main">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={64} fw={700} c="navy.5" lh={1}>
          404
        </Text>
        <Title order={1} size="h2">
          Seite nicht gefunden
        </Title>
        <Text c="dimmed">Diese Adresse gibt es nicht (mehr). Vielleicht wurde der Link falsch kopiert.</Text>
        <Button component={Link} to={home}>
          {userType ? 'Zur Startseite' : 'Zur Anmeldung'}
        </Button>
      </Stack>
    </Center>
  );
}
