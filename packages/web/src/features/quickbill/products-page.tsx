import type { Product } from '@butler/contract/quickbill';
import { Badge, Button, Card, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck, IconCircleMinus, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { EmptyState, ErrorState } from '../../components/states';
import { formatEuro, truncate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { useDeleteProduct, useProducts } from './api/catalog';
import { ProductFormDialog } from './components/product-form-dialog';
import { RowIconActions } from './components/row-icon-actions';

function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
      Aktiv
    </Badge>
  ) : (
    <Badge color="gray" variant="light" leftSection={<IconCircleMinus size={12} aria-hidden />}>
      Inaktiv
    </Badge>
  );
}

/** /admin/quickbill/products — the catalogue the invoice editor picks lines from. */
export function ProductsPage() {
  const query = useProducts();
  const remove = useDeleteProduct();
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Product | null>(null);

  const actions = (p: Product) => (
    <RowIconActions
      actions={[
        { label: `${p.name} bearbeiten`, icon: <IconPencil size={18} />, onClick: () => setEditing(p) },
        { label: `${p.name} löschen`, icon: <IconTrash size={18} />, onClick: () => setDeleting(p), color: 'red' },
      ]}
    />
  );
  const columns: Column<Product>[] = [
    {
      key: 'name',
      label: 'Name',
      render: (p) => (
        <Text fw={600} size="sm">
          {p.name}
        </Text>
      ),
      hideOnCard: true,
    },
    { key: 'description', label: 'Beschreibung', render: (p) => truncate(p.description, 50) || '–' },
    { key: 'unit', label: 'Einheit', render: (p) => p.unit },
    { key: 'price', label: 'Preis netto', render: (p) => formatEuro(p.unit_price), align: 'right' },
    { key: 'tax', label: 'USt', render: (p) => `${p.tax_rate}\u00a0%`, align: 'right' },
    { key: 'active', label: 'Status', render: (p) => <ActiveBadge active={p.is_active} /> },
    { key: 'actions', label: 'Aktionen', render: actions, hideOnCard: true, align: 'right' },
  ];
  const newButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
      Neues Produkt
    </Button>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title="Produkte"
        subtitle="Wiederkehrende Leistungen mit Preis und Steuersatz für den Rechnungseditor"
        actions={
          <>
            <Button component={Link} to="/admin/quickbill" variant="default" leftSection={<IconArrowLeft size={18} />}>
              Quickbill
            </Button>
            {newButton}
          </>
        }
      />
      {query.isPending ? (
        <PageLoader text="Lade Produkte..." />
      ) : query.isError ? (
        <ErrorState text="Fehler beim Laden der Daten" onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Card>
          <EmptyState text="Noch keine Produkte angelegt." action={newButton} />
        </Card>
      ) : (
        <Card padding="md">
          <ResponsiveList
            rows={query.data}
            columns={columns}
            rowKey={(p) => p.id}
            cardTitle={(p) => p.name}
            cardActions={actions}
            caption="Produkte"
          />
        </Card>
      )}
      {editing !== undefined && <ProductFormDialog product={editing} opened onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title="Produkt löschen?"
        message={`Das Produkt „${deleting?.name ?? ''}“ wird gelöscht. Bestehende Rechnungen behalten ihre Positionen unverändert.`}
        errorFallback="Fehler beim Löschen des Produkts"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifySuccess('Produkt gelöscht');
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
