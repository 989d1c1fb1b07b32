import * as RadixDialog from '@radix-ui/react-dialog';
import { createContext, useContext, useRef, useState, type ReactNode } from 'react';
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

/** A group in the menu row: one button that opens its links (a disclosure menu). */
export interface FrameGroup {
  /** names the group for React and tests */
  key: string;
  label: ReactNode;
  tour?: string;
  links: FrameItem[];
}

export type FrameEntry = FrameItem | FrameGroup;

const isGroup = (e: FrameEntry): e is FrameGroup => 'links' in e;

/** Every link of the menu, groups opened out. */
export function entryLinks(entries: readonly FrameEntry[]): FrameItem[] {
  return entries.flatMap((e) => (isGroup(e) ? e.links : [e]));
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

function NavLink({
  item,
  active,
  onNavigate,
  withTour,
}: {
  item: FrameItem;
  active?: FrameItem;
  onNavigate?: () => void;
  withTour: boolean;
}) {
  return (
    <Link
      to={item.to}
      className={`nav-link${item === active ? ' is-active' : ''}`}
      aria-current={item === active ? 'page' : undefined}
      data-tour={withTour ? item.tour : undefined}
      onClick={onNavigate}
    >
      {item.label}
    </Link>
  );
}

/** The menu row (a group opens as a disclosure menu) or, in the drawer, every link under its group's name. */
function NavItems({
  items,
  active,
  onNavigate,
  withTour,
  inDrawer = false,
}: {
  items: FrameEntry[];
  active?: FrameItem;
  onNavigate?: () => void;
  withTour: boolean;
  inDrawer?: boolean;
}) {
  return (
    <ul>
      {items.map((item) =>
        isGroup(item) ? (
          <li key={item.key}>
            {inDrawer ? (
              <div className="drawer-group" data-tour={withTour ? item.tour : undefined}>
                <span className="drawer-heading">{item.label}</span>
                <NavItems items={item.links} active={active} onNavigate={onNavigate} withTour={false} />
              </div>
            ) : (
              <HeaderMenu
                label={item.label}
                tour={withTour ? item.tour : undefined}
                links={item.links}
                actions={[]}
                active={active}
                align="start"
              />
            )}
          </li>
        ) : (
          <li key={item.to}>
            <NavLink item={item} active={active} onNavigate={onNavigate} withTour={withTour} />
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * A disclosure menu in the header (a group, help, profile): Enter, Space or the down arrow opens
 * it, the arrows move between its entries, Escape closes it and gives focus back to its button, and
 * leaving it or choosing an entry closes it.
 */
function HeaderMenu({
  label,
  tour,
  heading,
  links,
  actions,
  active,
  align = 'end',
}: {
  label: ReactNode;
  tour?: string;
  heading?: ReactNode;
  links: FrameItem[];
  actions: FrameAction[];
  active?: FrameItem;
  align?: 'start' | 'end';
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = () => setOpen(false);
  const entries = () => Array.from(panel.current?.querySelectorAll<HTMLElement>('a, button') ?? []);
  const move = (by: number) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    all[(at + by + all.length) % all.length]?.focus();
  };
  const holdsActive = !!active && links.includes(active);
  return (
    <div
      className="profile-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          close();
          button.current?.focus();
        } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          if (!open) setOpen(true);
          else move(e.key === 'ArrowDown' ? 1 : -1);
        }
      }}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && close()}
    >
      <button
        ref={button}
        type="button"
        className={`nav-link${holdsActive ? ' is-active' : ''}`}
        aria-expanded={open}
        data-tour={tour}
        onClick={() => setOpen(!open)}
      >
        {label}
        <span aria-hidden="true" className="menu-caret">
          ▾
        </span>
      </button>
      {open && (
        <div ref={panel} className={`profile-panel${align === 'start' ? ' profile-panel-start' : ''}`}>
          {heading}
          {links.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className={`nav-link${l === active ? ' is-active' : ''}`}
              aria-current={l === active ? 'page' : undefined}
              onClick={close}
            >
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
  /** the main menu, in order: links and groups */
  items: FrameEntry[];
  /** a menu before the end items (help: the help desk and the tour) */
  help?: FrameMenu;
  /** further items at the right end (wallet) */
  endItems?: FrameEntry[];
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
  const all = [...entryLinks(items), ...(help?.links ?? []), ...entryLinks(endItems), ...profile.links];
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
            {help && <HeaderMenu {...help} active={active} />}
            <NavItems items={endItems} active={active} withTour />
            <HeaderMenu {...profile} active={active} />
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
                <NavItems items={items} active={active} onNavigate={closeDrawer} withTour inDrawer />
                {help && <DrawerMenu menu={help} onNavigate={closeDrawer} active={active} />}
                <NavItems items={endItems} active={active} onNavigate={closeDrawer} withTour inDrawer />
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
