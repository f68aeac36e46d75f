/** The lounge's "Monatsfreigabe" card, a script of its own after the first paint (decision 0852). */
export const loadLoungeMonthCard = () => import('./lounge-month-card');
