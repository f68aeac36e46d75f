import type { AuditEntry, AuditFilters, AuditPage as AuditPageData } from '@butler/contract/audit';
import { Anchor, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CustomerPicker } from '../../components/customer-picker';
import { DateField } from '../../components/date-field';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { Pager } from '../../components/pager';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { EmptyState, ErrorState } from '../../components/states';
import { apiDownload, apiRequest, buildUrl, errorText } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { saveBlob } from '../../lib/save-blob';
import { urlParam } from '../../lib/url-filters';
import { usePageInRange, useUrlFilters } from '../../lib/use-url-filters';
import { actionLabel, entityLabel } from './labels';

const PAGE_SIZE = 50;
/** The filters in the address (decision 0660), shaped as the API checks them (zAuditQuery). */
const FILTERS = {
  person: urlParam.pattern(/^(admin:\d{1,10}|customer:\d{1,10}|system)$/),
  kunde: urlParam.id(),
  art: urlParam.pattern(/^[a-z_-]+$/),
  aktion: urlParam.pattern(/^[a-z_-]+$/),
  von: urlParam.date(),
  bis: urlParam.date(),
  seite: urlParam.page(),
};

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return (
    <Stack gap={2}>
      {entry.changes.map((c) => (
        <Text key={c.field} size="xs" style={{ wordBreak: 'break-word' }}>
          <b>{c.label}</b>{' '}
          {c.secret ? (
            <Text span size="xs" c="dimmed">
              geändert (Wert wird nie angezeigt)
            </Text>
          ) : entry.action === 'create' ? (
            (c.after ?? '–')
          ) : entry.action === 'delete' ? (
            <Text span size="xs" td="line-through">
              {c.before ?? '–'}
            </Text>
          ) : (
            <>
              von {c.before ?? '–'} auf {c.after ?? '–'}
            </>
          )}
        </Text>
      ))}
    </Stack>
  );
}

/** The record by its name or number, linked to where it opens (decision 0634). */
function RecordCell({ entry }: { entry: AuditEntry }) {
  const label = entry.record_label ?? entityLabel(entry.entity);
  if (!entry.record_path) return <>{label}</>;
  return (
    <Anchor component={Link} to={entry.record_path} size="sm">
      {label}
    </Anchor>
  );
}

/** "Protokoll": every audited action, filtered and paged on the server, with CSV download. */
export function AuditPage() {
  const navigate = useNavigate();
  const { values, set: change, replace } = useUrlFilters(FILTERS);
  const page = values.seite;
  const setPage = (seite: number) => change({ seite });
  const [downloading, setDownloading] = useState(false);
  const options = useQuery({
    queryKey: ['audit', 'filters'],
    queryFn: () => apiRequest<AuditFilters>('/api/audit/filters'),
  });
  // A person, kind or action the Protokoll does not know (an old or edited link) is no filter.
  const known = (value: string | null, list: string[] | undefined) =>
    value && (!list || list.includes(value)) ? value : null;
  const filters = {
    actor: known(
      values.person,
      options.data?.actors.map((a) => a.key),
    ),
    customer_id: values.kunde,
    entity: known(values.art, options.data?.entities),
    action: known(values.aktion, options.data?.actions),
    from: values.von,
    to: values.bis,
  };
  const query = { ...filters, page, page_size: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['audit', query],
    queryFn: () => apiRequest<AuditPageData>('/api/audit', { query }),
    placeholderData: keepPreviousData,
  });
  usePageInRange(page, list.data?.total, PAGE_SIZE, (seite) => replace({ seite }));
  const download = async () => {
    setDownloading(true);
    try {
      const blob = await apiDownload(buildUrl('/api/audit/export.csv', filters));
      saveBlob(blob, `protokoll-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (cause) {
      notifyError(errorText(cause, 'Fehler beim Herunterladen des Protokolls'));
    } finally {
      setDownloading(false);
    }
  };

  const columns: Column<AuditEntry>[] = [
    { key: 'at', label: 'Zeitpunkt', render: (e) => formatDateTime(e.at) },
    {
      key: 'actor',
      label: 'Person',
      render: (e) => (e.actor_type === 'customer' ? `${e.actor_name} (Kunde)` : e.actor_name),
    },
    {
      key: 'action',
      label: 'Aktion',
      render: (e) => (
        <Badge variant="light" color={e.action === 'login_failed' ? 'red' : 'blue'}>
          {actionLabel(e.action)}
        </Badge>
      ),
    },
    { key: 'entity', label: 'Datensatz', render: (e) => <RecordCell entry={e} /> },
    { key: 'customer', label: 'Kunde', render: (e) => e.customer_name ?? '–' },
    { key: 'changes', label: 'Änderungen', render: (e) => <Changes entry={e} /> },
  ];

  return (
    <>
      <PageHeader
        title="Protokoll"
        subtitle="Wer hat wann was geändert – Passwörter und Geheimnisse werden nie angezeigt"
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => navigate('/admin/settings')}
            >
              Zu den Einstellungen
            </Button>
            <Button leftSection={<IconDownload size={16} />} loading={downloading} onClick={() => void download()}>
              CSV herunterladen
            </Button>
          </Group>
        }
      />
      <Card withBorder radius="md" padding="md" mb="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <Select
            label="Person"
            placeholder="Alle"
            clearable
            searchable
            data={(options.data?.actors ?? []).map((a) => ({ value: a.key, label: a.label }))}
            value={filters.actor}
            onChange={(person) => change({ person })}
          />
          <CustomerPicker
            required={false}
            value={filters.customer_id}
            initialLabel={list.data?.items.find((e) => e.customer_id === filters.customer_id)?.customer_name}
            onChange={(kunde) => change({ kunde })}
          />
          <Select
            label="Art des Datensatzes"
            placeholder="Alle"
            clearable
            data={(options.data?.entities ?? []).map((v) => ({ value: v, label: entityLabel(v) }))}
            value={filters.entity}
            onChange={(art) => change({ art })}
          />
          <Select
            label="Aktion"
            placeholder="Alle"
            clearable
            searchable
            data={(options.data?.actions ?? []).map((v) => ({ value: v, label: actionLabel(v) }))}
            value={filters.action}
            onChange={(aktion) => change({ aktion })}
          />
          <DateField label="Von" clearable value={filters.from} onChange={(von) => change({ von })} />
          <DateField label="Bis" clearable value={filters.to} onChange={(bis) => change({ bis })} />
        </SimpleGrid>
      </Card>
      {list.isLoading && <PageLoader text="Lade Protokoll..." />}
      {list.isError && <ErrorState text="Protokoll konnte nicht geladen werden" onRetry={() => void list.refetch()} />}
      {list.data && list.data.items.length === 0 && <EmptyState text="Keine Einträge für diese Filter" />}
      {list.data && list.data.items.length > 0 && (
        <Card withBorder radius="md" padding="md" data-testid="audit-list">
          <ResponsiveList
            rows={list.data.items}
            columns={columns}
            rowKey={(e) => e.id}
            cardTitle={(e) => `${e.record_label ?? entityLabel(e.entity)}: ${actionLabel(e.action)}`}
            caption="Protokoll"
          />
          <Pager page={page} total={list.data.total} pageSize={PAGE_SIZE} onChange={setPage} />
        </Card>
      )}
    </>
  );
}
