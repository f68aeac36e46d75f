import type { WikiEntry } from '@butler/contract/wiki';
import { Button, Card, Stack } from '@mantine/core';
import { IconBriefcase, IconCategory } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../app/permissions';
import { CustomerPicker } from '../../components/customer-picker';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { errorText } from '../../lib/api-client';
import { useRecentCustomers, useWikiCategories, useWikiCustomer } from './api/wiki';
import { ChosenCustomer } from './components/chosen-customer';
import { CustomerWiki } from './components/customer-wiki';
import { EntryDialog } from './components/entry-dialog';
import { RecentCustomers } from './components/recent-customers';
import { WikiSearch } from './components/wiki-search';

function positiveInt(value: string | null) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

type DialogState = { entryId: number | null } | null;

/** /admin/wiki?customer=&category=&edit= (SPEC §2); &entry= opens one entry (the search's hits, decision 0650). */
export function WikiPage() {
  const [params, setParams] = useSearchParams();
  const customerId = positiveInt(params.get('customer'));
  const editId = positiveInt(params.get('edit'));
  const openedEntryId = positiveInt(params.get('entry'));
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>(null);
  const categories = useWikiCategories();
  const can = useCan();
  const recent = useRecentCustomers();
  const chosen = useWikiCustomer(customerId);

  // ?edit={id} opens the edit dialog and then leaves the address (replace, no history entry).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the edit id appears.
  useEffect(() => {
    if (!editId) return;
    setDialog({ entryId: editId });
    const next = new URLSearchParams(params);
    next.delete('edit');
    setParams(next, { replace: true });
  }, [editId]);

  const show = (customer: number | null, category?: number | null, entry?: number) => {
    const next = new URLSearchParams();
    if (customer) next.set('customer', String(customer));
    if (customer && category) next.set('category', String(category));
    if (customer && category && entry) next.set('entry', String(entry));
    setParams(next);
  };

  if (categories.isPending) return <PageLoader text="Lade Wiki..." />;
  if (categories.isError) {
    return (
      <ErrorState
        text={`Kritischer Fehler beim Laden der Wiki-Daten: ${errorText(categories.error, 'Unbekannter Fehler')}`}
        onRetry={() => categories.refetch()}
      />
    );
  }
  const list = categories.data;
  const wanted = positiveInt(params.get('category'));
  const categoryId = list.find((c) => c.id === wanted)?.id ?? list[0]?.id ?? null;

  const openFromSearch = (entry: WikiEntry) => {
    setSearch('');
    show(entry.customer_id, entry.category_id, entry.id);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Wiki"
        subtitle="Wissen, Zugangsdaten und Dateien je Kunde"
        actions={
          <>
            {can('wiki.categories.write') && (
              <Button
                component={Link}
                to="/admin/wiki/categories"
                variant="default"
                leftSection={<IconCategory size={16} aria-hidden />}
              >
                Kategorien
              </Button>
            )}
            <Button
              component={Link}
              to="/admin/projects"
              variant="default"
              leftSection={<IconBriefcase size={16} aria-hidden />}
            >
              Projekte
            </Button>
          </>
        }
      />
      <WikiSearch value={search} onChange={setSearch} onOpen={openFromSearch} />
      {customerId ? (
        <>
          <ChosenCustomer customerId={customerId} onBack={() => show(null)} />
          <CustomerWiki
            customerId={customerId}
            categories={list}
            categoryId={categoryId}
            onSelectCategory={(id) => show(customerId, id)}
            onAdd={() => setDialog({ entryId: null })}
            onEdit={(entry) => setDialog({ entryId: entry.id })}
            openedEntryId={openedEntryId}
          />
        </>
      ) : (
        <>
          <Card padding="lg">
            <CustomerPicker
              label="Kunde auswählen"
              required={false}
              value={null}
              onChange={(id) => id && show(id)}
              maw={480}
            />
          </Card>
          <RecentCustomers
            customers={recent.data}
            loading={recent.isPending}
            onChoose={(customer) => show(customer.id)}
          />
        </>
      )}
      <EntryDialog
        opened={dialog !== null}
        entryId={dialog?.entryId ?? null}
        defaults={{ customerId, customerLabel: chosen.data?.name ?? null, categoryId }}
        onClose={() => setDialog(null)}
        onSaved={(entry) => show(entry.customer_id, entry.category_id)}
      />
    </Stack>
  );
}
