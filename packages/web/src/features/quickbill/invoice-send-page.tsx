import { ComingSoon } from '../../components/coming-soon';

export function InvoiceSendPage() {
  return <ComingSoon title="Rechnung senden" issue={7} />;
}
