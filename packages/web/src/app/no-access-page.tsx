import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useHome } from './permissions';

/** A back-office page the staff member's role does not include (decision 0540). */
export function NoAccessPage() {
  const home = useHome();
  return (
    <Center mih="60vh" px="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <IconLock size={48} stroke={1.5} aria-hidden color="var(--mantine-color-navy-5)" />
        <Title order={1} size="h2">
          Kein Zugriff
        </Title>
        <Text c="dimmed">
          Ihre Rolle umfasst diese Seite nicht. Wenn Sie sie brauchen, wenden Sie sich bitte an die Inhaberin oder den
          Inhaber.
        </Text>
        <Button component={Link} to={home}>
          Zur Startseite
        </Button>
      </Stack>
    </Center>
  );
}
