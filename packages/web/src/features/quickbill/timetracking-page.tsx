import { ComingSoon } from '../../components/coming-soon';

export function TimetrackingPage() {
  return <ComingSoon title="Zeiterfassung" issue={7} />;
}
