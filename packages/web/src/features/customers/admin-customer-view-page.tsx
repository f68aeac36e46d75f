import { ComingSoon } from '../../components/coming-soon';

export function AdminCustomerViewPage() {
  return <ComingSoon title="Kundenansicht" issue={3} />;
}
