/**
 * The one password of every demo login (customers, and the first admin when `npm run demo`
 * creates it without ADMIN_PASSWORD). Public on purpose: demo data is never real data.
 */
export const DEMO_PASSWORD = 'demo1234!';
