// Text of the three policy pages (spec section 9: minimum age 18; no refunds, including on
// mid-month cancellation; account deletion on termination is irreversible). The SPA renders it
// and the server turns the same text into the downloadable PDF.

export type PolicyName = 'terms_conditions' | 'privacy_policy' | 'refund_policy';

export interface Policy {
  title: string;
  updated: string; // ISO date
  sections: { heading: string; paragraphs: string[] }[];
}

export const POLICY_NAMES: readonly PolicyName[] = ['terms_conditions', 'privacy_policy', 'refund_policy'];

export const POLICIES: Record<PolicyName, Policy> = {
  terms_conditions: {
    title: 'Terms and Conditions',
    updated: '2026-11-01',
    sections: [
      {
        heading: 'About these terms',
        paragraphs: [
          'These terms govern your use of Dakiya, a shipping and order-management platform operated for online sellers in India. By creating an account or using the platform you accept them on behalf of yourself and the business you register.',
          'We may revise these terms. The version in force is shown on this page with its date; when a revision changes your rights we ask you to accept it again at your next login.',
        ],
      },
      {
        heading: 'Eligibility',
        paragraphs: [
          'You must be at least 18 years old and competent to contract under the Indian Contract Act, 1872. You must register with accurate business, contact and tax details and keep them current.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'You are responsible for every action taken with your logins, including those of users you add. Keep passwords secret and tell us at once if you suspect misuse.',
          'We may suspend an account that breaches these terms, that ships prohibited goods, or whose activity puts buyers, couriers or other sellers at risk.',
        ],
      },
      {
        heading: 'Shipping services',
        paragraphs: [
          'Courier partners carry your shipments under their own conditions of carriage. Dakiya books, tracks and reconciles shipments on your behalf; it is not itself a carrier.',
          'Charges are computed from the courier rate card in force when the shipment is booked, on the higher of dead and volumetric weight. Weight discrepancies reported by a courier are charged to your wallet and can be disputed from the platform within the time shown there.',
          'Prohibited and restricted goods, and goods whose carriage breaks any law, must not be shipped.',
        ],
      },
      {
        heading: 'Wallet and payments',
        paragraphs: [
          'Shipping charges are debited from your prepaid wallet before a shipment is booked. Cash-on-delivery amounts collected by couriers are remitted to your verified bank account on the published cycle, less any amounts you owe.',
        ],
      },
      {
        heading: 'Termination',
        paragraphs: [
          'You may close your account at any time. We may terminate it for breach of these terms. On termination your account and its data are deleted; deletion is irreversible, so download the records you need first.',
        ],
      },
      {
        heading: 'Liability and law',
        paragraphs: [
          'Our liability for any claim is limited to the fees you paid us for the affected shipment. These terms are governed by the laws of India, and the courts of Bengaluru have exclusive jurisdiction.',
        ],
      },
    ],
  },
  privacy_policy: {
    title: 'Privacy Policy',
    updated: '2026-11-01',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Account data you give us (name, company, email, phone, address, KYC and bank details), the order and buyer data you create or sync to ship, and technical data such as IP address and device details needed to keep the service secure.',
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'To ship your orders, to show your buyers their tracking pages, to bill and remit money, to verify identity as the law requires, to prevent fraud and to support you. We do not sell personal data.',
          'Buyer data is processed only on your instructions and shared only with the courier that carries the shipment.',
        ],
      },
      {
        heading: 'Keeping it safe',
        paragraphs: [
          'Passwords are stored as one-way hashes; one-time codes expire within ten minutes; identity documents are stored masked where the law allows. Another seller never sees your data.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You may correct your data from your profile, export your records, or ask us to delete your account. You must be at least 18 years old to use the platform. Write to privacy@dakiya.in with any question.',
        ],
      },
    ],
  },
  refund_policy: {
    title: 'Refund and Cancellation Policy',
    updated: '2026-11-01',
    sections: [
      {
        heading: 'Subscriptions',
        paragraphs: [
          'Subscription fees are not refundable. This includes cancellation in the middle of a month or a billing period: the plan stays active until the period ends and no part of the fee is returned.',
        ],
      },
      {
        heading: 'Wallet recharges',
        paragraphs: [
          'Money loaded into the wallet is used for shipping charges. A cancelled shipment that has not been picked up is credited back to the wallet, not to the card or account it was paid from.',
        ],
      },
      {
        heading: 'Account closure',
        paragraphs: [
          'When an account is terminated its data is deleted and this cannot be undone. Any wallet balance due to you is settled to your verified bank account after outstanding charges are deducted.',
        ],
      },
    ],
  },
};
