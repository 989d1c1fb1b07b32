import { Link } from 'react-router-dom';
import { SellerShell } from '../shell/seller-shell';
import { Breadcrumb } from '../../kit/breadcrumb';

// /setup: the Setup menu (tour step 4): where a seller keeps what every shipment needs.

const SECTIONS = [
  {
    to: '/setup/pickup-addresses',
    title: 'Pickup addresses',
    text: 'Where couriers collect your parcels. Verify each phone by OTP before shipping from it.',
  },
  {
    to: '/setup/warehouses',
    title: 'Warehouses',
    text: 'Your stores and fulfilment centres, with a contact for each.',
  },
  {
    to: '/setup/package-types',
    title: 'Package types',
    text: 'Boxes and flyers you pack in, with volumetric weight, and smart package selection.',
  },
  {
    to: '/setup/products',
    title: 'Products',
    text: 'Your catalogue: SKUs, prices, HSN and GST, weights and stock alerts.',
  },
  {
    to: '/setup/products/upload',
    title: 'Bulk upload products',
    text: 'Add hundreds of products at once from a CSV file, with a report of every rejected row.',
  },
  { to: '/setup/customers', title: 'Customers', text: 'Your buyers, built from your orders, with search and export.' },
  {
    to: '/setup/tracking-page',
    title: 'Tracking page',
    text: 'Your brand, offers and products on the page buyers track parcels with, and the SMS and emails they get.',
  },
  {
    to: '/setup/document-templates',
    title: 'Document templates',
    text: 'How your labels, invoices and proof-of-delivery slips look: 4x6 or A4 four-up, your colour and message.',
  },
  {
    to: '/setup/payment-modes',
    title: 'Payment modes',
    text: 'Your own ways of collecting beside prepaid and COD, such as partial COD with an advance (Premium).',
  },
  {
    to: '/setup/cod-verification',
    title: 'COD order verification',
    text: 'Buyers confirm COD orders by SMS or email link before they ship; choose which orders and what if they do not answer (Pro).',
  },
];

export function SetupScreen() {
  return (
    <SellerShell>
      <div className="page">
        <header className="page-head">
          <h1>Setup</h1>
          <p>Everything your shipments are built from.</p>
        </header>
        <div className="setup-grid">
          {SECTIONS.map((s) => (
            <Link key={s.to} to={s.to} className="card setup-card">
              <h2>{s.title}</h2>
              <span className="muted">{s.text}</span>
            </Link>
          ))}
        </div>
      </div>
    </SellerShell>
  );
}

/** The page frame every Setup screen shares: a way back, the title, the main action. */
export function SetupPage({
  title,
  intro,
  action,
  children,
}: {
  title: string;
  intro: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <SellerShell>
      <div className="page">
        <Breadcrumb to="/setup" label="Setup">
          {title}
        </Breadcrumb>
        <header className="page-head row list-toolbar">
          <div>
            <h1>{title}</h1>
            <p>{intro}</p>
          </div>
          {action}
        </header>
        {children}
      </div>
    </SellerShell>
  );
}
