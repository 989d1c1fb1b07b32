import { API_TRACKING_SETTINGS } from '../../../domain/tracking-settings-contract';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { issuesByPath } from '../../../domain/schemas/labels';
import type { BuyerNotificationSetting } from '../../../domain/tracking-contract';
import {
  BUYER_MESSAGE_SETTINGS,
  NOTIFIED_EVENTS,
  OTHER_BUYER_MESSAGE_LABELS,
  type BuyerMessageSetting,
  type OtherBuyerMessage,
} from '../../../domain/tracking/buyer-messages';
import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_LANGUAGE_LABELS,
  MESSAGE_LANGUAGES,
} from '../../../domain/messaging/message-kinds';
import { API_MESSAGING, type MonthlyMessageCount } from '../../../domain/messaging/messages-contract';
import {
  EMPTY_BRAND,
  MAX_AD_BANNERS,
  MAX_MENU_ITEMS,
  MAX_RECOMMENDED_PRODUCTS,
  type BrandConfig,
  type BrandFeature,
} from '../../../domain/brand';
import { FORWARD_STATUSES, type ForwardStatus } from '../../../domain/order-status';
import { BrandConfigBody } from '../../../domain/schemas/brand';
import { sendFile } from '../../../services/call';
import { API_ACCOUNT } from '../../../domain/account-contract';
import { notify } from '../../../services/notify';
import { useHttp, useScreenSession } from '../../../services/screen-services';
import { useRequest } from '../../hooks/use-request';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Button, Card, Checkbox, DataTable, Loadable, Tabs, TextField } from '../../kit';
import { BrandPreview } from './brand-preview';
import { SetupPage } from './setup-screen';

// /setup/tracking-page: the seller's brand on their buyers' tracking page (each block with its
// own on/off switch, saved at once), a live preview drawn by the buyer page's own components, and
// which shipment events send the buyer an SMS and an email.

type Blocks = Pick<
  BrandConfig,
  | 'headerConfig'
  | 'bannerConfig'
  | 'productRecommendationConfig'
  | 'promotionalVideoConfig'
  | 'socialContentConfig'
  | 'footerConfig'
>;
const FEATURE_OF: Record<keyof Blocks, BrandFeature> = {
  headerConfig: 'header',
  bannerConfig: 'banner',
  productRecommendationConfig: 'productRecommendation',
  promotionalVideoConfig: 'promotionalVideo',
  socialContentConfig: 'socialContent',
  footerConfig: 'footer',
};

function ImageField({ label, value, onChange }: { label: string; value: string; onChange: (url: string) => void }) {
  const http = useHttp();
  const upload = useRequest(
    async (file: File) => (await sendFile(http, API_TRACKING_SETTINGS.brandImages, { blob: file })).url,
    {
      onDone: onChange,
      onError: (message) => notify({ kind: 'error', message }),
    },
  );
  return (
    <div className="row">
      <TextField
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        hint="An uploaded image or an https:// link"
      />
      <label className="btn btn-secondary">
        {upload.running ? 'Uploading…' : 'Upload'}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="visually-hidden"
          aria-label={`Upload ${label}`}
          onChange={(e) => e.target.files?.[0] && upload.run(e.target.files[0])}
        />
      </label>
    </div>
  );
}

/** The company logo (the same one invoices and labels use), uploaded here too. */
function LogoCard() {
  const http = useHttp();
  const session = useScreenSession();
  const logo = session.account?.companyLogoUrl ?? null;
  const upload = useRequest(
    (file: File) =>
      sendFile(http, API_ACCOUNT.companyImage, { blob: file }, { params: { name: 'logo' } }).then((a) => a.url),
    {
      onDone: () => {
        session.reloadAccount();
        notify({ kind: 'info', message: 'Logo saved' });
      },
      onError: (message) => notify({ kind: 'error', message }),
    },
  );
  return (
    <Card className="stack" aria-label="Logo">
      <h2>Logo</h2>
      {logo ? (
        <img src={logo} alt="Your logo" className="brand-logo" />
      ) : (
        <p className="small-print">No logo yet: the page shows your company name.</p>
      )}
      <label className="btn btn-secondary">
        {upload.running ? 'Uploading…' : logo ? 'Replace logo' : 'Upload logo'}
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="visually-hidden"
          aria-label="Upload logo"
          onChange={(e) => e.target.files?.[0] && upload.run(e.target.files[0])}
        />
      </label>
      <p className="small-print">PNG, JPEG or WEBP up to 1 MB. It also goes on your labels and invoices.</p>
    </Card>
  );
}

function Block({
  title,
  on,
  onToggle,
  children,
}: {
  title: string;
  on: boolean;
  onToggle: (on: boolean) => void;
  children: React.ReactNode;
}) {
  return (
    <Card className="stack" aria-label={title}>
      <h2>{title}</h2>
      <Checkbox label="Show on the tracking page" checked={on} onChange={(e) => onToggle(e.target.checked)} />
      {children}
    </Card>
  );
}

function BrandEditor() {
  const { account } = useScreenSession();
  const loaded = useOperation(API_TRACKING_SETTINGS.brand, {}, { load: true });
  const [c, setC] = useState<BrandConfig>(EMPTY_BRAND);
  const [problem, setProblem] = useState<string | null>(null);
  // every error at once, each under its field (keyed by its path in the config: 'footerConfig.instagramUrl')
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const fe = (path: string) => fieldErrors[path];
  useEffect(() => {
    if (loaded.data) setC(loaded.data);
  }, [loaded.data]);
  const save = useOperation(API_TRACKING_SETTINGS.saveBrand, () => ({ body: c }), {
    onDone: () => notify({ kind: 'info', message: 'Tracking page saved' }),
    onError: (message) => setProblem(message),
  });
  const toggle = useOperation(
    API_TRACKING_SETTINGS.brandFeature,
    (args: { key: keyof Blocks; on: boolean }) => ({ body: { featureName: FEATURE_OF[args.key], enabled: args.on } }),
    { onError: (message) => notify({ kind: 'error', message }) },
  );
  const block = <K extends keyof Blocks>(key: K, patch: Partial<BrandConfig[K]>) =>
    setC((old) => ({ ...old, [key]: { ...old[key], ...patch } }));
  const flip = (key: keyof Blocks) => (on: boolean) => {
    block(key, { enabled: on } as never);
    toggle.run({ key, on });
  };
  const menu = Object.entries(c.headerConfig.menuItemsMap);
  const setMenu = (items: [string, string][]) => block('headerConfig', { menuItemsMap: Object.fromEntries(items) });
  return (
    <Loadable loading={loaded.loading} error={loaded.error} onRetry={loaded.retry}>
      {() => (
        <div className="brand-editor">
          <div className="stack">
            <LogoCard />
            <Block title="Header and offer banner" on={c.headerConfig.enabled} onToggle={flip('headerConfig')}>
              <TextField
                label="Offer banner text"
                value={c.headerConfig.headerBannerContent}
                error={fe('headerConfig.headerBannerContent')}
                onChange={(e) => block('headerConfig', { headerBannerContent: e.target.value })}
              />
              <TextField
                label="Offer banner link"
                value={c.headerConfig.headerBannerRedirectionLink}
                error={fe('headerConfig.headerBannerRedirectionLink')}
                onChange={(e) => block('headerConfig', { headerBannerRedirectionLink: e.target.value })}
              />
              {menu.map(([text, href], i) => (
                <div key={i} className="row">
                  <TextField
                    label={`Menu item ${i + 1}`}
                    value={text}
                    onChange={(e) => setMenu(menu.map((m, j) => (j === i ? [e.target.value, m[1]] : m)))}
                  />
                  <TextField
                    label={`Menu link ${i + 1}`}
                    value={href}
                    error={fe(`headerConfig.menuItemsMap.${text}`)}
                    onChange={(e) => setMenu(menu.map((m, j) => (j === i ? [m[0], e.target.value] : m)))}
                  />
                  <Button variant="ghost" onClick={() => setMenu(menu.filter((_, j) => j !== i))}>
                    Remove
                  </Button>
                </div>
              ))}
              {menu.length < MAX_MENU_ITEMS && (
                <Button variant="secondary" onClick={() => setMenu([...menu, [`Link ${menu.length + 1}`, 'https://']])}>
                  Add menu item
                </Button>
              )}
            </Block>
            <Block title="Ad banners" on={c.bannerConfig.enabled} onToggle={flip('bannerConfig')}>
              {c.bannerConfig.adBannersList.map((b, i) => (
                <div key={i} className="stack">
                  <ImageField
                    label={`Banner ${i + 1} image`}
                    value={b.bannerImageUrl}
                    onChange={(url) =>
                      block('bannerConfig', {
                        adBannersList: c.bannerConfig.adBannersList.map((x, j) =>
                          j === i ? { ...x, bannerImageUrl: url } : x,
                        ),
                      })
                    }
                  />
                  <div className="row">
                    <TextField
                      label={`Banner ${i + 1} link`}
                      value={b.bannerImageRedirectionLink}
                      error={
                        fe(`bannerConfig.adBannersList.${i}.bannerImageRedirectionLink`) ??
                        fe(`bannerConfig.adBannersList.${i}.bannerImageUrl`)
                      }
                      onChange={(e) =>
                        block('bannerConfig', {
                          adBannersList: c.bannerConfig.adBannersList.map((x, j) =>
                            j === i ? { ...x, bannerImageRedirectionLink: e.target.value } : x,
                          ),
                        })
                      }
                    />
                    <Button
                      variant="ghost"
                      onClick={() =>
                        block('bannerConfig', { adBannersList: c.bannerConfig.adBannersList.filter((_, j) => j !== i) })
                      }
                    >
                      Remove
                    </Button>
                  </div>
                </div>
              ))}
              {c.bannerConfig.adBannersList.length < MAX_AD_BANNERS && (
                <Button
                  variant="secondary"
                  onClick={() =>
                    block('bannerConfig', {
                      adBannersList: [
                        ...c.bannerConfig.adBannersList,
                        { bannerImageUrl: '', bannerImageRedirectionLink: '' },
                      ],
                    })
                  }
                >
                  Add banner
                </Button>
              )}
            </Block>
            <Block
              title="Recommended products"
              on={c.productRecommendationConfig.enabled}
              onToggle={flip('productRecommendationConfig')}
            >
              <p className="small-print">A product needs an image, a title and a price to show.</p>
              {c.productRecommendationConfig.recommendedProductsList.map((p, i) => {
                const set = (patch: Partial<typeof p>) =>
                  block('productRecommendationConfig', {
                    recommendedProductsList: c.productRecommendationConfig.recommendedProductsList.map((x, j) =>
                      j === i ? { ...x, ...patch } : x,
                    ),
                  });
                return (
                  <div key={i} className="stack">
                    <ImageField
                      label={`Product ${i + 1} image`}
                      value={p.productImageUrl}
                      onChange={(url) => set({ productImageUrl: url })}
                    />
                    <div className="grid-filters">
                      <TextField
                        label={`Product ${i + 1} title`}
                        value={p.productTitle}
                        error={fe(`productRecommendationConfig.recommendedProductsList.${i}.productTitle`)}
                        onChange={(e) => set({ productTitle: e.target.value, productImageName: e.target.value })}
                      />
                      <TextField
                        label={`Product ${i + 1} price`}
                        value={p.productPrice}
                        error={fe(`productRecommendationConfig.recommendedProductsList.${i}.productPrice`)}
                        onChange={(e) => set({ productPrice: e.target.value })}
                      />
                      <TextField
                        label={`Product ${i + 1} link`}
                        value={p.productImageRedirectionLink}
                        error={fe(
                          `productRecommendationConfig.recommendedProductsList.${i}.productImageRedirectionLink`,
                        )}
                        onChange={(e) => set({ productImageRedirectionLink: e.target.value })}
                      />
                    </div>
                    <Button
                      variant="ghost"
                      onClick={() =>
                        block('productRecommendationConfig', {
                          recommendedProductsList: c.productRecommendationConfig.recommendedProductsList.filter(
                            (_, j) => j !== i,
                          ),
                        })
                      }
                    >
                      Remove product {i + 1}
                    </Button>
                  </div>
                );
              })}
              {c.productRecommendationConfig.recommendedProductsList.length < MAX_RECOMMENDED_PRODUCTS && (
                <Button
                  variant="secondary"
                  onClick={() =>
                    block('productRecommendationConfig', {
                      recommendedProductsList: [
                        ...c.productRecommendationConfig.recommendedProductsList,
                        {
                          productImageUrl: '',
                          productImageName: '',
                          productTitle: '',
                          productPrice: '',
                          productImageRedirectionLink: '',
                        },
                      ],
                    })
                  }
                >
                  Add product
                </Button>
              )}
            </Block>
            <Block
              title="Promotional video"
              on={c.promotionalVideoConfig.enabled}
              onToggle={flip('promotionalVideoConfig')}
            >
              <TextField
                label="Video link (YouTube or Vimeo)"
                value={c.promotionalVideoConfig.videoUrl}
                error={fe('promotionalVideoConfig.videoUrl')}
                onChange={(e) => block('promotionalVideoConfig', { videoUrl: e.target.value })}
              />
              <TextField
                label="Video title"
                value={c.promotionalVideoConfig.videoTitle}
                error={fe('promotionalVideoConfig.videoTitle')}
                onChange={(e) => block('promotionalVideoConfig', { videoTitle: e.target.value })}
              />
            </Block>
            <Block title="Social images" on={c.socialContentConfig.enabled} onToggle={flip('socialContentConfig')}>
              {c.socialContentConfig.socialImageUrls.map((url, i) => (
                <ImageField
                  key={i}
                  label={`Social image ${i + 1}`}
                  value={url}
                  onChange={(next) =>
                    block('socialContentConfig', {
                      socialImageUrls: c.socialContentConfig.socialImageUrls.map((x, j) => (j === i ? next : x)),
                    })
                  }
                />
              ))}
              {c.socialContentConfig.socialImageUrls.length < 8 && (
                <Button
                  variant="secondary"
                  onClick={() =>
                    block('socialContentConfig', { socialImageUrls: [...c.socialContentConfig.socialImageUrls, ''] })
                  }
                >
                  Add image
                </Button>
              )}
            </Block>
            <Block title="Footer and social links" on={c.footerConfig.enabled} onToggle={flip('footerConfig')}>
              <TextField
                label="Footer banner text"
                value={c.footerConfig.footerBannerContent}
                error={fe('footerConfig.footerBannerContent')}
                onChange={(e) => block('footerConfig', { footerBannerContent: e.target.value })}
              />
              <TextField
                label="Footer banner link"
                value={c.footerConfig.footerBannerRedirectionLink}
                error={fe('footerConfig.footerBannerRedirectionLink')}
                onChange={(e) => block('footerConfig', { footerBannerRedirectionLink: e.target.value })}
              />
              {(['facebookUrl', 'twitterUrl', 'instagramUrl', 'youtubeUrl', 'pinterestUrl'] as const).map((k) => (
                <TextField
                  key={k}
                  label={k.replace('Url', '').replace(/^\w/, (x) => x.toUpperCase())}
                  value={c.footerConfig[k]}
                  error={fe(`footerConfig.${k}`)}
                  onChange={(e) => block('footerConfig', { [k]: e.target.value })}
                  hint="Blank: Dakiya's page"
                />
              ))}
            </Block>
            <Card className="stack" aria-label="Support contacts">
              <h2>Support contacts</h2>
              <TextField
                label="Support email"
                value={c.supportEmail}
                error={fe('supportEmail')}
                onChange={(e) => setC({ ...c, supportEmail: e.target.value })}
              />
              <TextField
                label="Support phone"
                value={c.supportPhone}
                error={fe('supportPhone')}
                onChange={(e) => setC({ ...c, supportPhone: e.target.value })}
              />
            </Card>
            {problem && <Alert>{problem}</Alert>}
            <Button
              busy={save.running}
              onClick={() => {
                const parsed = v.safeParse(BrandConfigBody, c);
                if (!parsed.success) {
                  const byField = issuesByPath(parsed.issues);
                  setFieldErrors(byField);
                  // images have no text box to show an error under: those are listed above Save
                  const unplaced = Object.entries(byField)
                    .filter(([path]) => !path || /ImageUrl|socialImageUrls/.test(path))
                    .map(([, text]) => text);
                  return setProblem(unplaced.length ? unplaced.join(' · ') : 'Please correct the fields marked above');
                }
                setFieldErrors({});
                setProblem(null);
                save.run();
              }}
            >
              Save tracking page
            </Button>
          </div>
          <BrandPreview
            config={c}
            companyName={account?.companyName ?? 'Your store'}
            logoUrl={account?.companyLogoUrl ?? null}
          />
        </div>
      )}
    </Loadable>
  );
}

const settingName = (event: BuyerMessageSetting): string =>
  (NOTIFIED_EVENTS as readonly string[]).includes(event)
    ? FORWARD_STATUSES[event as ForwardStatus]
    : OTHER_BUYER_MESSAGE_LABELS[event as OtherBuyerMessage];

/** The setting's channel switches, in the table's order. */
const CHANNEL_COLUMNS = [
  ['sms', 'SMS'],
  ['whatsapp', 'WhatsApp'],
  ['email', 'Email'],
] as const;

function BuyerMessages() {
  const loaded = useOperation(API_TRACKING_SETTINGS.notificationSettings, {}, { load: true });
  const counts = useOperation(API_MESSAGING.monthlyCounts, {}, { load: true });
  const [list, setList] = useState<BuyerNotificationSetting[]>([]);
  useEffect(() => {
    if (loaded.data) setList(loaded.data);
  }, [loaded.data]);
  const save = useOperation(API_TRACKING_SETTINGS.saveNotificationSettings, () => ({ body: list }), {
    onDone: () => notify({ kind: 'info', message: 'Buyer messages saved' }),
    onError: (message) => notify({ kind: 'error', message }),
  });
  const set = (event: string, patch: Partial<BuyerNotificationSetting>) =>
    setList((old) => old.map((s) => (s.event === event ? { ...s, ...patch } : s)));
  return (
    <Loadable loading={loaded.loading} error={loaded.error} onRetry={loaded.retry}>
      {() => (
        <Card className="stack">
          <p>
            Your buyers hear from you at these steps, each message once. With WhatsApp on, the message goes by WhatsApp
            first and by SMS if it cannot be delivered; templates are in the language you choose.
          </p>
          <table className="table">
            <caption className="visually-hidden">Buyer messages</caption>
            <thead>
              <tr>
                <th scope="col">Message</th>
                <th scope="col">SMS</th>
                <th scope="col">WhatsApp</th>
                <th scope="col">Email</th>
                <th scope="col">Language</th>
              </tr>
            </thead>
            <tbody>
              {BUYER_MESSAGE_SETTINGS.map((event) => {
                const s = list.find((x) => x.event === event) ?? {
                  event,
                  sms: false,
                  email: false,
                  whatsapp: false,
                  language: 'en' as const,
                };
                const name = settingName(event);
                return (
                  <tr key={event}>
                    <th scope="row">{name}</th>
                    {CHANNEL_COLUMNS.map(([field, label]) => (
                      <td key={field}>
                        <input
                          type="checkbox"
                          aria-label={`${label} when ${name}`}
                          checked={s[field]}
                          onChange={(e) => set(event, { [field]: e.target.checked })}
                        />
                      </td>
                    ))}
                    <td>
                      <select
                        aria-label={`Language when ${name}`}
                        value={s.language}
                        onChange={(e) => set(event, { language: e.target.value === 'hi' ? 'hi' : 'en' })}
                      >
                        {MESSAGE_LANGUAGES.map((l) => (
                          <option key={l} value={l}>
                            {MESSAGE_LANGUAGE_LABELS[l]}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Button busy={save.running} onClick={() => save.run()}>
            Save buyer messages
          </Button>
          <MonthlyCounts rows={counts.data ?? []} />
        </Card>
      )}
    </Loadable>
  );
}

/** Messages per month and channel: counted, not charged (docs/messaging.md). */
function MonthlyCounts({ rows }: { rows: MonthlyMessageCount[] }) {
  return (
    <section aria-labelledby="message-counts-heading" className="stack">
      <h3 id="message-counts-heading">Messages sent per month</h3>
      <p className="muted">Buyer messages are included in your plan: they are counted here, not charged.</p>
      <DataTable
        caption="Buyer messages per month"
        columns={[
          { header: 'Month', cell: (r) => monthName(r.month) },
          { header: 'Channel', cell: (r) => MESSAGE_CHANNEL_LABELS[r.channel] },
          { header: 'Sent', cell: (r) => r.sent.toLocaleString('en-IN') },
          { header: 'Delivered', cell: (r) => r.delivered.toLocaleString('en-IN') },
          { header: 'Not delivered', cell: (r) => r.failed.toLocaleString('en-IN') },
        ]}
        rows={rows}
        rowKey={(r) => `${r.month}-${r.channel}`}
        empty="No buyer messages yet."
      />
    </section>
  );
}

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** "2026-11" → "November 2026" */
const monthName = (month: string) => MONTH.format(new Date(`${month}-01T00:00:00Z`));

export function TrackingPageScreen() {
  return (
    <SetupPage
      title="Tracking page"
      intro="What your buyers see when they track a parcel: your brand, offers and products, and the messages they get on the way."
    >
      <Tabs.Root defaultValue="brand">
        <Tabs.List aria-label="Tracking page settings">
          <Tabs.Trigger value="brand">Brand</Tabs.Trigger>
          <Tabs.Trigger value="messages">Buyer messages</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="brand">
          <BrandEditor />
        </Tabs.Content>
        <Tabs.Content value="messages">
          <BuyerMessages />
        </Tabs.Content>
      </Tabs.Root>
    </SetupPage>
  );
}
