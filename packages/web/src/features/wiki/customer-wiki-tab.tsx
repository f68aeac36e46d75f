import { Anchor, Group, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { errorText } from '../../lib/api-client';
import { useWikiCategories } from './api/wiki';
import { CustomerWiki } from './components/customer-wiki';
import { EntryDialog } from './components/entry-dialog';

/**
 * The Wiki tab of the customer page (decision 0644): the same categories, entries and dialog
 * as /admin/wiki?customer=, with the category in the address (?category=).
 */
export function CustomerWikiTab({ customerId, customerName }: { customerId: number; customerName: string }) {
  const [params, setParams] = useSearchParams();
  const categories = useWikiCategories();
  const [dialog, setDialog] = useState<{ entryId: number | null } | null>(null);
  if (categories.isPending) return <PageLoader text="Lade Wiki..." />;
  if (categories.isError)
    return (
      <ErrorState
        text={`Kritischer Fehler beim Laden der Wiki-Daten: ${errorText(categories.error, 'Unbekannter Fehler')}`}
        onRetry={() => categories.refetch()}
      />
    );
  const list = categories.data;
  const wanted = Number(params.get('category'));
  const categoryId = list.find((c) => c.id === wanted)?.id ?? list[0]?.id ?? null;
  const show = (category: number) => setParams(new URLSearchParams({ category: String(category) }));

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Anchor component={Link} to={`/admin/wiki?customer=${customerId}`} size="sm">
          <Group gap={4} wrap="nowrap">
            Im Wiki öffnen <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <CustomerWiki
        customerId={customerId}
        categories={list}
        categoryId={categoryId}
        onSelectCategory={show}
        onAdd={() => setDialog({ entryId: null })}
        onEdit={(entry) => setDialog({ entryId: entry.id })}
      />
      <EntryDialog
        opened={dialog !== null}
        entryId={dialog?.entryId ?? null}
        defaults={{ customerId, customerLabel: customerName, categoryId }}
        onClose={() => setDialog(null)}
        onSaved={(entry) => show(entry.category_id)}
      />
    </Stack>
  );
}
