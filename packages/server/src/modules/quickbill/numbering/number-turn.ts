/**
 * One invoice number at a time per process, before a pooled connection is taken.
 *
 * Gap-free numbering locks the year's counter row until the issuing transaction commits,
 * and that transaction renders and stores the PDF and both XML files (decision 0362), so
 * issues queue up in PostgreSQL anyway. Without this turn every waiting issue held one of
 * the pool's ten connections while it waited for the row lock: 20 parallel sends took the
 * whole pool, and every other request of the portal (and the last sends themselves) waited
 * in the pool's queue until its 10 s limit answered 503. Waiting here holds no connection;
 * the counter's row lock still orders issues across several portal processes.
 */
let last: Promise<unknown> = Promise.resolve();

export function withNumberTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = last.then(work, work);
  last = turn.catch(() => undefined);
  return turn;
}
