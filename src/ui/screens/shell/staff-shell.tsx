import type { ReactNode } from 'react';
import { staffMenu } from '../../../domain/staff-pages';
import { useScreenSession } from '../../../services/screen-services';
import { AppFrame } from '../../kit/app-frame';

// The staff (DAKIYA) frame: the console's pages the staff role may open (src/domain/staff-pages.ts),
// some gathered in a group of the top row, the less used ones under the profile menu, change
// password, logout.

export function StaffShell({ children }: { children?: ReactNode }) {
  const session = useScreenSession();
  const email = session.account?.email ?? 'Staff';
  const permissions = session.account?.permissions ?? [];
  const menu = staffMenu(permissions);
  return (
    <AppFrame
      homeTo="/dakiya/dashboard"
      items={menu.row.map((e) => ('group' in e ? { key: e.group, label: e.label, links: e.links } : e))}
      profile={{
        label: email,
        links: [...menu.more, { to: '/dakiya/change_password', label: 'Change password' }],
        actions: [{ label: 'Logout', onSelect: () => session.logout() }],
      }}
    >
      {children}
    </AppFrame>
  );
}
