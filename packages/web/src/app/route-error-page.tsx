import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/**
 * Shown instead of a blank page when a screen crashes or a lazy page cannot be loaded
 * (e.g. an old tab after an update replaced the files): a German message and a reload.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="70vh" px="md" component="main">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1} size="h2">
          Da ist etwas schiefgelaufen
        </Title>
        <Text c="dimmed">
          Diese Seite konnte nicht angezeigt werden. Vielleicht wurde das Portal gerade aktualisiert – bitte laden Sie
          die Seite neu.
        </Text>
        <Button onClick={() => window.location.reload()}>Seite neu laden</Button>
      </Stack>
    </Center>
  );
}
