// The public surface of features/hour-shop (decision 0830): what other features use of it.
export { HourOrdersWaitingAlert } from './staff/hour-orders-waiting-alert';
export { HourShopSettingsCard } from './staff/hour-shop-settings-card';
