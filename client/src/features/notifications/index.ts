/** Public surface of the notifications feature: the /settings section (the bell and page come through area.ts). */
export { NotificationSettings } from "./components/NotificationSettings";
