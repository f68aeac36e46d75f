import { ComingSoon } from '../../components/coming-soon';

export function InvoiceEditorPage() {
  return <ComingSoon title="Rechnung" issue={7} />;
}
