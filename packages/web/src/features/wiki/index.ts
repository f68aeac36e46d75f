// The public surface of features/wiki (decision 0830): what other features use of it. They
// import it from here, never from a file inside the folder. The customer page's tab comes
// as a loader: it brings the editor, so it stays a script of its own.
export { loadCustomerWikiTab } from './load-customer-wiki-tab';
