import { ActionIcon, Kbd, UnstyledButton } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { usePhone } from '../../lib/use-phone';
import classes from './top-bar.module.css';

// The dialog and its list load on the first open (the lounge never loads them).
const SearchDialog = lazy(async () => ({
  default: (await import('../../features/search/search-dialog')).SearchDialog,
}));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** "Suchen" in the staff top bar; Strg+K (⌘K) opens it from anywhere, also from a form field. */
export function SearchButton() {
  const phone = usePhone();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const open = () => {
    setLoaded(true);
    setOpened(true);
  };
  useHotkeys([['mod+K', open]], []);
  return (
    <>
      {phone ? (
        <ActionIcon
          variant="subtle"
          c="white"
          size="lg"
          aria-label="Suchen"
          aria-keyshortcuts="Control+K"
          onClick={open}
        >
          <IconSearch size={22} />
        </ActionIcon>
      ) : (
        <UnstyledButton
          className={classes.search}
          onClick={open}
          aria-label="Suchen"
          title={isMac ? 'Suchen (⌘ K)' : 'Suchen (Strg K)'}
          aria-keyshortcuts="Control+K"
          data-testid="search-button"
        >
          <IconSearch size={16} aria-hidden />
          <span className={classes.searchLabel}>Suchen</span>
          <Kbd size="xs" className={classes.searchKey} aria-hidden>
            {isMac ? '⌘ K' : 'Strg K'}
          </Kbd>
        </UnstyledButton>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <SearchDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
