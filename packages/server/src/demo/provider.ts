import type { providerSettings } from '../db/schema/index.js';
import { austrianIban, austrianUid } from './austrian-ids.js';

/** A fictional Austrian provider; the UID and IBAN carry valid check digits. */
export const DEMO_PROVIDER = {
  companyName: 'Mein BUTLER e.U.',
  street: 'Kaiserstraße 45/3',
  postalCode: '1070',
  city: 'Wien',
  country: 'AT',
  uid: austrianUid('2417536'),
  companyRegister: 'FN 512345 k',
  companyCourt: 'Handelsgericht Wien',
  contactEmail: 'kontakt@example.at',
  contactPhone: '+43 1 5230418',
  whatsappNumber: '+43 664 3918274',
  iban: austrianIban('20111', '28412345678'),
  bic: 'GIBAATWWXXX',
  bankName: 'Erste Bank',
  paymentTermsDays: 14,
  smallBusiness: false,
  invoiceFooter: 'Vielen Dank für das Vertrauen! Mein BUTLER e.U. · Kaiserstraße 45/3 · 1070 Wien',
  // Empty: the defaults in the customers' form of address (decision 0620).
  invoiceEmailSubject: '',
  invoiceEmailBody: '',
} satisfies Omit<typeof providerSettings.$inferInsert, 'id'>;
