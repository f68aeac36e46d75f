import { useState } from 'react';

/** A page the screen keeps in its address (decision 0660) and hands to the list it shows. */
export type Paging = {
  page: number;
  onPageChange: (page: number) => void;
  /** Corrects a page past the end in place (no history entry). */
  onPageOutOfRange: (lastPage: number) => void;
};

/** The list's page: the screen's (address) where it keeps one, else the list's own from 1. */
export function useListPage(paging: Paging | undefined) {
  const [own, setOwn] = useState(1);
  return paging ?? { page: own, onPageChange: setOwn, onPageOutOfRange: setOwn };
}
