/** The Aufträge tab of a customer's page, a script of its own (decision 0810). */
export const loadCustomerOrdersTab = () => import('./customer-orders-tab');
