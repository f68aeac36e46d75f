import { ComingSoon } from '../../components/coming-soon';

export function InvoiceDetailPage() {
  return <ComingSoon title="Rechnung" issue={7} />;
}
