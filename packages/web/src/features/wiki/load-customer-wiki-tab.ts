/** The wiki tab of a customer's page, a script of its own: it brings the editor. */
export const loadCustomerWikiTab = () => import('./customer-wiki-tab');
