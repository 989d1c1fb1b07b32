import { Link } from 'react-router-dom';
import { buttonClass, Card } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /settings: the settings that exist elsewhere, gathered in one place (each keeps its own screen
// and rules): buyer notifications on the tracking page setup, courier preferences, returns,
// bank accounts, the profile and the password.

const SETTINGS = [
  {
    to: '/setup/tracking-page',
    title: 'Buyer notifications and tracking page',
    text: 'The messages your buyers get as their parcel moves, and your branded tracking page.',
  },
  {
    to: '/tools/courier-preferences',
    title: 'Courier preferences',
    text: 'Which couriers to prefer or avoid when shipping, and the order to try them in.',
  },
  {
    to: '/returns/settings',
    title: 'Returns',
    text: 'The return window and whether buyers’ requests are approved on their own.',
  },
  {
    to: '/setup/document-templates',
    title: 'Label, invoice and POD templates',
    text: 'The layout, colour, message and return address of your shipping documents.',
  },
  {
    to: '/setup/cod-verification',
    title: 'COD order verification',
    text: 'Which COD orders wait for their buyer’s confirmation, for how long, and what happens without an answer.',
  },
  { to: '/bank-accounts', title: 'Bank accounts', text: 'Where your COD remittance is paid, verified with your bank.' },
  { to: '/profile', title: 'Profile', text: 'Your name, your company’s name, address, logo and signature.' },
  { to: '/change_password', title: 'Password', text: 'Change the password you log in with.' },
];

export function SettingsScreen() {
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Settings</h1>
          <p>Everything you can set up for your account, in one place.</p>
        </div>
        <div className="grid-cards">
          {SETTINGS.map((s) => (
            <Card key={s.to} className="stack" aria-labelledby={`setting-${s.to}`}>
              <h2 id={`setting-${s.to}`} className="h3">
                {s.title}
              </h2>
              <p className="muted">{s.text}</p>
              <Link className={buttonClass('secondary')} to={s.to} aria-label={`Open ${s.title}`}>
                Open
              </Link>
            </Card>
          ))}
        </div>
      </div>
    </SellerShell>
  );
}
