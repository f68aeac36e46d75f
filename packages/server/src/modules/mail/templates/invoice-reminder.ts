import { html, paragraphs } from './html.js';
import { defineTemplate } from './layout.js';
import { factTable } from './parts.js';

export type InvoiceReminderMailData = {
  /** 1 Zahlungserinnerung, 2 1. Mahnung, 3 2. Mahnung. */
  level?: number;
  label: string;
  number: string;
  invoiceDate: string;
  /** The total asked for (open amount, fees, interest). */
  amount: string;
  open?: string;
  fees?: string | null;
  interest?: string | null;
  due: string;
  payBy: string;
  company: string;
};

/** Each level in its own voice: a friendly reminder, a firm Mahnung, a final one (decision 0582). */
function body(d: InvoiceReminderMailData): string {
  const level = d.level ?? 1;
  if (level === 1) {
    return `Sehr geehrte Damen und Herren,

vielleicht ist es Ihnen entgangen: Für die Rechnung ${d.number} vom ${d.invoiceDate} (fällig seit ${d.due}) konnten wir noch keinen vollständigen Zahlungseingang feststellen. Offen sind ${d.amount}.
Wir bitten Sie freundlich um Überweisung bis ${d.payBy}. Sollte sich Ihre Zahlung mit dieser Erinnerung überschnitten haben, betrachten Sie sie bitte als gegenstandslos.

Mit freundlichen Grüßen
${d.company}`;
  }
  const extras = [d.fees && `Mahnspesen ${d.fees}`, d.interest && `Verzugszinsen ${d.interest}`].filter(Boolean);
  const detail = extras.length ? ` (offener Rechnungsbetrag ${d.open}, ${extras.join(', ')})` : '';
  if (level === 2) {
    return `Sehr geehrte Damen und Herren,

trotz unserer Zahlungserinnerung ist die Rechnung ${d.number} vom ${d.invoiceDate} (fällig seit ${d.due}) weiterhin offen. Wir mahnen Sie hiermit und fordern Sie auf, ${d.amount}${detail} bis ${d.payBy} zu bezahlen.

Mit freundlichen Grüßen
${d.company}`;
  }
  return `Sehr geehrte Damen und Herren,

trotz Zahlungserinnerung und 1. Mahnung ist die Rechnung ${d.number} vom ${d.invoiceDate} (fällig seit ${d.due}) noch immer offen. Wir fordern Sie letztmalig auf, ${d.amount}${detail} bis ${d.payBy} zu bezahlen. Geht bis dahin keine Zahlung ein, übergeben wir die Forderung ohne weitere Ankündigung einem Inkassobüro oder machen sie gerichtlich geltend.

Mit freundlichen Grüßen
${d.company}`;
}

/** A payment reminder with its letter and the invoice attached. */
export const invoiceReminderTemplate = defineTemplate<InvoiceReminderMailData>({
  render: (d) => {
    const text = body(d);
    return {
      subject: `${d.label} zur Rechnung ${d.number}`,
      preheader: `Rechnung ${d.number}: ${d.amount} – bitte bis ${d.payBy} begleichen`,
      text,
      html: html`${factTable([
        ['Rechnung Nr.', d.number],
        ['Zu bezahlen', d.amount],
        ['Bitte bezahlen bis', d.payBy],
      ])}${paragraphs(text)}`,
    };
  },
});
