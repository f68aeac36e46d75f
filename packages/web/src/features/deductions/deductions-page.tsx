import { ComingSoon } from '../../components/coming-soon';

/** Deduction list of one billing type; `adminView` uses the route's customerId. */
export function DeductionsPage({
  kind,
  adminView = false,
}: {
  kind: 'butler-packages' | 'hour-packages';
  adminView?: boolean;
}) {
  void adminView;
  return (
    <ComingSoon title={kind === 'butler-packages' ? 'ButlerPaket-Abbuchungen' : 'Stundenpaket-Abbuchungen'} issue={4} />
  );
}
