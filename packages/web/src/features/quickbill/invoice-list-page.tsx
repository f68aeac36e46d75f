import { ComingSoon } from '../../components/coming-soon';

export function InvoiceListPage() {
  return <ComingSoon title="Rechnungen" issue={7} />;
}
