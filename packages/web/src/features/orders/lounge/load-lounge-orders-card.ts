/** The lounge's "Meine Aufträge" card, a script of its own after the first paint (decision 0810). */
export const loadLoungeOrdersCard = () => import('./lounge-orders-card');
