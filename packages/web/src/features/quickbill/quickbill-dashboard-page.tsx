import { ComingSoon } from '../../components/coming-soon';

export function QuickbillDashboardPage() {
  return <ComingSoon title="Quickbill" issue={7} />;
}
