import { Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState } from '../../../components/states';
import { formatEuro } from '../../../lib/format';
import { useProducts } from '../api/catalog';
import { type EditorLine, newLine } from './line-editor';

/** Adds a line from the product catalogue (values are copied; later product changes do not touch it). */
export function ProductPickDialog({
  opened,
  onClose,
  onAdd,
}: {
  opened: boolean;
  onClose: () => void;
  onAdd: (line: EditorLine) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const products = useProducts(true);
  return (
    <Modal opened={opened} onClose={onClose} title="Produkt hinzufügen" fullScreen={phone} size="lg">
      {products.isPending ? (
        <PageLoader text="Lade Produkte..." />
      ) : (products.data ?? []).length === 0 ? (
        <EmptyState
          text="Keine aktiven Produkte vorhanden"
          action={
            <Button component={Link} to="/admin/quickbill/products" variant="light">
              Produkte verwalten
            </Button>
          }
        />
      ) : (
        <Stack gap="xs">
          {(products.data ?? []).map((p) => (
            <UnstyledButton
              key={p.id}
              onClick={() => {
                onAdd(
                  newLine({
                    description: p.description ? `${p.name} – ${p.description}` : p.name,
                    unit: p.unit,
                    unit_price: p.unit_price,
                    tax_rate: String(p.tax_rate),
                  }),
                );
                onClose();
              }}
              p="sm"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              aria-label={`${p.name} hinzufügen`}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {p.name}
                  </Text>
                  {p.description && (
                    <Text size="sm" c="dimmed" lineClamp={1}>
                      {p.description}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatEuro(p.unit_price)} / {p.unit}
                  </Text>
                  <IconPlus size={18} aria-hidden />
                </Group>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
