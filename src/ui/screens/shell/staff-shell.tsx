import type { ReactNode } from 'react';
import { STAFF_PAGES } from '../../../domain/staff-pages';
import { useScreenSession } from '../../../services/screen-services';
import { AppFrame } from '../../kit/app-frame';

// The staff (DAKIYA) frame: the console's pages the staff role may open (src/domain/staff-pages.ts),
// the less used ones under the profile menu, change password, logout.

export function StaffShell({ children }: { children?: ReactNode }) {
  const session = useScreenSession();
  const email = session.account?.email ?? 'Staff';
  const permissions = session.account?.permissions ?? [];
  const pages = STAFF_PAGES.filter((p) => p.menu && permissions.includes(p.needs));
  return (
    <AppFrame
      homeTo="/dakiya/dashboard"
      items={pages.filter((p) => !p.more).map((p) => ({ to: `/dakiya/${p.segment}`, label: p.menu }))}
      profile={{
        label: email,
        links: [
          ...pages.filter((p) => p.more).map((p) => ({ to: `/dakiya/${p.segment}`, label: p.menu ?? p.segment })),
          { to: '/dakiya/change_password', label: 'Change password' },
        ],
        actions: [{ label: 'Logout', onSelect: () => session.logout() }],
      }}
    >
      {children}
    </AppFrame>
  );
}
