import { ComingSoon } from '../../components/coming-soon';

export function CustomersPage() {
  return <ComingSoon title="Kundenverwaltung" issue={3} />;
}
