import * as RadixDialog from '@radix-ui/react-dialog';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Link, useLocation, type Location } from 'react-router-dom';
import { Button } from './index';
import { BROKEN_PAGE, ErrorBoundary, ErrorCard } from './error-boundary';

// The signed-in app frame shared by the seller and staff shells: skip link, header with the
// brand, the menu (a row from 768px, a Radix Dialog drawer below), and the main landmark.

export interface FrameItem {
  to: string;
  label: ReactNode;
  /** guided-tour anchor (data-tour) */
  tour?: string;
}

export interface FrameAction {
  label: string;
  onSelect: () => void;
}

/** The one item the location points at: an exact path+hash first, else the longest path prefix. */
export function activeItem(items: FrameItem[], location: Pick<Location, 'pathname' | 'hash'>): FrameItem | undefined {
  const exact = items.find((i) => i.to === location.pathname + location.hash);
  if (exact) return exact;
  return items
    .filter((i) => !i.to.includes('#') && (location.pathname === i.to || location.pathname.startsWith(`${i.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
}

function NavItems({
  items,
  active,
  onNavigate,
  withTour,
}: {
  items: FrameItem[];
  active?: FrameItem;
  onNavigate?: () => void;
  withTour: boolean;
}) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className={`nav-link${item === active ? ' is-active' : ''}`}
            aria-current={item === active ? 'page' : undefined}
            data-tour={withTour ? item.tour : undefined}
            onClick={onNavigate}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A disclosure menu in the header (profile): closes on Escape, on leaving it, and on a choice. */
function HeaderMenu({
  label,
  tour,
  heading,
  links,
  actions,
}: {
  label: ReactNode;
  tour?: string;
  heading?: ReactNode;
  links: FrameItem[];
  actions: FrameAction[];
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div
      className="profile-menu"
      onKeyDown={(e) => e.key === 'Escape' && close()}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && close()}
    >
      <button
        type="button"
        className="nav-link"
        aria-expanded={open}
        aria-haspopup="true"
        data-tour={tour}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      {open && (
        <div className="profile-panel">
          {heading}
          {links.map((l) => (
            <Link key={l.to} to={l.to} className="nav-link" onClick={close}>
              {l.label}
            </Link>
          ))}
          {actions.map((a) => (
            <button
              key={a.label}
              type="button"
              className="nav-link"
              onClick={() => {
                close();
                a.onSelect();
              }}
            >
              {a.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export interface FrameMenu {
  label: ReactNode;
  tour?: string;
  heading?: ReactNode;
  links: FrameItem[];
  actions: FrameAction[];
}

export interface AppFrameProps {
  homeTo: string;
  /** the main menu, in order */
  items: FrameItem[];
  /** a menu before the end items (help: the help desk and the tour) */
  help?: FrameMenu;
  /** further items at the right end (wallet) */
  endItems?: FrameItem[];
  profile: FrameMenu;
  /** above the page, once however deep the frames (the seller's banners) */
  top?: ReactNode;
  /** in the header at every width, beside the menu (the seller's notification bell) */
  headerEnd?: ReactNode;
  /** the guided tour holds the drawer open (below 768 px), without its focus trap, for its menu steps */
  drawerPinned?: boolean;
  children?: ReactNode;
}

const InsideFrame = createContext(false);

/**
 * Screens wrap themselves in their shell; a route layout may wrap them too. Only the outermost
 * frame draws, so either wiring gives one header.
 */
export function AppFrame(props: AppFrameProps) {
  const inside = useContext(InsideFrame);
  if (inside) return <>{props.children}</>;
  return (
    <InsideFrame.Provider value>
      <Frame {...props} />
    </InsideFrame.Provider>
  );
}

/** A header menu's links and actions inside the drawer, under a group the tour can point at. */
function DrawerMenu({ menu, onNavigate, active }: { menu: FrameMenu; onNavigate: () => void; active?: FrameItem }) {
  return (
    <div className="drawer-group" data-tour={menu.tour}>
      {menu.heading}
      <NavItems items={menu.links} active={active} onNavigate={onNavigate} withTour={false} />
      {menu.actions.map((a) => (
        <button
          key={a.label}
          type="button"
          className="nav-link"
          onClick={() => {
            onNavigate();
            a.onSelect();
          }}
        >
          {a.label}
        </button>
      ))}
    </div>
  );
}

function Frame({
  homeTo,
  items,
  help,
  endItems = [],
  profile,
  top,
  headerEnd,
  drawerPinned = false,
  children,
}: AppFrameProps) {
  const location = useLocation();
  const [drawerChosen, setDrawerOpen] = useState(false);
  const drawerOpen = drawerChosen || drawerPinned;
  const all = [...items, ...(help?.links ?? []), ...endItems, ...profile.links];
  const active = activeItem(all, location);
  const closeDrawer = () => setDrawerOpen(false);
  return (
    <>
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <header className="frame-header">
        <Link to={homeTo} className="frame-brand">
          Dakiya
        </Link>
        <nav className="frame-nav" aria-label="Main">
          <NavItems items={items} active={active} withTour />
          <div className="frame-nav-end row">
            {help && <HeaderMenu {...help} />}
            <NavItems items={endItems} active={active} withTour />
            <HeaderMenu {...profile} />
          </div>
        </nav>
        {headerEnd && <div className="frame-header-end">{headerEnd}</div>}
        <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen} modal={!drawerPinned}>
          <RadixDialog.Trigger asChild>
            <Button variant="secondary" className="frame-menu-button" aria-label="Open menu">
              ☰ Menu
            </Button>
          </RadixDialog.Trigger>
          <RadixDialog.Portal>
            <RadixDialog.Overlay className="dialog-overlay" />
            <RadixDialog.Content
              className="drawer-content"
              aria-describedby={undefined}
              onInteractOutside={(e) => drawerPinned && e.preventDefault()}
              onEscapeKeyDown={(e) => drawerPinned && e.preventDefault()}
            >
              <RadixDialog.Close asChild>
                <Button variant="ghost" className="drawer-close" aria-label="Close menu">
                  ×
                </Button>
              </RadixDialog.Close>
              <RadixDialog.Title className="sr-only">Menu</RadixDialog.Title>
              <nav aria-label="Menu">
                <NavItems items={items} active={active} onNavigate={closeDrawer} withTour />
                {help && <DrawerMenu menu={help} onNavigate={closeDrawer} active={active} />}
                <NavItems items={endItems} active={active} onNavigate={closeDrawer} withTour />
                <DrawerMenu menu={profile} onNavigate={closeDrawer} active={active} />
              </nav>
            </RadixDialog.Content>
          </RadixDialog.Portal>
        </RadixDialog.Root>
      </header>
      <main id="main-content" className="frame-main" tabIndex={-1}>
        {top}
        {/* a screen that fails while rendering shows its card here, under the menu */}
        <ErrorBoundary
          resetKey={location.pathname}
          fallback={(retry) => <ErrorCard title={BROKEN_PAGE} onRetry={retry} />}
        >
          {children}
        </ErrorBoundary>
      </main>
    </>
  );
}
