// Placeholder until the banner lands: the global notification banner.
import type { Notice } from '../machines/notification.machine';

export function notify(_notice: Notice): void {}

export function NotificationBanner() {
  return null;
}
