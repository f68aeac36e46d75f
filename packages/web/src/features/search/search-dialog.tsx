import { SEARCH_MIN_LENGTH } from '@butler/contract/search';
import { Badge, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../app/permissions';
import { errorText } from '../../lib/api-client';
import { usePhone } from '../../lib/use-phone';
import { useGlobalSearch } from './api';
import classes from './search.module.css';
import { GROUP_LABELS, type GroupKey, type SearchHit, searchableGroups, searchHits } from './search-hits';

const GROUP_PERMISSION = {
  customers: 'customers.read',
  projects: 'projects.read',
  invoices: 'invoices.read',
  wiki_entries: 'wiki.read',
  time_entries: 'time_entries.read',
  orders: 'orders.read',
  visits: 'visits.read',
} as const satisfies Record<GroupKey, string>;

/**
 * "Suchen" (decision 0650): one field over customers, projects, invoices, wiki
 * titles and activities. A combobox with a grouped listbox (WAI-ARIA 1.2): the arrow keys move
 * through every hit, Enter opens it, Escape closes; focus stays in the field all the time.
 */
export function SearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = usePhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen={phone}
      size="lg"
      yOffset="8vh"
      title="Suchen"
      classNames={{ body: classes.body }}
    >
      {opened && <SearchBox onClose={onClose} />}
    </Modal>
  );
}

function SearchBox({ onClose }: { onClose: () => void }) {
  const phone = usePhone();
  const [value, setValue] = useState('');
  const [term] = useDebouncedValue(value.trim(), 200);
  const search = useGlobalSearch(term);
  const navigate = useNavigate();
  const can = useCan();
  const id = useId();
  const listId = `${id}-list`;
  const groups = useMemo(() => (search.data ? searchHits(search.data) : []), [search.data]);
  const flat = useMemo(() => groups.flatMap((g) => g.hits), [groups]);
  const [active, setActive] = useState(0);
  const ready = term.length >= SEARCH_MIN_LENGTH && value.trim().length >= SEARCH_MIN_LENGTH;
  const shown = ready && search.data !== undefined;
  const current = shown ? flat[Math.min(active, flat.length - 1)] : undefined;
  const optionId = (hit: SearchHit) => `${id}-${hit.key}`;

  const open = (hit: SearchHit) => {
    onClose();
    navigate(hit.to);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (!shown || flat.length === 0) return;
    const last = flat.length - 1;
    const next = { ArrowDown: active >= last ? 0 : active + 1, ArrowUp: active <= 0 ? last : active - 1 }[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(next);
      document.getElementById(optionId(flat[next]))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      open(current);
    }
  };

  const status = () => {
    if (value.trim().length < SEARCH_MIN_LENGTH) {
      return `Ab 2 Zeichen: ${searchableGroups((g) => can(GROUP_PERMISSION[g]))}.`;
    }
    if (search.isError) return errorText(search.error, 'Die Suche ist fehlgeschlagen. Bitte versuchen Sie es erneut.');
    if (!shown) return 'Suche läuft...';
    if (flat.length === 0)
      return `Keine Treffer für „${term}“. Prüfen Sie die Schreibweise oder suchen Sie nach einem Teil des Namens.`;
    return `${flat.length} Treffer für „${term}“.${phone ? '' : ' Pfeiltasten wählen, Eingabe öffnet.'}`;
  };

  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        role="combobox"
        aria-label="Kunden, Projekte, Rechnungen, Wiki und Zeiteinträge durchsuchen"
        aria-expanded={shown && flat.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current ? optionId(current) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Name, Rechnungsnummer, Betrag, Wiki-Titel, Tätigkeit..."
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : null}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        size="md"
        maxLength={100}
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="search-status">
        {status()}
      </Text>
      <div id={listId} role="listbox" aria-label="Suchergebnisse" className={classes.list}>
        {shown &&
          groups.map(({ group, hits }) => (
            // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role=group (WAI-ARIA 1.2), not fieldsets.
            <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
              <Text id={`${id}-${group}`} className={classes.groupLabel}>
                {GROUP_LABELS[group]}
              </Text>
              {hits.map((hit) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's field takes the keys (aria-activedescendant).
                <div
                  key={hit.key}
                  id={optionId(hit)}
                  role="option"
                  aria-selected={hit === current}
                  tabIndex={-1}
                  className={classes.option}
                  data-active={hit === current || undefined}
                  data-testid="search-hit"
                  onMouseMove={() => setActive(flat.indexOf(hit))}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => open(hit)}
                >
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    {hit.icon && (
                      <Text fz="lg" aria-hidden lh={1.3}>
                        {hit.icon}
                      </Text>
                    )}
                    <Stack gap={0} miw={0} style={{ flex: 1 }}>
                      <Text fw={600} size="sm" className={classes.title}>
                        {hit.title}
                      </Text>
                      <Text size="xs" c="dimmed" className={classes.detail}>
                        {hit.detail}
                      </Text>
                    </Stack>
                    {hit.badge && (
                      <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
                        {hit.badge}
                      </Badge>
                    )}
                  </Group>
                </div>
              ))}
            </div>
          ))}
      </div>
    </Stack>
  );
}
