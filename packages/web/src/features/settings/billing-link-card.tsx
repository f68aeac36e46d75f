import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconFileInvoice, IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * Invoices have their own settings page in Quickbill; the one "Einstellungen" leads there
 * (letterhead and bank) and to "Abrechnung und Mahnwesen" (decision 0632).
 */
export function BillingLinkCard() {
  return (
    <Card>
      <Title order={2} size="h4" mb={2}>
        Rechnungen, Abrechnung und Mahnwesen
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Briefkopf und Bankverbindung, automatische ButlerPaket-Rechnungen, Mahnstufen und Verzugszinsen
      </Text>
      <Group gap="xs">
        <Button
          component={Link}
          to="/admin/quickbill/settings"
          variant="light"
          leftSection={<IconFileInvoice size={16} />}
        >
          Rechnungseinstellungen
        </Button>
        <Button
          component={Link}
          to="/admin/quickbill/settings#abrechnung"
          variant="light"
          leftSection={<IconReceipt size={16} />}
        >
          Abrechnung und Mahnwesen
        </Button>
      </Group>
    </Card>
  );
}
